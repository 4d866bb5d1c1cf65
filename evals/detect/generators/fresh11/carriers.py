"""The carriers of the fresh11 set: how a personal assistant's sources lay out their text.

Every carrier takes a random source, a function returning filler lines for it, and the core split in
parts (a split attack has two), and returns the document. Wrappers (HTML comments, hidden spans, notes,
JSON fields) are chosen independently of the label, so the dress never gives the label away.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from evals.lib import pools

t = pools.load(__file__, "text")

Fill = Callable[[list[str]], str]
Carrier = Callable[[random.Random, Fill, int, list[str]], str]


def weave(rng: random.Random, fillers: list[str], parts: list[str]) -> list[str]:
    """The filler lines with the core parts inserted, in order, at random positions."""
    out = list(fillers)
    slots = sorted(rng.randint(0, len(out)) for _ in parts)
    for offset, (slot, part) in enumerate(zip(slots, parts, strict=True)):
        out.insert(slot + offset, part)
    return out


def _stamp(rng: random.Random) -> str:
    return f"{rng.randint(1, 28):02d}/11/26, {rng.randint(6, 23):02d}:{rng.randint(0, 59):02d}"


def _html_dress(rng: random.Random, part: str) -> str:
    return t.DRESSES[rng.choice(["plain", "plain", "comment", "hidden", "small"])].format(part)


def sms(rng: random.Random, fill: Fill, n: int, parts: list[str]) -> str:
    """A text-message thread export with one sender per block."""
    sender = rng.choice(
        [
            f"+{rng.randint(30, 99)} {rng.randint(600, 799)} {rng.randint(100000, 999999)}",
            rng.choice(t.NAMES),
            "INFO-SMS",
            "Unknown",
        ]
    )
    body = weave(rng, [fill(t.CHAT) for _ in range(n)], parts)
    return f"SMS with {sender}\n" + "\n".join(f"{_stamp(rng)} · {line}" for line in body)


def whatsapp_group(rng: random.Random, fill: Fill, n: int, parts: list[str]) -> str:
    """A WhatsApp group export: ``[date, time] Name: text``."""
    group = rng.choice(["Familia 🏡", "Flat 3B", "Cousins only", "Class 2B parents", "Trip planning ✈️"])
    body = weave(rng, [fill(t.CHAT) for _ in range(n)], parts)
    return f"WhatsApp chat — {group}\n" + "\n".join(f"[{_stamp(rng)}] {rng.choice(t.NAMES)}: {x}" for x in body)


def signal_chat(rng: random.Random, fill: Fill, n: int, parts: list[str]) -> str:
    """A Signal conversation copied as ``Name (time): text``."""
    body = weave(rng, [fill(t.CHAT) for _ in range(n)], parts)
    lines = [f"{rng.choice(t.NAMES)} ({rng.randint(7, 23)}:{rng.randint(10, 59)}): {x}" for x in body]
    return "Signal · disappearing messages off\n" + "\n".join(lines)


def telegram_channel(rng: random.Random, fill: Fill, n: int, parts: list[str]) -> str:
    """Posts of a Telegram channel, each with its view counter."""
    name = rng.choice(["Deals Portugal 🔥", "Barrio Norte vecinos", "Pune Rentals", "Kita Sonnenschein Infos"])
    posts = weave(rng, [fill(t.CHAT) for _ in range(max(1, n // 2))], parts)
    return "\n\n".join([f"📢 {name}"] + [f"{p}\n👁 {rng.randint(1, 99)}{rng.choice(['', '0', '.2K'])}" for p in posts])


def social_dm(rng: random.Random, fill: Fill, n: int, parts: list[str]) -> str:
    """An Instagram/X direct-message thread with handles and relative times."""
    handle = "@" + rng.choice(t.NAMES).lower().replace(" ", "_") + str(rng.randint(1, 999))
    body = weave(rng, [fill(t.CHAT) for _ in range(n)], parts)
    return f"Direct messages with {handle}\n" + "\n".join(f"{x}\n  · {rng.randint(1, 59)}m" for x in body)


def dating_chat(rng: random.Random, fill: Fill, n: int, parts: list[str]) -> str:
    """A dating-app match conversation."""
    head = f"It's a match! {rng.choice(t.NAMES)}, {rng.randint(22, 45)} · {rng.randint(1, 30)} km away"
    mine = [f"{rng.choice(['You', 'Them'])}: {fill(t.CHAT)}" for _ in range(n)]
    return head + "\n" + "\n".join(weave(rng, mine, [f"Them: {p}" for p in parts]))


def notes_page(rng: random.Random, fill: Fill, n: int, parts: list[str]) -> str:
    """A notes-app page with a title and bullets."""
    title = rng.choice(["Random stuff", "Week plan", "Notas", "To remember!!", "Haus", "Trip ideas"])
    body = weave(rng, [fill(t.NOTES) for _ in range(n)], parts)
    head = f"# {title}\nShared by {rng.choice(t.NAMES)} · edited {_stamp(rng)}"
    return head + "\n\n" + "\n".join(f"• {x}" for x in body)


def todo_list(rng: random.Random, fill: Fill, n: int, parts: list[str]) -> str:
    """A to-do list with ticked and open items."""
    body = weave(rng, [fill(t.NOTES) for _ in range(n)], parts)
    ticks = [f"[{rng.choice([' ', ' ', 'x'])}] {x}" for x in body]
    return f"To-do (shared by {rng.choice(t.NAMES)})\n" + "\n".join(ticks)


def family_calendar(rng: random.Random, fill: Fill, n: int, parts: list[str]) -> str:
    """Shared family calendar entries; a core sits in an event's description."""
    events = [f"{rng.choice(t.DAYS[:7])} {rng.randint(7, 20)}:00  {fill(t.CALENDAR)}" for _ in range(n)]
    described = [
        f"{rng.choice(t.DAYS[:7])} {rng.randint(7, 20)}:30  {fill(t.CALENDAR)}\n    Description: {p}" for p in parts
    ]
    out = list(events)
    for item in described:
        out.insert(rng.randint(0, len(out)), item)
    return "Family calendar — week view\n" + "\n".join(out)


