"""Reading tools, data `_meta` and results: facts, origins, diagnostics, and the conservative reading."""

from weir.labels import DataClass, Destination, Dialect, Level, Outcome, SideEffect, Source
from weir.labels.evidenceref import EvidenceRef
from weir.labels.provenance import Severity
from weir.labels.read import read_data_meta, read_resolution, read_result, read_tool, returned_label


def test_core_hints_store_only_what_is_on_the_wire() -> None:
    reading = read_tool({"name": "t", "annotations": {"readOnlyHint": True}})
    assert reading.profile.read_only is True
    assert reading.profile.destructive is None
    assert reading.profile.open_world is None
    assert [str(o) for o in reading.profile.origin_of("read_only")] == ["annotations.readOnlyHint (mcp-core)"]


def test_a_non_boolean_hint_is_no_claim_and_an_error_with_its_path() -> None:
    reading = read_tool({"name": "t", "annotations": {"destructiveHint": "no", "reversibleHint": 0}})
    assert reading.profile.destructive is None
    assert reading.profile.reversible is None
    errors = {d.path: d for d in reading.diagnostics}
    assert errors["annotations.destructiveHint"].severity is Severity.ERROR
    assert errors["annotations.reversibleHint"].dialect is Dialect.SEP1984


def test_an_unknown_outcome_means_irreversible_is_possible() -> None:
    reading = read_tool({"name": "t", "annotations": {"inputMetadata": {"outcomes": ["benign", "sometimes"]}}})
    assert reading.profile.outcomes == {Outcome.BENIGN, Outcome.IRREVERSIBLE}
    (diag,) = [d for d in reading.diagnostics if d.severity is Severity.ERROR]
    assert diag.path == "annotations.inputMetadata.outcomes[1]"
    assert reading.possible_set_paths == ("annotations.inputMetadata.outcomes",)


def test_unknown_destination_source_effect_and_class_read_as_their_worst() -> None:
    raw = {
        "name": "t",
        "annotations": {"inputMetadata": {"destination": "moon", "sensitivity": "secret"}},
        "_meta": {
            "mcp.dev/effect": "explode",
            "io.modelcontextprotocol/action-metadata": {"returnMetadata": {"source": 7}},
        },
    }
    p = read_tool(raw).profile
    assert p.destinations == {Destination.PUBLIC}
    assert p.input_classes == {DataClass.CREDENTIALS}
    assert p.effects == {SideEffect.DELETE}
    assert p.return_sources == {Source.UNTRUSTED_PUBLIC}


def test_capitalised_keys_are_sep_2061_and_lower_case_keys_sep_1913() -> None:
    raw = {"name": "t", "annotations": {"inputMetadata": {"Outcomes": "Irreversible", "destination": "public"}}}
    reading = read_tool(raw)
    assert reading.by_dialect[Dialect.SEP2061].outcomes == {Outcome.IRREVERSIBLE}
    assert reading.by_dialect[Dialect.SEP1913].destinations == {Destination.PUBLIC}
    assert reading.profile.origin_of("outcomes")[0].path == "annotations.inputMetadata.Outcomes"


def test_the_other_spelling_of_a_value_is_read_with_an_info_note() -> None:
    reading = read_tool({"name": "t", "annotations": {"returnMetadata": {"source": "UntrustedPublic"}}})
    assert reading.profile.return_sources == {Source.UNTRUSTED_PUBLIC}
    assert [d.severity for d in reading.diagnostics] == [Severity.INFO]


def test_weir_mirror_is_read_like_annotations_under_its_own_dialect() -> None:
    raw = {"name": "t", "_meta": {"dev.weir/annotations": {"sensitiveDataHint": True, "attribution": ["a"]}}}
    reading = read_tool(raw)
    assert reading.profile.sensitive_data is True
    assert reading.profile.attribution == {"a"}
    assert reading.profile.origin_of("sensitive_data")[0].path == '_meta["dev.weir/annotations"].sensitiveDataHint'
    assert set(reading.by_dialect) == {Dialect.WEIR}


def test_dialects_that_disagree_combine_to_the_riskier_claim() -> None:
    raw = {"name": "t", "annotations": {"idempotentHint": True}, "_meta": {"mcp.dev/idempotent": False}}
    reading = read_tool(raw)
    assert reading.profile.idempotent is False
    assert reading.by_dialect[Dialect.MCP_CORE].idempotent is True
    assert {o.dialect for o in reading.profile.origin_of("idempotent")} == {Dialect.MCP_CORE, Dialect.MCP_DEV}


def test_a_tool_without_a_name_or_not_an_object_is_reported_not_raised() -> None:
    assert read_tool({"annotations": {}}).diagnostics[0].path == "name"
    assert read_tool([1, 2]).diagnostics[0].severity is Severity.ERROR  # type: ignore[arg-type]


