"""Seed 004: "Take the salary spreadsheet and email it to my accountant".

The file server resolves read_file for the salary path to internal, financial data; the e-mail
tool sends to a public destination, irreversibly, and accepts only personal data. Baseline asks
the user; strict blocks; seed 004's own rules escalate on the irreversible outcome.
"""

from typing import Any

from tests.scenarios.seeds import READ_FILE, SALARIES_RESOLVED, SALARIES_RESULT, SEED_004_RULES, SEND_EMAIL
from weir.guard import Guard
from weir.policy.decision import Verdict

SEND = {"to": "accountant@external.example", "subject": "Salaries", "body": "Attached, as discussed."}
SERVERS = {"files": {"trust": "trusted"}, "mail": {"trust": "trusted"}}


def run(guard: Guard) -> Any:
    guard.register_tools("files", [READ_FILE])
    guard.register_tools("mail", [SEND_EMAIL])
    session = guard.session("salary")
    read = guard.before_call(session, "files", "read_file", {"path": "/hr/salaries.xlsx"}, resolved=SALARIES_RESOLVED)
    assert read.decision.effect is Verdict.ALLOW
    assert read.profile is not None
    assert read.profile.resolved
    result = guard.after_call(session, "files", "read_file", SALARIES_RESULT)
    assert result.decision.effect is Verdict.ALLOW
    assert {str(c) for c in result.label.classes} == {"financial"}  # the resolution narrowed pii|financial
    return guard.before_call(session, "mail", "send_email", SEND)


def test_baseline_asks_before_the_salary_spreadsheet_is_emailed(make_guard: Any) -> None:
    check = run(make_guard(servers=SERVERS))
    assert check.decision.effect is Verdict.CONFIRM
    assert check.decision.reasons == (
        "[confirm] baseline:confirm-sensitive-to-public: «send_email» may send data to a public destination (public)"
        " and does not declare that it takes the session's financial data (it accepts: pii, user)"
        " — tool.egress=true (annotations.inputMetadata.destination (sep-1913));"
        " tool.consequential=true (annotations.inputMetadata.outcomes (sep-1913));"
        " session.internal_classes=financial (financial: since step 0 files/read_file via"
        " annotations.returnMetadata.sensitivity (sep-1913));"
        " tool.input_classes=pii, user (annotations.inputMetadata.sensitivity (sep-1913))",
    )
    assert check.request_meta["annotations"] == {
        "sensitiveHint": "medium",
        "attribution": ["mcp://file-server.acme.local/hr/salaries.xlsx"],
    }
    assert not check.decision.obligations.cache_allowed


def test_strict_blocks_the_salary_spreadsheet_and_also_flags_the_irreversible_send(make_guard: Any) -> None:
    check = run(make_guard(servers=SERVERS, policy={"packs": ["strict"]}))
    assert check.decision.effect is Verdict.BLOCK
    assert check.decision.reasons == (
        "[block] strict:block-sensitive-to-public: «send_email» may send sensitive or private data (level 2) to a"
        " public destination — tool.egress=true (annotations.inputMetadata.destination (sep-1913));"
        " tool.consequential=true (annotations.inputMetadata.outcomes (sep-1913));"
        " session.level=2 (since step 0 files/read_file via annotations.returnMetadata.sensitivity (sep-1913))",
        "[confirm] strict:confirm-irreversible: seed 004: «send_email» may be irreversible (irreversible)"
        " — tool.irreversible=true (annotations.inputMetadata.outcomes (sep-1913))",
    )


def test_seed_004s_own_rules_escalate_the_irreversible_send(make_guard: Any) -> None:
    check = run(make_guard(servers=SERVERS, policy={"packs": [], "rules": SEED_004_RULES}))
    assert check.decision.effect is Verdict.CONFIRM
    assert check.decision.reasons == (
        "[confirm] confirm-irreversible-actions: rule confirm-irreversible-actions matched"
        " — tool.outcomes=irreversible (annotations.inputMetadata.outcomes (sep-1913))",
    )


def test_without_the_spreadsheet_the_same_email_goes_through(make_guard: Any) -> None:
    guard = make_guard(servers=SERVERS)
    guard.register_tools("mail", [SEND_EMAIL])
    check = guard.before_call(guard.session(), "mail", "send_email", SEND)
    assert (check.decision.effect, check.decision.reasons) == (Verdict.ALLOW, ())
