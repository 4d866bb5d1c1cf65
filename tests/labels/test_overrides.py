"""Deployer overrides replace server claims in either direction, and say so in the origins."""

from weir.labels import Dialect, Outcome, SideEffect
from weir.labels.config import Override, ServerConfig, Trust
from weir.labels.overrides import apply_overrides, check_overrides, matches, resolve_profile
from weir.labels.read import read_tool

TOOL = {
    "name": "send_email",
    "annotations": {"readOnlyHint": False, "inputMetadata": {"outcomes": "irreversible"}},
    "_meta": {"mcp.dev/effect": "external"},
}


def test_an_override_loosens_a_claim_when_the_deployer_says_so() -> None:
    override = Override(match="mail/send_*", annotations={"inputMetadata": {"Outcomes": "Consequential"}})
    profile = apply_overrides(read_tool(TOOL).profile, [override], server="mail")
    assert profile.outcomes == {Outcome.CONSEQUENTIAL}
    (origin,) = profile.origin_of("outcomes")
    assert origin.dialect is Dialect.OVERRIDE
    assert origin.path == 'overrides["mail/send_*"].annotations.inputMetadata.Outcomes'
    assert profile.effects == {SideEffect.EXTERNAL}  # fields the override does not set are untouched


def test_later_overrides_win_and_non_matching_ones_are_ignored() -> None:
    first = Override(match="*/send_email", _meta={"mcp.dev/effect": "write"})
    second = Override(match="send_*", _meta={"mcp.dev/effect": "delete"})
    other = Override(match="files/*", annotations={"readOnlyHint": True})
    profile = apply_overrides(read_tool(TOOL).profile, [first, second, other], server="mail")
    assert profile.effects == {SideEffect.DELETE}
    assert profile.read_only is False


def test_glob_matching_of_server_and_tool() -> None:
    override = Override(match="mail/send_*")
    assert matches(override, "send_email", "mail")
    assert not matches(override, "send_email", "files")
    assert matches(Override(match="*/delete_*"), "delete_user", None)


def test_resolve_profile_applies_trust_before_overrides() -> None:
    tool = {"name": "lookup", "annotations": {"readOnlyHint": True, "openWorldHint": False}}
    overrides = [Override(match="db/lookup", annotations={"openWorldHint": False})]
    untrusted = resolve_profile(tool, server="db", servers={}, overrides=overrides)
    assert untrusted.profile.read_only is None  # dropped: the server is not trusted
    assert untrusted.profile.open_world is False  # the deployer said so
    assert any("read_only" in d.message for d in untrusted.diagnostics)
    trusted = resolve_profile(tool, server="db", servers={"db": ServerConfig(trust=Trust.TRUSTED)}, overrides=[])
    assert trusted.profile.read_only is True


def test_check_overrides_reports_bad_values_and_empty_overrides() -> None:
    found = check_overrides([Override(match="a/b", annotations={"readOnlyHint": "yes"}), Override(match="c")])
    assert [d.path for d in found] == ["overrides[0].annotations.readOnlyHint", "overrides[0]", "overrides[1]"]