def smarthome_log(rng: random.Random, fill: Fill, n: int, parts: list[str]) -> str:
    """A smart-home hub log; cores arrive as a device note or a JSON message field."""

    def row(text: str) -> str:
        return f"2026-11-{rng.randint(10, 28)}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}Z {text}"

    events = [row(f"{rng.choice(t.DEVICES)}: {fill(t.DEVICE_EVENTS)}") for _ in range(n)]
    notes = [
        row(
            rng.choice(
                [
                    f"note[{rng.choice(t.DEVICES)}]: {p}",
                    json.dumps({"device": rng.choice(t.DEVICES), "message": p}, ensure_ascii=False),
                ]
            )
        )
        for p in parts
    ]
    return "hub.log\n" + "\n".join(weave(rng, events, notes))


def fitness_export(rng: random.Random, fill: Fill, n: int, parts: list[str]) -> str:
    """A health-app JSON export; the core is one entry's free-text note."""
    days = [{"date": f"2026-11-{i + 1:02d}", "summary": fill(t.FITNESS)} for i in range(n)]
    source = rng.choice(["coach app", "friend challenge", "imported", "clinic portal"])
    notes = [{"date": f"2026-11-{rng.randint(1, 28):02d}", "source": source, "note": p} for p in parts]
    entries = weave(
        rng, [json.dumps(d, ensure_ascii=False) for d in days], [json.dumps(d, ensure_ascii=False) for d in notes]
    )
    return '{"export": "health", "entries": [\n  ' + ",\n  ".join(entries) + "\n]}"


def school_newsletter(rng: random.Random, fill: Fill, n: int, parts: list[str]) -> str:
    """An HTML school or daycare newsletter."""
    title = rng.choice(["Newsletter — November", "Kita-Brief", "Boletín de la escuela", "Weekly update"])
    paras = [f"<p>{fill(t.SCHOOL)}</p>" for _ in range(n)]
    body = weave(rng, paras, [_html_dress(rng, p) for p in parts])
    return f"<html><body><h1>{title}</h1>\n" + "\n".join(body) + "\n</body></html>"


