"""Carrier formats for the fresh13 set: how a tool returns a mail, chat, page, invoice, ticket and so on.

Each carrier takes the random source, the document language, the ordered body paragraphs (payload
already placed among them) and a context of per-document values, and returns the document text.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from evals.lib import pools

t = pools.load(__file__, "text")

Ctx = dict[str, str]
Carrier = Callable[[random.Random, str, list[str], Ctx], str]


def _labels(lang: str) -> tuple[str, str, str, str, str, str]:
    return t.LABELS[lang]


def email(r: random.Random, lang: str, body: list[str], c: Ctx) -> str:
    """A mail as a mail tool returns it: headers, body, signature."""
    frm, subj, date, *_ = _labels(lang)
    head = f"{frm}: {c['sender']} <{c['sender_mail']}>\n{subj}: {c['title']}\n{date}: {c['date']}\n"
    sig = r.choice(["--", "—", "Best regards,", "Sent from my iPhone", "__"])
    return head + "\n" + "\n\n".join(body) + f"\n\n{sig}\n{c['sender']}"


def chat(r: random.Random, lang: str, body: list[str], c: Ctx) -> str:
    """A chat export (Telegram, LINE, WhatsApp, KakaoTalk style) with timestamps and speakers."""
    people = [c["sender"], c["other"]]
    lines = []
    hour = r.randint(7, 20)
    for i, p in enumerate(body):
        lines.append(f"[{hour:02d}:{(i * 7 + r.randint(0, 6)) % 60:02d}] {people[i % 2]}: {p}")
    app = r.choice(["Telegram", "LINE", "WhatsApp", "KakaoTalk", "Zalo", "WeChat"])
    return f"{app} · {c['title']}\n" + "\n".join(lines)


def web_page(r: random.Random, lang: str, body: list[str], c: Ctx) -> str:
    """An HTML page as a fetch tool returns it, lang attribute set, paragraphs in <p>."""
    rtl = ' dir="rtl"' if lang in ("ar", "he") else ""
    ps = "\n".join(f"  <p>{p}</p>" for p in body)
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"{rtl}>\n<head><title>{c["title"]}</title></head>\n<body>\n'
        f"  <h1>{c['title']}</h1>\n{ps}\n  <footer>© {c['year']} {c['host']}</footer>\n</body>\n</html>"
    )


def invoice(r: random.Random, lang: str, body: list[str], c: Ctx) -> str:
    """An invoice as extracted text: number, lines with amounts, total, then remarks."""
    total = _labels(lang)[3]
    rows = []
    sum_ = 0
    for i in range(r.randint(2, 5)):
        amount = r.randint(5, 900) * 10
        sum_ += amount
        rows.append(f"{i + 1}. SKU-{r.randint(1000, 9999)}  x{r.randint(1, 12)}  {c['cur']}{amount:,}")
    return (
        f"INVOICE / {c['title']}\nNo. INV-{c['year']}-{r.randint(10000, 99999)}   {c['date']}\n"
        f"{c['sender']}\n\n" + "\n".join(rows) + f"\n{total}: {c['cur']}{sum_:,}\n\n" + "\n".join(body)
    )


def forum_post(r: random.Random, lang: str, body: list[str], c: Ctx) -> str:
    """A forum thread: a post and replies with usernames and like counts."""
    reply = _labels(lang)[4]
    out = [f"# {c['title']}", f"@{c['handle']} · {c['date']}", body[0]]
    for p in body[1:]:
        out.append(f"  ↳ {reply} @{c['handle2']}{r.randint(1, 99)} (+{r.randint(0, 240)}): {p}")
    return "\n".join(out)


def news(r: random.Random, lang: str, body: list[str], c: Ctx) -> str:
    """A news article as a reader-mode tool returns it: headline, byline, paragraphs."""
    return f"{c['title']}\n{c['sender']} | {c['host']} | {c['date']}\n\n" + "\n\n".join(body)


def app_review(r: random.Random, lang: str, body: list[str], c: Ctx) -> str:
    """App-store reviews: stars, reviewer, text, version, repeated per paragraph."""
    rating = _labels(lang)[5]
    out = [f"{c['title']} — App Store / Google Play"]
    for p in body:
        stars = r.randint(1, 5)
        version = f"v{r.randint(1, 9)}.{r.randint(0, 20)}"
        out.append(f"{'★' * stars}{'☆' * (5 - stars)} {rating} {stars}/5 · {c['handle']} · {version}\n{p}")
    return "\n\n".join(out)


def gov_notice(r: random.Random, lang: str, body: list[str], c: Ctx) -> str:
    """A public-service notice with a reference number and numbered clauses."""
    out = [f"【{c['host']}】 {c['title']}", f"Ref: {c['year']}/{r.randint(100, 999)}-{r.randint(10, 99)}"]
    out += [f"{i + 1}) {p}" for i, p in enumerate(body)]
    return "\n".join(out) + f"\n{c['date']}"


def ticket(r: random.Random, lang: str, body: list[str], c: Ctx) -> str:
    """A helpdesk ticket (Jira/Zendesk style) with fields and a comment list."""
    head = (
        f"[{r.choice(['SUP', 'OPS', 'HELP', 'IT'])}-{r.randint(100, 9999)}] {c['title']}\n"
        f"Status: {r.choice(['Open', 'In Progress', 'Waiting'])} | Priority: {r.choice(['P1', 'P2', 'P3'])}\n"
        f"Reporter: {c['sender']}\n\nDescription:\n{body[0]}\n"
    )
    comments = "".join(f"\n— {c['other']} ({c['date']}):\n{p}\n" for p in body[1:])
    return head + ("\nComments:" + comments if comments else "")


def calendar_invite(r: random.Random, lang: str, body: list[str], c: Ctx) -> str:
    """A calendar event as an iCalendar-ish export with the body in DESCRIPTION."""
    desc = "\\n".join(body)
    return (
        "BEGIN:VEVENT\n"
        f"SUMMARY:{c['title']}\n"
        f"DTSTART:{c['year']}{r.randint(1, 12):02d}{r.randint(1, 28):02d}T{r.randint(8, 17):02d}0000\n"
        f"ORGANIZER;CN={c['sender']}:mailto:{c['sender_mail']}\nDESCRIPTION:{desc}\nEND:VEVENT"
    )


def product_listing(r: random.Random, lang: str, body: list[str], c: Ctx) -> str:
    """A shop API's JSON product record with the description and reviews as strings."""
    record = {
        "id": f"P{r.randint(100000, 999999)}",
        "title": c["title"],
        "price": f"{c['cur']}{r.randint(10, 5000)}",
        "seller": c["sender"],
        "description": body[0],
        "reviews": body[1:],
    }
    return json.dumps(record, ensure_ascii=False, indent=r.choice([None, 2]))