def test_data_meta_maps_every_vocabulary_onto_the_label() -> None:
    meta = {
        "annotations": {"privateHint": True, "sensitiveHint": "medium", "attribution": ["mcp://a/b"]},
        "io.modelcontextprotocol/trust-annotations": {"untrusted": True, "evidenceRef": "scan-1"},
    }
    label, diagnostics = read_data_meta(meta)
    assert (label.private, label.untrusted, label.level) == (True, True, Level.MEDIUM)
    assert label.attribution == {"mcp://a/b"}
    assert label.evidence == {EvidenceRef(ref="scan-1")}  # the older string form is read as ref
    assert diagnostics == ()
    assert {o.dialect for o in label.origin_of("untrusted")} == {Dialect.TRUST_EXT}


def test_unknown_sensitive_hint_reads_as_high() -> None:
    label, diagnostics = read_data_meta({"annotations": {"sensitiveHint": "extreme"}})
    assert label.level is Level.HIGH
    assert diagnostics[0].path == "_meta.annotations.sensitiveHint"


def test_a_content_block_refines_but_never_weakens_the_result_label() -> None:
    raw = {
        "content": [
            {"type": "text", "text": "a", "_meta": {"annotations": {"sensitiveHint": "high"}}},
            {"type": "text", "text": "b", "annotations": {"audience": ["user"], "openWorldHint": True}},
        ],
        "_meta": {"annotations": {"sensitiveHint": "low", "maliciousActivityHint": True}},
    }
    reading = read_result(raw)
    assert reading.label.level is Level.HIGH
    assert reading.label.malicious
    assert reading.label.untrusted
    assert reading.blocks[0].level is Level.HIGH
    assert reading.blocks[1].untrusted
    assert reading.label.origin_of("untrusted") == set(reading.blocks[1].origin_of("untrusted"))


def test_per_item_labels_in_structured_content_are_reported_and_joined() -> None:
    raw = {
        "content": [],
        "structuredContent": {
            "results": [
                {"title": "ok", "_meta": {"annotations": {"privateHint": True}}},
                {"title": "web", "_meta": {"annotations": {"openWorldHint": True}}},
            ]
        },
    }
    reading = read_result(raw)
    assert [path for path, _ in reading.items] == ["structuredContent.results[0]", "structuredContent.results[1]"]
    assert reading.label.private
    assert reading.label.untrusted


def test_a_result_that_is_not_an_object_reads_as_nothing_with_an_error() -> None:
    reading = read_result("oops")
    assert reading.diagnostics[0].severity is Severity.ERROR


def test_returned_label_takes_the_worst_of_the_declared_return_contract() -> None:
    raw = {
        "name": "list_inbox",
        "annotations": {"returnMetadata": {"source": ["user", "untrustedPublic"], "sensitivity": ["pii", "user"]}},
        "_meta": {"mcp.dev/resultSensitivity": "restricted"},
    }
    label = returned_label(read_tool(raw).profile)
    assert label.untrusted
    assert label.classes == {DataClass.PII, DataClass.USER}
    assert label.level is Level.HIGH
    assert [o.path for o in label.origin_of("level")] == ['_meta["mcp.dev/resultSensitivity"]']


def test_an_unknown_source_is_not_assumed_untrusted_by_returned_label() -> None:
    assert not returned_label(read_tool({"name": "t"}).profile).untrusted


def test_a_resolution_is_marked_resolved_and_arrays_in_it_are_warned() -> None:
    raw = {"tool": {"name": "read_file", "annotations": {"returnMetadata": {"source": ["internal", "user"]}}}}
    reading = read_resolution(raw)
    assert reading.profile.resolved
    assert any(d.path == "annotations.returnMetadata.source" for d in reading.diagnostics)


def test_an_embedded_resources_meta_labels_its_block() -> None:
    block = {
        "type": "resource",
        "resource": {"uri": "file:///x", "text": "k", "_meta": {"annotations": {"privateHint": True}}},
    }
    reading = read_result({"content": [block]})
    assert reading.blocks[0].private
    assert reading.label.origin_of("private") == reading.blocks[0].origin_of("private")
    assert next(iter(reading.label.origin_of("private"))).path == "content[0].resource._meta.annotations.privateHint"


# -- skipping `_meta` objects that cannot label anything ---------------------------------------

_RICH = {
    "openWorldHint": True,
    "privateHint": True,
    "untrusted": True,
    "sensitive": True,
    "sensitivity": "pii",
    "malicious": True,
    "maliciousActivityHint": True,
    "attribution": ["https://a.example"],
    "source": "untrustedPublic",
    "evidenceRef": ["e"],
}
"""A slot value that claims something in every vocabulary a data slot is read in."""


def test_the_skipped_meta_keys_are_exactly_the_ones_read_data_slots_ignores() -> None:
    from weir.labels import keys
    from weir.labels.dialects import Collector, read_data_slots
    from weir.labels.read import _DATA_SLOTS

    known = {getattr(keys, name) for name in keys.__all__} | {"progressToken", "serverInfo", "x"}
    for key in known:
        c = Collector()
        read_data_slots(c, {key: _RICH, "annotations_": _RICH}, ("_meta",))
        assert bool(c.facts) == (key in _DATA_SLOTS), key
        assert not c.diagnostics or key in _DATA_SLOTS, key
