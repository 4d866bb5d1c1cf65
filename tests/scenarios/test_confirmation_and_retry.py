"""Confirmation for irreversible tools (seeds 000, 001, 004) and retry only for idempotent ones."""

from typing import Any

import pytest

from tests.scenarios.seeds import BACKUP_DATABASE, DELETE_USER, RESTART_SERVICE, SEED_004_RULES, SEND_EMAIL
from weir.guard import Guard
from weir.policy.decision import Verdict

SERVERS = {"admin": {"trust": "trusted"}, "mail": {"trust": "trusted"}}


def guard_with(make_guard: Any, **policy: Any) -> Guard:
    guard: Guard = make_guard(servers=SERVERS, policy=policy) if policy else make_guard(servers=SERVERS)
    guard.register_tools("admin", [DELETE_USER, RESTART_SERVICE, BACKUP_DATABASE])
    guard.register_tools("mail", [SEND_EMAIL])
    return guard


def test_seed_000s_requires_confirmation_preference_is_honoured(make_guard: Any) -> None:
    guard = guard_with(make_guard)
    check = guard.before_call(guard.session(), "admin", "delete_user", {"user_id": "u-17"})
    assert check.decision.effect is Verdict.CONFIRM
    assert check.decision.reasons == (
        "[confirm] baseline:confirm-server-requested: the server asks for user confirmation before «delete_user» runs"
        ' — tool.requires_confirmation=true (_meta["mcp.dev/requiresConfirmation"] (mcp.dev))',
    )


def test_sep_1984s_sensitive_and_privileged_combination_needs_confirmation(make_guard: Any) -> None:
    guard = guard_with(make_guard)
    check = guard.before_call(guard.session(), "admin", "backup_database", {"database_name": "orders"})
    assert check.decision.effect is Verdict.CONFIRM
    assert check.decision.reasons == (
        "[confirm] baseline:confirm-privileged-sensitive: «backup_database» needs elevated privileges and handles"
        " sensitive data (SEP-1984: high risk) — tool.privileged_access=true (annotations.privilegedAccessHint"
        " (sep-1984)); tool.sensitive_data=true (annotations.sensitiveDataHint (sep-1984))",
        "[warn] baseline:warn-privileged: «backup_database» needs elevated privileges"
        " — tool.privileged_access=true (annotations.privilegedAccessHint (sep-1984))",
    )
    ob = check.decision.obligations
    # A slow tool: the gateway waits the deployer's slow_timeout_s for it (the obligation names the class).
    assert (ob.concurrency_class, ob.progress, ob.cache_allowed) == ("resource-intensive", True, False)


def test_a_reversible_privileged_restart_is_only_a_warning(make_guard: Any) -> None:
    guard = guard_with(make_guard)
    check = guard.before_call(guard.session(), "admin", "restart_service", {"service_name": "nginx"})
    assert check.decision.effect is Verdict.WARN
    assert check.decision.rule_names == ("baseline:warn-privileged",)


@pytest.mark.parametrize(
    ("server", "tool", "reason"),
    [
        ("admin", "delete_user", '_meta["mcp.dev/effect"] (mcp.dev)'),
        ("mail", "send_email", "annotations.inputMetadata.outcomes (sep-1913)"),
    ],
)
def test_seed_004s_rule_confirms_every_irreversible_tool(make_guard: Any, server: str, tool: str, reason: str) -> None:
    guard = guard_with(make_guard, packs=[], rules=SEED_004_RULES)
    check = guard.before_call(guard.session(), server, tool, {})
    assert check.decision.effect is Verdict.CONFIRM
    assert check.decision.reasons == (
        f"[confirm] confirm-irreversible-actions: rule confirm-irreversible-actions matched"
        f" — tool.outcomes=irreversible ({reason})",
    )


def test_strict_confirms_irreversible_tools_without_a_server_preference(make_guard: Any) -> None:
    guard = guard_with(make_guard, packs=["strict"])
    check = guard.before_call(guard.session(), "mail", "send_email", {"to": "a@b.example"})
    assert check.decision.reasons == (
        "[confirm] strict:confirm-irreversible: seed 004: «send_email» may be irreversible (irreversible)"
        " — tool.irreversible=true (annotations.inputMetadata.outcomes (sep-1913))",
    )


def test_retry_is_offered_only_for_idempotent_tools(make_guard: Any) -> None:
    guard = guard_with(make_guard)
    session = guard.session()
    retry = {
        tool: guard.before_call(session, server, tool, {}).decision.obligations.retry_allowed
        for server, tool in [
            ("admin", "delete_user"),
            ("admin", "restart_service"),
            ("admin", "backup_database"),
            ("mail", "send_email"),
        ]
    }
    assert retry == {"delete_user": False, "restart_service": True, "backup_database": True, "send_email": False}


def test_an_untrusted_servers_idempotency_claim_earns_no_retry(make_guard: Any) -> None:
    guard = make_guard(servers={"admin": {"trust": "untrusted"}})
    guard.register_tools("admin", [RESTART_SERVICE])
    check = guard.before_call(guard.session(), "admin", "restart_service", {})
    assert not check.decision.obligations.retry_allowed
