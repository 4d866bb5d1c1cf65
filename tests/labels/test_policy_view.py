"""The effective view applies the spec defaults and reduces possible sets to their worst member."""

from weir.labels import DataClass, Destination, Dialect, Level, Outcome, Source, ToolProfile
from weir.labels.policy_view import effective
from weir.labels.read import read_tool


def test_spec_defaults_apply_only_in_the_effective_view() -> None:
    view = effective(ToolProfile(name="t"))
    assert (view.read_only, view.destructive, view.idempotent, view.open_world) == (False, True, False, True)
    assert set(view.defaults) == {"read_only", "destructive", "idempotent", "open_world"}
    assert view.origins["open_world"][0].dialect is Dialect.POLICY


def test_a_read_only_tool_is_not_destructive_unless_it_says_so() -> None:
    assert effective(ToolProfile(name="t", read_only=True)).destructive is False
    assert effective(ToolProfile(name="t", read_only=True, destructive=True)).destructive is True


def test_unknown_stays_unknown_rather_than_safe() -> None:
    view = effective(ToolProfile(name="t"))
    assert view.worst_outcome is None
    assert view.worst_destination is None
    assert view.return_untrusted is None
    assert view.reversible is None
    assert view.input_level is None
    assert view.return_level is None


def test_possible_sets_reduce_to_their_worst_member_and_levels_to_the_scale() -> None:
    raw = {
        "name": "t",
        "annotations": {
            "sensitiveDataHint": True,
            "inputMetadata": {"destination": ["user", "public"], "sensitivity": "user", "outcomes": "consequential"},
            "returnMetadata": {
                "source": ["system", "trustedPublic"],
                "sensitivity": [{"regulated": {"scopes": ["HIPAA"]}}],
            },
        },
    }
    view = effective(read_tool(raw).profile)
    assert view.worst_destination is Destination.PUBLIC
    assert view.worst_outcome is Outcome.CONSEQUENTIAL
    assert view.worst_source is Source.TRUSTED_PUBLIC
    assert view.return_untrusted is False
    assert view.input_level is Level.MEDIUM  # user is 1, but sensitiveDataHint is 2
    assert view.return_level is Level.HIGH
    assert view.return_classes == {DataClass.REGULATED}
    assert view.return_scopes == {"HIPAA"}


def test_an_unknown_view_is_as_strict_as_a_worst_case_claim() -> None:
    unknown = effective(ToolProfile(name="t"))
    worst = effective(ToolProfile(name="t", outcomes=frozenset({Outcome.IRREVERSIBLE})))
    assert worst.no_looser_than(unknown)
    assert unknown.no_looser_than(worst)
    benign = effective(ToolProfile(name="t", outcomes=frozenset({Outcome.BENIGN})))
    assert not benign.no_looser_than(unknown)
