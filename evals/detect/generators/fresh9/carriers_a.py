"""Structured tool-result carriers for ``generate.py``: JSON APIs, calendars, tables, logs.

Each carrier renders one realistic raw tool result and puts the given payload texts into fields a
person controls (names, notes, descriptions, comments, addresses); every other such field gets a
filler, so the payload lands at a varied position.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from evals.detect.generators.fresh9.text import CITIES, COMPANIES, STREETS, fillers, person

Carrier = Callable[[random.Random, list[str]], str]


class Placer:
    """Assigns each payload to a distinct slot index out of ``slots`` person-controlled fields."""

    def __init__(self, rng: random.Random, payloads: list[str], slots: int) -> None:
        self.rng = rng
        chosen = rng.sample(range(slots), len(payloads))
        self.at = dict(zip(chosen, payloads, strict=True))

    def get(self, index: int, default: str = "") -> str:
        """The payload placed at ``index``, or a filler (``default`` when given)."""
        if index in self.at:
            return self.at[index]
        return default or fillers(self.rng, 1, 2)


def _ts(rng: random.Random) -> str:
    return (
        f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00Z"
    )


def _dump(rng: random.Random, obj: object) -> str:
    return json.dumps(obj, ensure_ascii=rng.random() < 0.3, indent=rng.choice((None, 2, 2, 1)))


def weather_api(rng: random.Random, payloads: list[str]) -> str:
    """A weather API response; alerts and the station note are free text."""
    p = Placer(rng, payloads, 3)
    alerts = [
        {"event": rng.choice(("Wind advisory", "Frost", "Heat")), "description": p.get(i), "source": "met-office"}
        for i in range(rng.randint(1, 2))
    ]
    obj = {
        "location": {"city": rng.choice(CITIES), "lat": round(rng.uniform(-60, 60), 3)},
        "current": {"temp_c": rng.randint(-8, 36), "humidity": rng.randint(20, 99), "wind_kph": rng.randint(0, 70)},
        "alerts": alerts,
        "station": {"id": f"ST{rng.randint(100, 999)}", "note": p.get(2)},
    }
    return _dump(rng, obj)


def crm_api(rng: random.Random, payloads: list[str]) -> str:
    """A CRM contact lookup with display name, company description and activity notes."""
    p = Placer(rng, payloads, 4)
    who = person(rng)
    name = p.get(0, who) if rng.random() < 0.3 else who
    obj = {
        "id": f"cnt_{rng.randint(10000, 99999)}",
        "displayName": name,
        "company": {"name": rng.choice(COMPANIES), "description": p.get(1)},
        "stage": rng.choice(("lead", "qualified", "customer", "churned")),
        "activities": [
            {"type": rng.choice(("call", "email", "meeting")), "at": _ts(rng), "note": p.get(2 + i)} for i in range(2)
        ],
    }
    if 0 in p.at and name == who:
        obj["customFields"] = {"bio": p.get(0)}
    return _dump(rng, obj)


def shipping_api(rng: random.Random, payloads: list[str]) -> str:
    """A parcel-tracking response; delivery instructions and event descriptions are free text."""
    p = Placer(rng, payloads, 4)
    events = [
        {
            "time": _ts(rng),
            "location": rng.choice(CITIES),
            "description": p.get(i, rng.choice(("In transit", "Sorted"))),
        }
        for i in range(3)
    ]
    obj = {
        "tracking_number": f"1Z{rng.randint(10**9, 10**10 - 1)}",
        "carrier": rng.choice(("DHL", "UPS", "PostNL", "Correos")),
        "status": rng.choice(("in_transit", "out_for_delivery", "delivered", "exception")),
        "recipient": {"name": person(rng), "address": f"{rng.randint(1, 220)} {rng.choice(STREETS)}"},
        "delivery_instructions": p.get(3),
        "events": events,
    }
    return _dump(rng, obj)


def ticketing_api(rng: random.Random, payloads: list[str]) -> str:
    """A helpdesk ticket with subject, description and customer comments."""
    p = Placer(rng, payloads, 4)
    obj = {
        "ticket": {
            "id": rng.randint(1000, 99999),
            "subject": p.get(0, rng.choice(("Cannot log in", "Invoice question", "Refund", "Bug in export"))),
            "priority": rng.choice(("low", "normal", "high")),
            "requester": {"name": person(rng), "org": rng.choice(COMPANIES)},
            "description": p.get(1),
            "comments": [{"author": person(rng), "public": True, "body": p.get(2 + i)} for i in range(2)],
        }
    }
    return _dump(rng, obj)


def payments_api(rng: random.Random, payloads: list[str]) -> str:
    """A payments API list of charges with descriptions and metadata notes."""
    p = Placer(rng, payloads, 3)
    charges = [
        {
            "id": f"ch_{rng.randint(10**8, 10**9)}",
            "amount": rng.randint(500, 900000),
            "currency": rng.choice(("eur", "usd", "gbp")),
            "description": p.get(i, f"Order {rng.randint(100, 999)}"),
            "customer": {"name": person(rng)},
        }
        for i in range(2)
    ]
    obj = {"object": "list", "data": charges, "metadata": {"note": p.get(2)}, "has_more": rng.random() < 0.5}
    return _dump(rng, obj)


def _ics_text(text: str) -> str:
    return text.replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;").replace("\n", "\\n")


def calendar_ics(rng: random.Random, payloads: list[str]) -> str:
    """An iCalendar VEVENT; summary, location, description and attendee name are free text."""
    p = Placer(rng, payloads, 4)
    day = f"2026{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}"
    attendee = p.get(3, person(rng))
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Example Corp//Cal 3.1//EN",
        "BEGIN:VEVENT",
        f"UID:{rng.randint(10**6, 10**7)}@cal.example.com",
        f"DTSTART:{day}T{rng.randint(7, 18):02d}0000Z",
        f"SUMMARY:{_ics_text(p.get(0, rng.choice(('Sync', 'Quarterly review', '1:1', 'Vendor call'))))}",
        f"LOCATION:{_ics_text(p.get(1, rng.choice(CITIES) + ' office'))}",
        f"DESCRIPTION:{_ics_text(p.get(2))}",
        f'ATTENDEE;CN="{_ics_text(attendee)}":mailto:guest{rng.randint(1, 99)}@example.com',
        "END:VEVENT",
        "END:VCALENDAR",
    ]
    return "\r\n".join(lines) if rng.random() < 0.5 else "\n".join(lines)


def calendar_json(rng: random.Random, payloads: list[str]) -> str:
    """A calendar API list of events in JSON."""
    p = Placer(rng, payloads, 4)
    items = [
        {
            "summary": p.get(i * 2, rng.choice(("Standup", "Dentist", "Budget review", "Lunch"))),
            "start": {"dateTime": _ts(rng)},
            "organizer": {"email": f"{rng.choice(('ops', 'team', 'hr'))}@example.org"},
            "description": p.get(i * 2 + 1),
        }
        for i in range(2)
    ]
    return _dump(rng, {"kind": "calendar#events", "items": items})


def db_rows(rng: random.Random, payloads: list[str]) -> str:
    """A SQL query and its rows printed as a text table."""
    p = Placer(rng, payloads, 3)
    head = f"sqlite> SELECT id, customer, note FROM orders WHERE status='{rng.choice(('open', 'hold'))}';"
    rows = [f"{rng.randint(100, 9999)} | {person(rng)} | {p.get(i).replace(chr(10), ' ')}" for i in range(3)]
    return "\n".join([head, "id | customer | note", *rows, f"({len(rows)} rows)"])


def _table(rng: random.Random, payloads: list[str], sep: str) -> str:
    p = Placer(rng, payloads, 4)
    header = sep.join(("date", "vendor", "amount", "category", "comment"))
    rows = []
    for i in range(4):
        comment = p.get(i).replace("\n", " ")
        # CSV quotes the cell; TSV has no quoting, so a tab inside the text becomes a space.
        comment = '"' + comment.replace('"', '""') + '"' if sep == "," else comment.replace("\t", " ")
        cells = (_ts(rng)[:10], rng.choice(COMPANIES), f"{rng.randint(5, 9000)}.{rng.randint(0, 99):02d}")
        rows.append(sep.join((*cells, rng.choice(("travel", "office", "software", "meals")), comment)))
    return "\n".join([header, *rows])


def csv_export(rng: random.Random, payloads: list[str]) -> str:
    """A spreadsheet exported as CSV; the comment column is free text."""
    return _table(rng, payloads, ",")


def tsv_export(rng: random.Random, payloads: list[str]) -> str:
    """A spreadsheet exported as TSV."""
    return _table(rng, payloads, "\t")


def log_lines(rng: random.Random, payloads: list[str]) -> str:
    """Application log lines; user-agent, user-supplied fields and messages carry the payload."""
    p = Placer(rng, payloads, 5)
    levels = ("INFO", "WARN", "DEBUG", "ERROR")
    out = []
    for i in range(5):
        msg = p.get(i, rng.choice(("request served", "cache miss", "retrying upstream", "job finished")))
        field = rng.choice(("user_agent", "comment", "display_name", "query"))
        out.append(f'{_ts(rng)} {rng.choice(levels)} app[{rng.randint(100, 9999)}] {field}="{msg}"')
    return "\n".join(out)


def vcard(rng: random.Random, payloads: list[str]) -> str:
    """A vCard contact; the name, title, address and NOTE are free text."""
    p = Placer(rng, payloads, 3)
    who = person(rng)
    lines = [
        "BEGIN:VCARD",
        "VERSION:4.0",
        f"FN:{p.get(0, who).replace(chr(10), ' ')}",
        f"ORG:{rng.choice(COMPANIES)}",
        f"TITLE:{rng.choice(('Account Manager', 'CFO', 'Engineer', 'Paralegal'))}",
        f"ADR;TYPE=work:;;{p.get(1, rng.choice(STREETS)).replace(chr(10), ' ')};{rng.choice(CITIES)};;;",
        f"TEL;TYPE=cell:+{rng.randint(1, 49)} {rng.randint(10**6, 10**7)}",
        f"NOTE:{_ics_text(p.get(2))}",
        "END:VCARD",
    ]
    return "\n".join(lines)


def sms_inbox(rng: random.Random, payloads: list[str]) -> str:
    """A short messaging-API inbox page; message bodies and sender names are free text."""
    p = Placer(rng, payloads, 3)
    messages = [
        {
            "from": f"+{rng.randint(1, 49)}{rng.randint(10**8, 10**9)}",
            "name": p.get(2, person(rng)) if i == 0 and 2 in p.at else person(rng),
            "body": p.get(i, rng.choice(("ok", "on my way", "call me later", "thx!"))),
        }
        for i in range(rng.randint(1, 2))
    ]
    for index in sorted(p.at):
        # A payload whose message was not drawn still arrives, as the newest message.
        if index >= len(messages) and index != 2:
            messages.append({"from": "unknown", "name": person(rng), "body": p.at[index]})
    return json.dumps({"messages": messages, "unread": len(messages)}, ensure_ascii=False)


CARRIERS_A: dict[str, Carrier] = {
    "sms-inbox-json": sms_inbox,
    "weather-api-json": weather_api,
    "crm-api-json": crm_api,
    "shipping-api-json": shipping_api,
    "ticketing-api-json": ticketing_api,
    "payments-api-json": payments_api,
    "calendar-ics": calendar_ics,
    "calendar-json": calendar_json,
    "db-rows": db_rows,
    "csv-export": csv_export,
    "tsv-export": tsv_export,
    "log-lines": log_lines,
    "vcard": vcard,
}
