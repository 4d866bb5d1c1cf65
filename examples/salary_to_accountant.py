"""Seed 004's scenario: "Take the salary spreadsheet and email it to my accountant".

A scripted agent reads ``hr/salaries.xlsx`` from the file server — ``tools/resolve`` tells Weir
before the call that this path is internal financial data — and asks the mail server to send
it to an outside address: an irreversible send to a public destination. Weir asks the user
first; the scripted user says no, unless ``--approve`` is given.

Run: ``.venv/bin/python examples/salary_to_accountant.py [--approve] [--json]``
"""

from __future__ import annotations

from collections.abc import Callable

from _scenario import main, show

from weir.client import CallOutcome, WeirClient

ACCOUNTANT = "accountant@numbers-llp.example"

SERVERS = ("files", "mail")
"""The example servers this scenario needs."""


async def scenario(host: WeirClient, out: Callable[[str], None]) -> list[CallOutcome]:
    """Read the spreadsheet, then mail it out."""
    read = await host.call_tool("files", "read_file", {"path": "hr/salaries.xlsx"})
    show(read, out)
    out(f"   the session now holds: level {host.label.level.name}, {', '.join(sorted(host.label.classes))}")
    send = await host.call_tool("mail", "send_email", {"to": ACCOUNTANT, "subject": "Salaries", "body": read.text})
    show(send, out)
    out("The spreadsheet was " + ("sent." if send.succeeded else "NOT sent."))
    return [read, send]


if __name__ == "__main__":
    main(scenario, SERVERS)
