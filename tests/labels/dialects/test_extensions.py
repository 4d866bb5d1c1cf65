"""The incubating extensions: trust-annotations, action-metadata, tool-resolution."""

from weir.labels import Destination, Dialect, Level
from weir.labels.read import read_data_meta, read_tool


def test_trust_annotations_sensitive_is_level_two_and_untrusted_is_untrusted() -> None:
    label, _ = read_data_meta({"io.modelcontextprotocol/trust-annotations": {"sensitive": True, "untrusted": True}})
    assert label.level is Level.MEDIUM
    assert label.untrusted


def test_trust_annotations_with_wrong_types_and_unknown_keys_are_reported() -> None:
    meta = {"io.modelcontextprotocol/trust-annotations": {"sensitive": "yes", "evidenceRef": 5, "score": 1}}
    label, diagnostics = read_data_meta(meta)
    assert label.level is Level.MEDIUM  # unreadable is not "not sensitive"
    prefix = '_meta["io.modelcontextprotocol/trust-annotations"]'
    assert [d.path for d in diagnostics] == [f"{prefix}.sensitive", f"{prefix}.evidenceRef", f"{prefix}.score"]


def test_action_metadata_is_read_from_tool_meta() -> None:
    raw = {
        "name": "t",
        "_meta": {"io.modelcontextprotocol/action-metadata": {"inputMetadata": {"destination": "public"}}},
    }
    reading = read_tool(raw)
    assert reading.by_dialect[Dialect.ACTION_EXT].destinations == {Destination.PUBLIC}
    assert reading.profile.origin_of("destinations")[0].path == (
        '_meta["io.modelcontextprotocol/action-metadata"].inputMetadata.destination'
    )


def test_tool_resolution_opt_in() -> None:
    raw = {"name": "t", "_meta": {"io.modelcontextprotocol/tool-resolution": {"resolvable": True}}}
    assert read_tool(raw).profile.resolvable
    assert read_tool({"name": "t", "_meta": {"io.modelcontextprotocol/tool-resolution": True}}).diagnostics


def test_a_malformed_untrusted_flag_reads_as_untrusted() -> None:
    meta = {"io.modelcontextprotocol/trust-annotations": {"untrusted": "no", "sensitive": None}}
    label, diagnostics = read_data_meta(meta)
    assert label.untrusted
    assert label.level is Level.NONE
    assert [(d.severity, d.message.rsplit(": ", 1)[-1]) for d in diagnostics] == [
        ("error", "read as true"),
        ("warning", "read as no claim"),
    ]
