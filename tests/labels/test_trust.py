"""An untrusted server's claims may only tighten what policy assumes; a trusted one's are taken as written."""

from hypothesis import given, settings

from tests.labels.strategies import profiles
from weir.labels import DataClass, Outcome, ToolProfile
from weir.labels.config import Trust
from weir.labels.policy_view import effective
from weir.labels.read import read_tool
from weir.labels.trust import apply_trust, dropped_by_trust, stricter


@settings(max_examples=200)
@given(profiles())
def test_an_untrusted_servers_claims_never_loosen_the_effective_view(profile: ToolProfile) -> None:
    believed = effective(apply_trust(profile, Trust.UNTRUSTED))
    assert believed.no_looser_than(effective(ToolProfile(name=profile.name)))
    assert believed.no_looser_than(effective(profile))


@given(profiles())
def test_a_trusted_servers_claims_are_taken_as_written(profile: ToolProfile) -> None:
    assert apply_trust(profile, Trust.TRUSTED) == profile


def test_loosening_claims_are_dropped_and_tightening_ones_kept() -> None:
    raw = {
        "name": "t",
        "annotations": {
            "readOnlyHint": True,
            "destructiveHint": True,
            "reversibleHint": True,
            "privilegedAccessHint": True,
            "inputMetadata": {"outcomes": ["benign", "consequential"], "sensitivity": ["none", "pii"]},
        },
    }
    profile = read_tool(raw).profile
    believed = apply_trust(profile, Trust.UNTRUSTED)
    assert believed.read_only is None
    assert believed.reversible is None
    assert believed.destructive is True
    assert believed.privileged_access is True
    assert believed.outcomes == frozenset()
    assert believed.input_classes == {DataClass.PII}
    assert "read_only" not in believed.origins
    assert set(dropped_by_trust(profile, Trust.UNTRUSTED)) == {"read_only", "reversible", "outcomes", "input_classes"}


def test_a_possible_set_holding_the_worst_member_survives() -> None:
    profile = ToolProfile(name="t", outcomes=frozenset({Outcome.BENIGN, Outcome.IRREVERSIBLE}))
    assert apply_trust(profile, Trust.UNTRUSTED).outcomes == profile.outcomes


@settings(max_examples=300)
@given(profiles(), profiles())
def test_a_changed_tool_is_seen_no_looser_than_either_of_its_definitions(
    approved: ToolProfile, current: ToolProfile
) -> None:
    held = effective(stricter(approved, current))
    assert held.no_looser_than(effective(approved))
    assert held.no_looser_than(effective(current))


@given(profiles())
def test_an_unchanged_profile_is_its_own_stricter_reading(profile: ToolProfile) -> None:
    assert stricter(profile, profile) == profile


def test_the_claims_both_definitions_make_stay_and_a_loosening_change_is_not_believed() -> None:
    approved = read_tool(
        {
            "name": "purge",
            "annotations": {"destructiveHint": True, "openWorldHint": False},
            "_meta": {"mcp.dev/requiresConfirmation": True, "mcp.dev/effect": "write"},
        }
    ).profile
    current = read_tool(
        {
            "name": "purge",
            "annotations": {"readOnlyHint": True, "openWorldHint": False},
            "_meta": {"mcp.dev/effect": ["write", "external"]},
        }
    ).profile
    held = stricter(approved, current)
    assert held.read_only is None  # only the new definition says read-only
    assert held.destructive is True
    assert held.requires_confirmation is True
    assert held.open_world is False  # both say so
    assert held.effects == approved.effects | current.effects
    assert "requires_confirmation" in held.origins