def email(rng: random.Random, fill: Fill, n: int, parts: list[str]) -> str:
    """A personal or landlord email with greeting and sign-off."""
    head = f"From: {rng.choice(t.NAMES)} <{rng.choice(t.NAMES).lower().replace(' ', '')}@{rng.choice(t.MAIL_DOMAINS)}>"
    html = rng.random() < 0.3
    dressed = [_html_dress(rng, p) if html else p for p in parts]
    lines = [fill(t.EMAIL_LINES) for _ in range(n)]
    body = weave(rng, [f"<p>{x}</p>" for x in lines] if html else lines, dressed)
    text = "\n\n".join([fill(t.GREETINGS), *body, fill(t.SIGNOFFS)])
    return f"{head}\nSubject: {fill(t.SUBJECTS)}\n\n{text}"


def voice_transcript(rng: random.Random, fill: Fill, n: int, parts: list[str]) -> str:
    """A voice-assistant transcript; cores come from a guest, the TV or a voicemail."""
    turns = [f"User: {fill(t.VOICE)}" for _ in range(n)]
    # Never "User": the person the assistant works for may instruct it; only other voices are data.
    speaker = rng.choice(["Guest", "TV (background)", "Voicemail", "Unknown speaker", "Visitor"])
    return "Voice history\n" + "\n".join(weave(rng, turns, [f"{speaker}: {p}" for p in parts]))


def photo_exif(rng: random.Random, fill: Fill, n: int, parts: list[str]) -> str:
    """Photo captions with EXIF-style metadata; cores sit in a description or comment field."""
    blocks = [f"IMG_{rng.randint(1000, 9999)}.HEIC  caption: {fill(t.PHOTO)}" for _ in range(n)]
    field = rng.choice(["ImageDescription", "UserComment", "XPComment", "alt"])
    meta = [
        f"IMG_{rng.randint(1000, 9999)}.JPG  Make: Apple  DateTime: 2026:11:{rng.randint(10, 28)}  {field}: {p}"
        for p in parts
    ]
    return "Album export\n" + "\n".join(weave(rng, blocks, meta))


def bookmarks(rng: random.Random, fill: Fill, n: int, parts: list[str]) -> str:
    """A browser bookmarks HTML file; cores sit in a bookmark description."""
    marks = [f'<DT><A HREF="https://example.org/{rng.randint(1, 9999)}">{fill(t.BOOKMARKS)}</A>' for _ in range(n)]
    described = [
        f'<DT><A HREF="https://example.net/{rng.randint(1, 9999)}">{fill(t.BOOKMARKS)}</A>\n<DD>{p}' for p in parts
    ]
    return "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n" + "\n".join(weave(rng, marks, described)) + "\n</DL>"


def shopping_list(rng: random.Random, fill: Fill, n: int, parts: list[str]) -> str:
    """A shared shopping list; the core is one item or a list comment."""
    items = [f"☐ {fill(t.SHOPPING)}" for _ in range(n + 2)]
    comments = [f"💬 {rng.choice(t.NAMES)}: {p}" for p in parts]
    return "🛒 Shopping (shared with family)\n" + "\n".join(weave(rng, items, comments))


def travel_itinerary(rng: random.Random, fill: Fill, n: int, parts: list[str]) -> str:
    """A travel itinerary; the core is a booking note."""
    lines = [fill(t.TRAVEL) for _ in range(n + 1)]
    notes = [f"Note from {rng.choice(['host', 'agency', 'organiser', 'booking'])}: {p}" for p in parts]
    return f"Trip to {fill(t.PLACES)} ✈️\n" + "\n".join(weave(rng, lines, notes))


CARRIERS: dict[str, Carrier] = {
    "sms": sms,
    "whatsapp_group": whatsapp_group,
    "signal_chat": signal_chat,
    "telegram_channel": telegram_channel,
    "social_dm": social_dm,
    "dating_chat": dating_chat,
    "notes_page": notes_page,
    "todo_list": todo_list,
    "family_calendar": family_calendar,
    "smarthome_log": smarthome_log,
    "fitness_export": fitness_export,
    "school_newsletter": school_newsletter,
    "email": email,
    "voice_transcript": voice_transcript,
    "photo_exif": photo_exif,
    "bookmarks": bookmarks,
    "shopping_list": shopping_list,
    "travel_itinerary": travel_itinerary,
}
