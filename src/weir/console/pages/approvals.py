"""Pending approvals: each held call, why it is held, and the form that decides it."""

from __future__ import annotations

from collections.abc import Sequence

from weir.approvals import PendingApproval
from weir.console.html import Markup, csrf_field, h, join, pretty
from weir.console.pages.common import explained_rules, session_link, when

__all__ = ["approval_card", "approvals_page", "gone_page"]


def approvals_page(items: Sequence[PendingApproval], csrf: str, *, queue_on: bool) -> Markup:
    """Every call waiting for an operator, oldest first."""
    if not queue_on:
        note = h(
            "p",
            "The approvals queue is off: set ",
            h("code", "gateway.confirm_fallback: queue"),
            " to hold calls from clients that cannot be asked until an operator decides here.",
            class_="notice",
        )
    else:
        note = None
    if not items:
        return join([note, h("p", "Nothing waits for approval.", class_="muted", id="none-pending")])
    return join([note, *(approval_card(item, csrf) for item in items)])


def approval_card(item: PendingApproval, csrf: str) -> Markup:
    """One held call: what it is, why it is held (rules, labels, untrusted arguments), approve or deny."""
    call = item.call
    summary = item.summary()
    taints = summary["untrustedArguments"]
    tainted = (
        h(
            "ul",
            *(
                h(
                    "li",
                    h("code", t["path"]),
                    f" ({t['kind']}) first arrived in untrusted data at step {t['step']}, {t['server']}/{t['tool']}",
                )
                for t in taints
            ),
            class_="facts",
        )
        if taints
        else h("p", "No argument came from untrusted data.", class_="muted")
    )
    facts = h(
        "table",
        h("tr", h("th", "tool"), h("td", h("code", f"{call.server}/{call.tool}"))),
        h("tr", h("th", "agent session"), h("td", session_link(call.session))),
        h("tr", h("th", "client"), h("td", item.principal)),
        h("tr", h("th", "waiting since"), h("td", when(item.created))),
        h("tr", h("th", "declined at"), h("td", when(item.deadline), " unless an operator decides")),
    )
    form = h(
        "form",
        csrf_field(csrf),
        h("input", type="text", name="reason", placeholder="reason (recorded in the audit trail)", maxlength="500"),
        h("button", "Approve", type="submit", name="decision", value="approve", class_="approve"),
        h("button", "Deny", type="submit", name="decision", value="deny", class_="deny"),
        method="post",
        action=f"/console/approvals/{item.id}",
        class_="decide",
    )
    return h(
        "section",
        h("h2", h("a", f"{call.server}/{call.tool}", href=f"/console/approvals/{item.id}")),
        facts,
        # The operator decides what the call will do: the arguments as they will be sent (the
        # model's copy of them is redacted; the approver's is not — see docs/security.md).
        h("h3", "Arguments, as the call will send them"),
        pretty(call.arguments),
        h("h3", "Why it is held"),
        explained_rules(summary["rules"]),
        h("h3", "Arguments that came from untrusted data"),
        tainted,
        form,
        class_="card approval",
        id=f"approval-{item.id}",
        data_tool=call.tool,
    )


def gone_page(approval_id: str) -> Markup:
    """An approval that is no longer waiting."""
    return h(
        "p",
        f"Nothing waits under {approval_id}: it was decided, it expired, or its client went away. ",
        h("a", "See the audit trail.", href="/console/audit?phase=operator"),
        class_="notice",
    )
