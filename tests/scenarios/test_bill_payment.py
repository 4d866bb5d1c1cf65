"""Reading a bill and paying it is the normal case; paying where an injection points is not.

The same payment call gets three answers depending only on where the IBAN came from: a saved
payee (trusted data) — allowed; only the bill e-mail — the user is asked; an e-mail flagged as
malicious — blocked.
"""

from typing import Any

import pytest

from weir.guard import Guard
from weir.policy.decision import Verdict

READ_MESSAGE = {
    "name": "read_message",
    "inputSchema": {"type": "object"},
    "annotations": {
        "readOnlyHint": True,
        "openWorldHint": False,
        "returnMetadata": {"source": "untrustedPublic", "sensitivity": ["pii", "user"]},
    },
}
LIST_PAYEES = {
    "name": "list_payees",
    "inputSchema": {"type": "object"},
    "annotations": {
        "readOnlyHint": True,
        "openWorldHint": False,
        "returnMetadata": {"source": "user", "sensitivity": ["financial", "pii"]},
    },
}
TRANSFER = {
    "name": "transfer",
    "inputSchema": {"type": "object"},
    "annotations": {
        "readOnlyHint": False,
        "destructiveHint": True,
        "idempotentHint": False,
        "inputMetadata": {
            "destination": ["internal", "public"],
            "sensitivity": ["financial", "pii"],
            "outcomes": "irreversible",
        },
        "returnMetadata": {"source": "system", "sensitivity": "financial"},
    },
}
IBAN = "DE44400501500000337712"
BILL = {
    "content": [
        {
            "type": "text",
            "text": (
                "From: Stadtwerke <rechnung@stadtwerke.example>\nRechnungsbetrag: 84,20 EUR\n"
                "IBAN: DE44 4005 0150 0000 3377 12\nVerwendungszweck: KD 40021877"
            ),
        }
    ]
}
PAYEES = {
    "content": [{"type": "text", "text": "Stadtwerke GmbH"}],
    "structuredContent": {"payees": [{"name": "Stadtwerke GmbH", "iban": IBAN}]},
}
PAY = {"from_account": "acc-1", "to_iban": IBAN, "amount": 84.2, "reference": "KD 40021877"}


def pay(guard: Guard, *, saved_payee: bool, malicious: bool = False) -> Any:
    guard.register_tools("mail", [READ_MESSAGE])
    guard.register_tools("bank", [LIST_PAYEES, TRANSFER])
    session = guard.session()
    bill = {**BILL, "_meta": {"annotations": {"maliciousActivityHint": True}}} if malicious else BILL
    guard.before_call(session, "mail", "read_message", {"id": "m1"})
    guard.after_call(session, "mail", "read_message", bill)
    if saved_payee:
        guard.before_call(session, "bank", "list_payees", {})
        guard.after_call(session, "bank", "list_payees", PAYEES)
    return guard.before_call(session, "bank", "transfer", PAY)


@pytest.fixture
def guard(make_guard: Any) -> Guard:
    return make_guard(servers={"mail": {"trust": "trusted"}, "bank": {"trust": "trusted"}})


def test_paying_a_saved_payee_from_a_bill_is_allowed(guard: Guard) -> None:
    check = pay(guard, saved_payee=True)
    assert check.decision.effect is Verdict.ALLOW
    assert check.decision.rule_names == ()
    taint = {t.path: t for t in check.args_from_untrusted}["to_iban"]
    assert taint.trusted_also


def test_paying_a_new_iban_that_only_the_bill_names_asks_the_user(guard: Guard) -> None:
    check = pay(guard, saved_payee=False)
    assert check.decision.effect is Verdict.CONFIRM
    assert check.decision.reasons[0] == (
        "[confirm] baseline:confirm-untrusted-payee: «transfer» would move money to an account that only untrusted"
        " content supplied (never seen in trusted data, never used by the agent before): to_iban="
        "«DE44400501500000337712» (iban, first in step 0 «mail/read_message»); amount=«84.2» (number, first in"
        " step 0 «mail/read_message»); reference=«KD 40021877» (account, first in step 0 «mail/read_message»)"
        " — tool.consequential=true (annotations.inputMetadata.outcomes (sep-1913))"
    )


def test_paying_an_iban_from_a_flagged_email_is_blocked(guard: Guard) -> None:
    check = pay(guard, saved_payee=False, malicious=True)
    assert check.decision.effect is Verdict.BLOCK
    assert check.decision.rule_names[0] == "baseline:block-injected-target"


def test_an_iban_the_user_gave_first_is_the_users_even_if_an_email_repeats_it(guard: Guard) -> None:
    guard.register_tools("bank", [TRANSFER])
    guard.register_tools("mail", [READ_MESSAGE])
    session = guard.session()
    guard.before_call(session, "bank", "transfer", {**PAY, "amount": 1.0})  # the user's own earlier payment
    guard.after_call(session, "bank", "transfer", {"content": [{"type": "text", "text": "ok"}]})
    guard.before_call(session, "mail", "read_message", {"id": "m1"})
    guard.after_call(session, "mail", "read_message", BILL)
    check = guard.before_call(session, "bank", "transfer", PAY)
    assert "baseline:confirm-untrusted-payee" not in check.decision.rule_names
    assert {t.path: t for t in check.args_from_untrusted}["to_iban"].user_first