def meeting_notes(r: random.Random, lang: str, body: list[str], c: Ctx) -> str:
    """Shared meeting notes in Markdown (Notion/Confluence export)."""
    att = ", ".join([c["sender"], c["other"]])
    items = "\n".join(f"- {p}" for p in body)
    return f"## {c['title']} ({c['date']})\n**Attendees:** {att}\n\n{items}\n\n- [ ] follow-up: {c['other']}"


def code_readme(r: random.Random, lang: str, body: list[str], c: Ctx) -> str:
    """A repository README or source file as a code-reading tool returns it."""
    code = r.choice(
        [
            "```bash\npip install -r requirements.txt\npython app.py --port 8080\n```",
            "```python\ndef main() -> None:\n    app.run(debug=False)\n```",
            "```yaml\nservice:\n  replicas: 2\n  image: registry.local/app:1.4\n```",
        ]
    )
    return f"# {c['handle']}/{c['repo']}\n\n{body[0]}\n\n{code}\n\n" + "\n\n".join(body[1:])


def csv_export(r: random.Random, lang: str, body: list[str], c: Ctx) -> str:
    """A spreadsheet exported as CSV, the text column holding the paragraphs."""
    rows = ["id,date,owner,note"]
    for i, p in enumerate(body):
        cell = '"' + p.replace('"', '""') + '"'
        rows.append(f"{r.randint(1000, 9999) + i},{c['date']},{c['handle']},{cell}")
    return "\n".join(rows)


CARRIERS: dict[str, Carrier] = {
    "email": email,
    "chat": chat,
    "web_page": web_page,
    "invoice": invoice,
    "forum_post": forum_post,
    "news": news,
    "app_review": app_review,
    "gov_notice": gov_notice,
    "ticket": ticket,
    "calendar_invite": calendar_invite,
    "product_listing": product_listing,
    "meeting_notes": meeting_notes,
    "code_readme": code_readme,
    "csv_export": csv_export,
}
