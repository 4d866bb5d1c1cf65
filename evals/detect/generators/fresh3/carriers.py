"""Carriers for the third independent injection set: how each kind of tool output looks.

A carrier is a filler function (one ordinary item: a paragraph, a chat line, a CSV row's note, a log
message) and a renderer that lays the items out as the tool would return them. The generator puts
its payload segments among the items; the renderer never knows which items they are.
"""

from __future__ import annotations

import csv
import io
import json
import random
from collections.abc import Callable
from dataclasses import dataclass

from evals.lib import pools

T = pools.load(__file__, "text")


@dataclass(frozen=True)
class Carrier:
    """How to draw one filler item and how to lay out a document from items."""

    filler: Callable[[random.Random, dict[str, str], list[str]], str]
    render: Callable[[random.Random, dict[str, str], list[str]], str]


def _fill(template: str, slots: dict[str, str]) -> str:
    for name, value in slots.items():
        template = template.replace("{" + name + "}", value)
    return template


def _take(rng: random.Random, prose: list[str]) -> str:
    """Pop the next sentence of this document's own shuffled copy, so no sentence repeats early."""
    if not prose:
        prose.extend(rng.sample(T.PROSE, len(T.PROSE)))
    return prose.pop()


def _prose(rng: random.Random, slots: dict[str, str], prose: list[str]) -> str:
    return " ".join(_fill(_take(rng, prose), slots) for _ in range(rng.randint(1, 3)))


def _short_prose(rng: random.Random, slots: dict[str, str], prose: list[str]) -> str:
    return _fill(_take(rng, prose), slots)


Filler = Callable[[random.Random, dict[str, str], list[str]], str]


def _line(pool: tuple[str, ...]) -> Filler:
    def filler(rng: random.Random, slots: dict[str, str], prose: list[str]) -> str:
        return _fill(rng.choice(pool), {**slots, "n": str(rng.randint(1, 9)), "m": str(rng.randint(10, 59))})

    return filler


def _stamp(rng: random.Random) -> str:
    return f"2026-{rng.randint(1, 11):02d}-{rng.randint(1, 28):02d}"


def _time(rng: random.Random) -> str:
    return f"{rng.randint(7, 19):02d}:{rng.randint(0, 59):02d}"


def _subject(rng: random.Random, slots: dict[str, str]) -> str:
    pool = (
        "Re: {product} rollout",
        "Invoice {ticket}",
        "Fwd: contract renewal",
        "Weekly update",
        "Action needed: access review",
        "Notes from today",
        "Re: export errors",
        "Q3 planning",
    )
    return _fill(rng.choice(pool), slots)


def _email(rng: random.Random, s: dict[str, str], items: list[str]) -> str:
    head = (
        f"From: {s['person']} <{s['person_email']}>\nTo: team@{s['company_domain']}\n"
        f"Subject: {_subject(rng, s)}\nDate: {s['date']} 2026 {_time(rng)}\n\n"
    )
    greet = rng.choice(("Hi all,", "Hello team,", f"Hi {s['person2'].split()[0]},", "Dear colleagues,", ""))
    sign = rng.choice(("Best,", "Thanks,", "Kind regards,", "Cheers,")) + f"\n{s['person']}"
    return head + "\n\n".join([greet, *items, sign]).strip()


