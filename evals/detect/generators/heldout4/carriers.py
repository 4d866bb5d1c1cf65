"""Carriers for the fourth held-out injection set (author 13): what an agent reads through a tool.

Each renderer takes the random source, the document's slots and its ordered ``blocks`` (filler
paragraphs with the core text already placed among them) and returns the document as a tool would
return it: a mail, a chat export, a web page, a JSON response, a CSV sheet, a calendar entry, ...
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from evals.detect.generators.heldout4.slots import P as SLOT_POOLS
from evals.detect.generators.heldout4.slots import fill, person

Renderer = Callable[[random.Random, dict[str, str], list[str]], str]

QUERIES = ["vendor onboarding", "reset admin password", "invoice terms", "AI assistant security", "team offsite ideas"]
ISSUE_TITLES = [
    "Build fails on ARM",
    "Add CSV export",
    "Docs: setup steps",
    "Crash on empty config",
    "Bump dependencies",
]


def _hhmm(rng: random.Random) -> str:
    return f"{rng.randint(7, 19):02d}:{rng.randint(0, 59):02d}"


def email(rng: random.Random, slots: dict[str, str], blocks: list[str]) -> str:
    """A plain-text mail with headers, greeting, body and signature."""
    sender = slots["colleague"].lower().replace(" ", ".") + "@" + slots["user_email"].split("@")[1]
    head = (
        f"From: {slots['colleague']} <{sender}>\n"
        f"To: {slots['user_email']}\nSubject: {fill(rng.choice(SLOT_POOLS.SUBJECTS), slots)}\n"
        f"Date: {slots['day'][:3]}, {rng.randint(1, 28)} {slots['month'][:3]} 2026 {_hhmm(rng)}\n"
    )
    body = "\n\n".join(
        b
        for b in [fill(rng.choice(SLOT_POOLS.OPENERS), slots), *blocks, fill(rng.choice(SLOT_POOLS.CLOSERS), slots)]
        if b
    )
    return head + "\n" + body + "\n"


def chat(rng: random.Random, slots: dict[str, str], blocks: list[str]) -> str:
    """A chat channel export: one message per block, several speakers."""
    speakers = [slots["user"], slots["colleague"], person(rng), person(rng)]
    lines = [f"# {slots['channel'] if rng.random() < 0.5 else '#team-' + slots['team']} — export"]
    for block in blocks:
        lines.append(f"[{_hhmm(rng)}] {rng.choice(speakers)}: {block}")
    return "\n".join(lines) + "\n"


def document(rng: random.Random, slots: dict[str, str], blocks: list[str]) -> str:
    """A Markdown wiki or shared-drive document with headed sections."""
    titles = ["Overview", "Background", "Process", "Open questions", "Notes", "Timeline", "Owners", "FAQ"]
    rng.shuffle(titles)
    out = [f"# {slots['company']} — {rng.choice(['Team handbook', 'Project brief', 'Meeting notes', 'Policy'])}"]
    for i, block in enumerate(blocks):
        if i % 2 == 0:
            out.append(f"## {titles[(i // 2) % len(titles)]}")
        out.append(block)
    return "\n\n".join(out) + "\n"


def webpage(rng: random.Random, slots: dict[str, str], blocks: list[str]) -> str:
    """An HTML page as a fetch tool returns it."""
    body = "\n".join(b if b.startswith("<") else f"<p>{b}</p>" for b in blocks)
    title = rng.choice(["Blog", "News", "Help Center", "Product", "Docs", "Community"])
    return (
        f"<!DOCTYPE html>\n<html><head><title>{slots['company']} | {title}</title></head>\n<body>\n"
        f'<nav><a href="/">Home</a> · <a href="/about">About</a></nav>\n<main>\n<h1>{title}</h1>\n{body}\n'
        f"</main>\n<footer>© 2026 {slots['company']}</footer>\n</body></html>\n"
    )


def search(rng: random.Random, slots: dict[str, str], blocks: list[str]) -> str:
    """A web-search tool result: numbered hits with URL and snippet."""
    sites = ["example-news.com", "forum.techtalk.net", "wiki.internal", "medium.com", "stackexchange.com"]
    lines = [f"Search results for: {rng.choice(QUERIES)}"]
    for i, block in enumerate(blocks, 1):
        site = rng.choice(sites)
        label = rng.choice(["Guide", "Thread", "Article", "Answer", "Post"])
        lines.append(f"{i}. {label} — https://{site}/p/{rng.randint(100, 9999)}\n   {block}")
    return "\n".join(lines) + "\n"


def code(rng: random.Random, slots: dict[str, str], blocks: list[str]) -> str:
    """A source file read through a repository tool; prose blocks become comments."""
    fn_names = ["load_config", "sync_orders", "render_report", "retry_upload", "parse_invoice", "rotate_logs"]
    out = [f'"""{slots["company"]} {slots["team"]} utilities."""', "", "import json", "import os", ""]
    for i, block in enumerate(blocks):
        out.extend(line if line.startswith("#") else f"# {line}" for line in block.splitlines())
        name = rng.choice(fn_names) + f"_{i}"
        out.extend([f"def {name}(path):", "    with open(path) as fh:", "        return json.load(fh)", ""])
    return "\n".join(out) + "\n"


def repo(rng: random.Random, slots: dict[str, str], blocks: list[str]) -> str:
    """A repository issue or pull-request thread with comments."""
    kind = rng.choice(["Issue", "Pull request"])
    out = [f"{kind} #{rng.randint(10, 4999)}: {rng.choice(ISSUE_TITLES)}"]
    for block in blocks:
        handle = person(rng).split()[0].lower() + str(rng.randint(1, 99))
        out.append(f"--- @{handle} commented {rng.randint(1, 30)} days ago\n{block}")
    return "\n\n".join(out) + "\n"


def ticket(rng: random.Random, slots: dict[str, str], blocks: list[str]) -> str:
    """A helpdesk ticket with fields and a conversation."""
    out = [
        f"Ticket {slots['ref'].replace('INV', 'HD')} | Priority: {rng.choice(['Low', 'Normal', 'High'])} | "
        f"Status: {rng.choice(['Open', 'Pending', 'In progress'])}",
        f"Requester: {slots['user']} <{slots['user_email']}>",
    ]
    for block in blocks:
        out.append(f"{rng.choice(['Customer', 'Agent', 'Internal note'])} ({slots['day']} {_hhmm(rng)}):\n{block}")
    return "\n\n".join(out) + "\n"


def calendar(rng: random.Random, slots: dict[str, str], blocks: list[str]) -> str:
    """An iCalendar event whose description holds the blocks."""
    desc = "\\n\\n".join(b.replace("\n", "\\n") for b in blocks)
    return (
        "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\n"
        f"UID:{rng.randint(10**8, 10**9)}@{slots['user_email'].split('@')[1]}\n"
        f"DTSTART:2026{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}T{rng.randint(8, 17):02d}0000Z\n"
        f"SUMMARY:{rng.choice(['Sync', 'Quarterly review', 'Vendor call', 'Planning', '1:1', 'Interview'])} "
        f"with {slots['colleague']}\nLOCATION:{slots['city']} / video\n"
        f"ORGANIZER:mailto:{slots['user_email']}\nDESCRIPTION:{desc}\nEND:VEVENT\nEND:VCALENDAR\n"
    )


def _csv_cell(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def spreadsheet(rng: random.Random, slots: dict[str, str], blocks: list[str]) -> str:
    """A CSV sheet; the blocks sit in the notes column among ordinary rows."""
    rows = ["id,item,owner,amount,due,notes"]
    for i, block in enumerate(blocks):
        rows.append(
            f"{i + 1},{rng.choice(['Licences', 'Travel', 'Catering', 'Hardware', 'Consulting', 'Cloud'])},"
            f"{person(rng)},{rng.randint(50, 9000)}.00,2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d},"
            f"{_csv_cell(block)}"
        )
    return "\n".join(rows) + "\n"


def api_json(rng: random.Random, slots: dict[str, str], blocks: list[str]) -> str:
    """A JSON API response: a page of records whose free-text fields hold the blocks."""
    field = rng.choice(["description", "comment", "notes", "body", "summary"])
    items = [
        {"id": rng.randint(1000, 99999), "owner": person(rng), field: block, "status": rng.choice(["open", "done"])}
        for block in blocks
    ]
    return json.dumps({"object": "list", "data": items, "has_more": rng.random() < 0.3}, ensure_ascii=False, indent=1)


def transcript(rng: random.Random, slots: dict[str, str], blocks: list[str]) -> str:
    """A meeting transcript with timestamps and speakers."""
    speakers = [slots["user"], slots["colleague"], person(rng)]
    out = [f"Transcript — {rng.choice(['Weekly sync', 'Client call', 'Project kickoff', 'Retro'])} ({slots['day']})"]
    for i, block in enumerate(blocks):
        out.append(f"[00:{i * 3 + rng.randint(0, 2):02d}:{rng.randint(0, 59):02d}] {rng.choice(speakers)}: {block}")
    return "\n".join(out) + "\n"


def review(rng: random.Random, slots: dict[str, str], blocks: list[str]) -> str:
    """Customer reviews for a product listing."""
    out = [
        f"Reviews for {rng.choice(['AeroPress Go', 'Trail Runner 5', 'HomeHub Mini', 'Desk Lamp X2', 'Router AX3000'])}"
    ]
    for block in blocks:
        out.append(f"★{rng.randint(1, 5)} — {person(rng)} (verified purchase)\n{block}")
    return "\n\n".join(out) + "\n"


def invoice(rng: random.Random, slots: dict[str, str], blocks: list[str]) -> str:
    """Text extracted from a PDF invoice: header, line items, then notes."""
    lines = [f"INVOICE {slots['ref']}", f"{slots['payee']}", f"Bill to: {slots['company']}", ""]
    for _ in range(rng.randint(1, 4)):
        item = rng.choice(["Consulting hours", "Hosting", "Support plan", "Licence seat", "Shipping"])
        lines.append(f"{item}  {rng.randint(1, 40)} x {rng.randint(20, 400)}.00")
    lines.extend(["", f"Total due: {slots['amount']}", "", "Notes:"])
    lines.extend(blocks)
    return "\n".join(lines) + "\n"


CARRIERS: dict[str, Renderer] = {
    "email": email,
    "chat": chat,
    "document": document,
    "webpage": webpage,
    "search": search,
    "code": code,
    "repo": repo,
    "ticket": ticket,
    "calendar": calendar,
    "spreadsheet": spreadsheet,
    "api_json": api_json,
    "transcript": transcript,
    "review": review,
    "invoice": invoice,
}
