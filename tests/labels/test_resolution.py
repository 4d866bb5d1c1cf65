"""tools/resolve narrows possible sets for one call; a less safe answer keeps the riskier reading."""

from tests.labels.seed_examples import SEED_004
from weir.labels import DataClass, Outcome, Source
from weir.labels.config import Override, ServerConfig, Trust
from weir.labels.read import read_tool
from weir.labels.resolution import narrow, resolve_call

LISTED = {
    "name": "read_file",
    "annotations": {
        "readOnlyHint": True,
        "openWorldHint": True,
        "returnMetadata": {"source": ["internal", "untrustedPublic"], "sensitivity": ["none", "financial"]},
    },
}
TRUSTED = {"files": ServerConfig(trust=Trust.TRUSTED)}


def test_a_resolution_narrows_the_possible_sets_of_the_listing() -> None:
    static = read_tool(LISTED).profile
    reading = resolve_call(static, SEED_004["tools_resolve_response"], server="files", servers=TRUSTED, overrides=[])
    p = reading.profile
    assert p.resolved
    assert p.return_sources == {Source.INTERNAL}
    assert p.return_classes == {DataClass.FINANCIAL}
    assert p.open_world is False
    assert reading.diagnostics == ()


def test_a_value_outside_the_listed_set_keeps_the_union_and_is_reported() -> None:
    static = read_tool(
        {"name": "t", "annotations": {"inputMetadata": {"outcomes": ["benign", "consequential"]}}}
    ).profile
    resolved = read_tool({"name": "t", "annotations": {"inputMetadata": {"outcomes": "irreversible"}}}).profile
    narrowed, notes = narrow(static, resolved)
    assert narrowed.outcomes == {Outcome.BENIGN, Outcome.CONSEQUENTIAL, Outcome.IRREVERSIBLE}
    assert notes[0].path == "annotations.inputMetadata.outcomes"


def test_a_riskier_resolved_hint_is_taken_and_reported() -> None:
    static = read_tool({"name": "t", "annotations": {"readOnlyHint": True}}).profile
    resolved = read_tool({"name": "t", "annotations": {"readOnlyHint": False}}).profile
    narrowed, notes = narrow(static, resolved)
    assert narrowed.read_only is False
    assert "less safe" in notes[0].message


def test_an_untrusted_servers_narrowing_is_dropped_and_overrides_still_win() -> None:
    static = read_tool(LISTED).profile
    overrides = [Override(match="files/read_file", annotations={"openWorldHint": False})]
    reading = resolve_call(static, SEED_004["tools_resolve_response"], server="files", servers={}, overrides=overrides)
    assert reading.profile.return_sources == frozenset()  # {internal} does not hold the worst member
    assert reading.profile.read_only is None
    assert reading.profile.open_world is False
