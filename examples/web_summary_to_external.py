"""Seed 004's enforcement example 1: "Summarize this webpage and email it to accountant@external.com".

The page is open-world content; the summary the agent writes from it is too. Two layers act
on that: Weir in the host propagates ``openWorldHint`` into every later request (the baseline
pack does not stop the send: the recipient is the user's choice, not the page's), and the mail
server itself reads the request's ``_meta.annotations`` and refuses to send open-world content
to an outside address (seed 004: "Block external + open-world"). The mail server also asks hosts to confirm
every send; the scripted user approves both (``--decline`` to refuse), so the outside send is
stopped by the server's own check while mail to a colleague goes through.

Run: ``.venv/bin/python examples/web_summary_to_external.py [--decline] [--json]``
"""

from __future__ import annotations

from collections.abc import Callable

from _scenario import main, show

from weir.client import CallOutcome, WeirClient

PAGE = "https://news.example/today"

SERVERS = ("web", "mail")
"""The example servers this scenario needs."""


async def scenario(host: WeirClient, out: Callable[[str], None]) -> list[CallOutcome]:
    """Fetch a page, summarise it, mail the summary outside, then to a colleague."""
    page = await host.call_tool("web", "fetch", {"url": PAGE})
    show(page, out)
    summary = "Summary: " + page.text.split(".")[0] + "."
    outside = await host.call_tool(
        "mail", "send_email", {"to": "accountant@external.example", "subject": "News", "body": summary}
    )
    show(outside, out)
    colleague = await host.call_tool(
        "mail", "send_email", {"to": "bob@acme.example", "subject": "News", "body": summary}
    )
    show(colleague, out)
    out(
        f"Outside address: {'sent' if outside.succeeded else 'NOT sent'}; colleague: "
        f"{'sent' if colleague.succeeded else 'NOT sent'}."
    )
    return [page, outside, colleague]


if __name__ == "__main__":
    main(scenario, SERVERS, approve=True)
