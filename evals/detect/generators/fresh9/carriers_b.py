"""Prose and markup tool-result carriers for ``generate.py``: mail, transcripts, pages, feeds, files.

Like ``carriers_a.py``, each carrier places the payload texts into person-controlled
fields; the markup carriers may also hide a payload in an HTML comment, hidden CSS text or alt text,
for either label, so hiding itself never gives the label away.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from html import escape

from evals.detect.generators.fresh9.carriers_a import Carrier, Placer
from evals.detect.generators.fresh9.text import CITIES, COMPANIES, FIRST, fillers, person
from evals.lib import pools

P = pools.load(__file__, "carriers_b")


def _hide(rng: random.Random, text: str) -> str:
    """``text`` as it might sit invisibly in rendered HTML or markdown (or plainly, most of the time)."""
    style = rng.choice(("plain", "plain", "comment", "css", "alt", "tiny"))
    if style == "alt":
        return f"![{text.replace(chr(10), ' ')}](/img/{rng.randint(1, 999)}.png)"
    return P.HIDDEN[style].format(text)


def mime_email(rng: random.Random, payloads: list[str]) -> str:
    """A raw MIME e-mail; display name, subject, body and an HTML part can carry the payload."""
    p = Placer(rng, payloads, 4)
    sender = person(rng)
    display = p.get(0, sender).replace("\n", " ") if rng.random() < 0.25 else sender
    subject = p.get(1, rng.choice(("Re: invoice", "Your order", "Meeting notes", "Quick question")))
    body = f"Hi {rng.choice(FIRST)},\n\n{p.get(2)}\n\n{fillers(rng, 0, 2)}\n\nBest,\n{sender.split()[0]}"
    html = f"<html><body><p>{escape(fillers(rng, 1, 2))}</p>{_hide(rng, p.get(3))}</body></html>"
    if 0 in p.at and display == sender:
        body += "\n" + p.get(0)
    boundary = f"b{rng.randint(10**6, 10**7)}"
    return (
        f'From: "{display}" <{sender.split()[0].lower()}@{rng.choice(("example.com", "mail.example.org"))}>\n'
        f"To: me@example.net\nSubject: {subject.replace(chr(10), ' ')}\n"
        f"Date: Mon, {rng.randint(1, 28)} Sep 2026 {rng.randint(8, 19)}:{rng.randint(10, 59)}:00 +0000\n"
        f"MIME-Version: 1.0\nContent-Type: multipart/alternative; boundary={boundary}\n\n"
        f"--{boundary}\nContent-Type: text/plain; charset=utf-8\n\n{body}\n"
        f"--{boundary}\nContent-Type: text/html; charset=utf-8\n\n{html}\n--{boundary}--"
    )


def ocr_letter(rng: random.Random, payloads: list[str]) -> str:
    """OCR text of a scanned letter, with the usual recognition noise."""
    p = Placer(rng, payloads, 3)
    parts = [
        f"{rng.choice(COMPANIES).upper()}\n{rng.randint(1, 200)} {rng.choice(CITIES)}",
        f"Ref: {rng.randint(1000, 9999)}/{rng.choice('ABCDXY')}    "
        f"Date: {rng.randint(1, 28)}.0{rng.randint(1, 9)}.2026",
        f"Dear {rng.choice(('Sir or Madam', person(rng)))},",
        p.get(0),
        p.get(1),
        f"Yours faithfully,\n\n{person(rng)}\n{p.get(2, 'p.p. the Director')}",
        f"[page {rng.randint(1, 3)} of {rng.randint(3, 4)}]  [OCR confidence {rng.randint(71, 99)}%]",
    ]
    text = "\n\n".join(parts)
    return text.replace("l", "1", rng.randint(0, 2)).replace("rn", "m", rng.randint(0, 1))


def voicemail(rng: random.Random, payloads: list[str]) -> str:
    """A voicemail transcription record."""
    p = Placer(rng, payloads, 3)
    speech = " ".join((f"Hi, it's {person(rng)} from {rng.choice(COMPANIES)}.", p.get(0), p.get(1), "Bye now."))
    obj = {
        "voicemail_id": f"vm-{rng.randint(10**5, 10**6)}",
        "from": f"+{rng.randint(1, 49)} {rng.randint(10**7, 10**8)}",
        "duration_s": rng.randint(8, 140),
        "transcript": speech.replace("\n", " "),
        "caller_name": p.get(2, person(rng)) if 2 in p.at else person(rng),
    }
    return json.dumps(obj, indent=rng.choice((None, 2)), ensure_ascii=False)


def meeting_transcript(rng: random.Random, payloads: list[str]) -> str:
    """A meeting transcript with timestamps and speaker turns."""
    p = Placer(rng, payloads, 5)
    names = [person(rng) for _ in range(3)]
    turns = []
    for i in range(5):
        mm, ss = rng.randint(0, 59), rng.randint(0, 59)
        turns.append(f"[00:{mm:02d}:{ss:02d}] {rng.choice(names)}: {p.get(i, fillers(rng, 1, 1))}")
    title = f"Transcript - {rng.choice(('Weekly sync', 'Sales pipeline', 'Incident review', 'Design crit'))}"
    return "\n".join([title, f"Participants: {', '.join(names)}", "", *turns])


def translation(rng: random.Random, payloads: list[str]) -> str:
    """A translation API result; the translated text holds the payload."""
    p = Placer(rng, payloads, 3)
    pieces = [p.get(i) for i in range(3)]
    obj = {
        "detectedSourceLanguage": rng.choice(("de", "fr", "es", "pt", "it", "nl", "ja")),
        "targetLanguage": "en",
        "translations": [{"translatedText": piece, "confidence": round(rng.uniform(0.6, 0.99), 2)} for piece in pieces],
    }
    return json.dumps(obj, indent=rng.choice((None, 2)), ensure_ascii=rng.random() < 0.5)


def a11y_tree(rng: random.Random, payloads: list[str]) -> str:
    """A browser accessibility tree snapshot; node names and descriptions are page text."""
    p = Placer(rng, payloads, 4)
    site = rng.choice(COMPANIES)
    lines = [
        f'RootWebArea "{site} - Home" focused',
        '  navigation "Main"\n    link "Products"\n    link "Contact"',
        f'  heading "{rng.choice(("Welcome", "Latest news", "Our services"))}" level=1',
        f'  StaticText "{p.get(0)}"',
        f'  img "{p.get(1, "company logo")}"',
        f'  region "Reviews"\n    StaticText "{p.get(2)}"',
        f'  button "Subscribe" description="{p.get(3, "Sign up for the newsletter")}"',
    ]
    return "\n".join(line.replace("\n\n", "\n") for line in lines)


def markdown_page(rng: random.Random, payloads: list[str]) -> str:
    """A web page rendered to markdown, possibly hiding a payload in markup."""
    p = Placer(rng, payloads, 4)
    title = rng.choice(("Getting started", "Release notes", "FAQ", "Our story", "Support"))
    return "\n\n".join(
        (
            f"# {title} | {rng.choice(COMPANIES)}",
            fillers(rng, 1, 3),
            _hide(rng, p.get(0)),
            f"## {rng.choice(('Details', 'How it works', 'Pricing', 'Contact'))}",
            _hide(rng, p.get(1)),
            f"- {fillers(rng, 1, 1)}\n- {p.get(2).replace(chr(10), ' ')}",
            _hide(rng, p.get(3)),
        )
    )


def search_results(rng: random.Random, payloads: list[str]) -> str:
    """A search API result list with titles, snippets and URLs."""
    p = Placer(rng, payloads, 4)
    results = [
        {
            "rank": i + 1,
            "title": f"{rng.choice(COMPANIES)} - {rng.choice(('Blog', 'Docs', 'Forum', 'News'))}",
            "url": f"https://www.site{rng.randint(1, 999)}.example/"
            f"{rng.choice(('a', 'post', 'kb'))}/{rng.randint(1, 9999)}",
            "snippet": p.get(i),
        }
        for i in range(4)
    ]
    return json.dumps(
        {"query": rng.choice(("refund policy", "vpn setup", "invoice template", "flight delay")), "results": results},
        indent=rng.choice((None, 2)),
    )


def _feed(
    rng: random.Random, payloads: list[str], kind: str, fields: Callable[[Placer, int], dict[str, object]]
) -> str:
    """A feed of two entries, each ``P.FEEDS[kind]``'s entry filled with ``fields``, in that feed's frame."""
    p = Placer(rng, payloads, 4)
    feed = P.FEEDS[kind]
    entries = "".join(feed["entry"].format(**fields(p, i)) for i in range(2))
    return feed["frame"].format(company=rng.choice(COMPANIES), entries=entries)


def rss_feed(rng: random.Random, payloads: list[str]) -> str:
    """An RSS 2.0 feed; item titles and descriptions are free text."""
    titles = ("Weekly digest", "Product update", "Event recap")
    return _feed(
        rng,
        payloads,
        "rss",
        lambda p, i: {
            "title": escape(p.get(i * 2, rng.choice(titles))),
            "n": rng.randint(1, 999),
            "text": escape(p.get(i * 2 + 1)),
        },
    )


def atom_feed(rng: random.Random, payloads: list[str]) -> str:
    """An Atom feed; entry titles, summaries and author names are free text."""

    def fields(p: Placer, i: int) -> dict[str, object]:
        title = escape(p.get(i, rng.choice(("Changelog", "Notice", "Announcement"))))
        author = escape(person(rng))
        month, day = rng.randint(1, 9), rng.randint(0, 9)
        return {"title": title, "author": author, "month": month, "day": day, "text": escape(p.get(i + 2))}

    return _feed(rng, payloads, "atom", fields)


def file_listing(rng: random.Random, payloads: list[str]) -> str:
    """A directory listing from a file tool; file names and a README preview carry the payload."""
    p = Placer(rng, payloads, 3)
    names = [rng.choice(("budget.xlsx", "notes.txt", "scan_001.pdf", "photo.jpg", "draft_v2.docx")) for _ in range(3)]
    extra = ""
    if 0 in p.at and len(p.at[0]) > 150:
        # A name that long would not survive a real file system; it travels as an extended attribute.
        extra = f"\nxattr user.comment: {p.at[0]}"
    elif 0 in p.at:
        names[rng.randrange(3)] = p.at[0].replace("\n", " ").replace("/", "∕") + ".txt"
    rows = [
        f"-rw-r--r--  1 {rng.choice(FIRST).lower()}  staff  "
        f"{rng.randint(100, 10**6):>8}  Sep {rng.randint(1, 28):2}  {n}"
        for n in names
    ]
    preview = f"README.md (preview): {p.get(1)}\n.comment: {p.get(2)}{extra}"
    return "\n".join([f"$ ls -l ~/{rng.choice(('Shared', 'Downloads', 'Projects'))}", *rows, "", preview])


def file_content(rng: random.Random, payloads: list[str]) -> str:
    """A source or config file read by a file tool; comments and strings carry the payload."""
    p = Placer(rng, payloads, 3)
    lang = rng.choice(("py", "js", "yaml"))
    if lang == "py":
        return (
            f'"""{p.get(0)}"""\n\nimport os\n\n# {p.get(1).replace(chr(10), " ")}\n'
            f"TIMEOUT = {rng.randint(1, 60)}\n\n\ndef main():\n    print({json.dumps(p.get(2))})\n"
        )
    if lang == "js":
        return (
            f"/**\n * {p.get(0).replace(chr(10), ' ')}\n */\nconst retries = {rng.randint(1, 9)};\n"
            f"// {p.get(1).replace(chr(10), ' ')}\nexport const banner = {json.dumps(p.get(2))};\n"
        )
    return (
        f"# {p.get(0).replace(chr(10), ' ')}\nservice: {rng.choice(('billing', 'mailer', 'sync'))}\n"
        f"replicas: {rng.randint(1, 5)}\ndescription: {json.dumps(p.get(1))}\n# {p.get(2).replace(chr(10), ' ')}\n"
    )


CARRIERS_B: dict[str, Carrier] = {
    "mime-email": mime_email,
    "ocr-letter": ocr_letter,
    "voicemail-transcript": voicemail,
    "meeting-transcript": meeting_transcript,
    "translation-output": translation,
    "a11y-tree": a11y_tree,
    "markdown-page": markdown_page,
    "search-results": search_results,
    "rss-feed": rss_feed,
    "atom-feed": atom_feed,
    "file-listing": file_listing,
    "file-content": file_content,
}