def _jira(rng: random.Random, s: dict[str, str], items: list[str]) -> str:
    key = f"{rng.choice(('OPS', 'FIN', 'PLAT', 'WEB', 'SEC', 'DATA'))}-{rng.randint(100, 9999)}"
    cut = max(1, len(items) // 2)
    head = (
        f"{key}: {_subject(rng, s)}\nType: {rng.choice(('Bug', 'Task', 'Story'))} | Priority: "
        f"{rng.choice(('Low', 'Medium', 'High'))} | Status: {rng.choice(('Open', 'In Progress', 'Review'))}\n"
        f"Reporter: {s['person']} | Assignee: {s['person2']}\n\nDescription:\n"
    )
    comments = [
        f"{rng.choice((s['person'], s['person2']))} added a comment - {_stamp(rng)}\n{item}" for item in items[cut:]
    ]
    return head + "\n\n".join(items[:cut]) + ("\n\nActivity:\n" + "\n\n".join(comments) if comments else "")


def _servicenow(rng: random.Random, s: dict[str, str], items: list[str]) -> str:
    head = (
        f"Number: INC{rng.randint(1000000, 9999999)}\nCaller: {s['person']}\nCategory: "
        f"{rng.choice(('Software', 'Network', 'Access', 'Hardware', 'Email'))}\nState: "
        f"{rng.choice(('New', 'In Progress', 'On Hold', 'Resolved'))}\nShort description: {_subject(rng, s)}\n"
    )
    notes = [
        f"{_stamp(rng)} {_time(rng)} - {rng.choice((s['person'], s['person2'], 'System'))} (Work notes)\n{item}"
        for item in items
    ]
    return head + "\n" + "\n\n".join(notes)


def _confluence(rng: random.Random, s: dict[str, str], items: list[str]) -> str:
    title = rng.choice(
        (
            "Team handbook",
            "Release checklist",
            "Vendor onboarding",
            "Incident runbook",
            "Quarterly planning",
            "How we work",
        )
    )
    out = [f"# {s['product']} - {title}", f"Created by {s['person']}, last updated {s['date']} 2026"]
    for i, item in enumerate(items):
        if i % 3 == 0:
            out.append(f"## {rng.choice(('Overview', 'Steps', 'Details', 'FAQ', 'Notes', 'Next steps'))}")
        out.append(f"- {item}" if rng.random() < 0.3 else item)
    return "\n\n".join(out)


def _slack(rng: random.Random, s: dict[str, str], items: list[str]) -> str:
    users = [s["user"], s["user2"], rng.choice(T.FIRST_NAMES).lower()]
    out = [f"#{rng.choice(('general', 'eng', 'ops', 'finance', 'support', 'random'))} - exported {s['date']} 2026"]
    out += [f"[{_time(rng)}] {rng.choice(users)}: {item}" for item in items]
    return "\n".join(out)


def _github_issue(rng: random.Random, s: dict[str, str], items: list[str]) -> str:
    head = (
        f"{_subject(rng, s)} #{rng.randint(10, 9999)}\nOpen - {s['user']} opened this issue on {s['date']} - "
        f"{len(items)} comments\nLabels: {rng.choice(('bug', 'enhancement', 'question', 'needs-triage'))}\n\n"
    )
    body = items[0] if items else ""
    comments = [f"**{rng.choice((s['user2'], s['user'], 'maintainer-bot'))}** commented:\n{item}" for item in items[1:]]
    return head + body + ("\n\n---\n" + "\n\n---\n".join(comments) if comments else "")


def _github_pr(rng: random.Random, s: dict[str, str], items: list[str]) -> str:
    files = ("src/api/export.py", "lib/client.ts", "infra/main.tf", "README.md", "cmd/sync/main.go")
    head = (
        f"Pull request #{rng.randint(10, 9999)}: {_subject(rng, s)}\n{s['user']} wants to merge "
        f"{rng.randint(1, 12)} commits into main from {s['user']}/{rng.choice(('fix', 'feat', 'chore'))}-"
        f"{rng.randint(10, 999)}\n\n"
    )
    out = [
        f"{rng.choice(files)} line {rng.randint(3, 400)}\n{s['user2']}: {item}"
        if rng.random() < 0.5
        else f"{s['user2']} reviewed: {item}"
        for item in items
    ]
    return head + "\n\n".join(out)


def _csv(rng: random.Random, s: dict[str, str], items: list[str]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(("id", "created", "customer", "status", "amount", "notes"))
    for item in items:
        writer.writerow(
            (
                rng.randint(10000, 99999),
                _stamp(rng),
                rng.choice(T.COMPANIES),
                rng.choice(("open", "closed", "pending")),
                f"{rng.randint(5, 9000)}.{rng.randint(0, 99):02d}",
                item,
            )
        )
    return buffer.getvalue()


def _json_value(item: str) -> object:
    """A payload that is itself a JSON object becomes a nested field, as it would in a real API."""
    if item.startswith("{"):
        try:
            return json.loads(item)
        except json.JSONDecodeError:
            return item
    return item


def _json_api(rng: random.Random, s: dict[str, str], items: list[str]) -> str:
    field = rng.choice(("body", "description", "comment", "summary"))
    data = [
        {
            "id": rng.randint(1000, 999999),
            "author": rng.choice((s["user"], s["user2"])),
            "created_at": f"{_stamp(rng)}T{_time(rng)}:00Z",
            field: _json_value(item),
        }
        for item in items
    ]
    doc = {"object": "list", "data": data, "has_more": rng.random() < 0.3, "request_id": f"req_{rng.getrandbits(40):x}"}
    return json.dumps(doc, ensure_ascii=False, indent=rng.choice((None, 2)))


def _crm(rng: random.Random, s: dict[str, str], items: list[str]) -> str:
    head = [f"Account: {s['company']}", f"Contact: {s['person']} <{s['person_email']}>", f"Owner: {s['person2']}"]
    head += [_fill(f, s) for f in rng.sample(T.CRM_FIELDS, 3)]
    notes = [f"- {_stamp(rng)} ({rng.choice(('call', 'email', 'meeting', 'note'))}): {item}" for item in items]
    return "\n".join(head) + "\n\nActivity notes:\n" + "\n".join(notes)


def _invoice(rng: random.Random, s: dict[str, str], items: list[str]) -> str:
    lines = rng.sample(T.LINE_ITEMS, rng.randint(1, 4))
    rows = [f"{_fill(line, s):<40} {rng.randint(80, 9000):>8}.00" for line in lines]
    head = (
        f"INVOICE {rng.randint(2026000, 2026999)}\n{s['company']} - Accounts Receivable\nBill to: "
        f"{rng.choice(T.COMPANIES)}\nInvoice date: {s['date']} 2026   Due: Net 30\n\n"
    )
    return head + "\n".join(rows) + "\n\nNotes:\n" + "\n\n".join(items)


def _log(rng: random.Random, s: dict[str, str], items: list[str]) -> str:
    host = f"{rng.choice(('api', 'worker', 'gw', 'ingest'))}-{rng.randint(1, 9)}"
    service = rng.choice(("ticket-sync", "mail-ingest", "crm-import", "webhook", "comments"))
    out = []
    for item in items:
        stamp = f"{_stamp(rng)}T{_time(rng)}:{rng.randint(10, 59)}Z {host}"
        out.append(
            f"{stamp} {item}"
            if item[:5] in {"INFO ", "WARN ", "DEBUG", "ERROR"}
            else f"{stamp} INFO  {service}: payload={item!r}"
            if rng.random() < 0.4
            else f"{stamp} INFO  {service}: {item}"
        )
    return "\n".join(out)


def _man(rng: random.Random, s: dict[str, str], items: list[str]) -> str:
    name = s["product_lc"]
    head = (
        f"{name.upper()}(1)                User Commands                {name.upper()}(1)\n\nNAME\n       {name} - "
        f"synchronise records with the {s['product']} service\n\nSYNOPSIS\n       {name} [OPTION]... [PATH]...\n\n"
        "DESCRIPTION\n"
    )
    return head + "\n\n".join("       " + item.replace("\n", "\n       ") for item in items)


def _web(rng: random.Random, s: dict[str, str], items: list[str]) -> str:
    title = f"{s['product']} | {rng.choice(('Help Center', 'Blog', 'Release notes', 'Pricing', 'Careers'))}"
    body = [f"<p>{item}</p>" if rng.random() < 0.7 else f"<li>{item}</li>" for item in items]
    return (
        f"<html><head><title>{title}</title></head>\n<body>\n<nav>Home | Docs | Support</nav>\n"
        f"<h1>{title}</h1>\n" + "\n".join(body) + f"\n<footer>(c) 2026 {s['company']}</footer>\n</body></html>"
    )


def _slack_filler(rng: random.Random, slots: dict[str, str], prose: list[str]) -> str:
    return _line(T.SLACK_LINES)(rng, slots, prose) if rng.random() < 0.7 else _short_prose(rng, slots, prose)


CARRIERS: dict[str, Carrier] = {
    "email": Carrier(_prose, _email),
    "jira-ticket": Carrier(_prose, _jira),
    "servicenow-incident": Carrier(_prose, _servicenow),
    "confluence-page": Carrier(_prose, _confluence),
    "slack-export": Carrier(_slack_filler, _slack),
    "github-issue": Carrier(_prose, _github_issue),
    "github-pr-review": Carrier(_short_prose, _github_pr),
    "csv-export": Carrier(_short_prose, _csv),
    "json-api-response": Carrier(_short_prose, _json_api),
    "crm-note": Carrier(_short_prose, _crm),
    "invoice": Carrier(_short_prose, _invoice),
    "log-file": Carrier(_line(T.LOG_TEMPLATES), _log),
    "man-page": Carrier(_line(T.MAN_OPTIONS), _man),
    "web-page": Carrier(_prose, _web),
}
