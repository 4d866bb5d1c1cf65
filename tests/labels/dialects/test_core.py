"""MCP core hints: only what is on the wire, title from annotations or the tool."""

from weir.labels.dialects import core
from weir.labels.read import read_tool


def test_title_comes_from_annotations_first_then_the_tool() -> None:
    assert read_tool({"name": "t", "title": "Tool", "annotations": {"title": "Ann"}}).profile.title == "Ann"
    assert read_tool({"name": "t", "title": "Tool"}).profile.title == "Tool"


def test_a_null_hint_is_no_claim_with_a_warning() -> None:
    reading = read_tool({"name": "t", "annotations": {"openWorldHint": None}})
    assert reading.profile.open_world is None
    assert reading.diagnostics[0].severity == "warning"


def test_write_leaves_absent_hints_absent() -> None:
    profile = read_tool({"name": "t", "annotations": {"idempotentHint": False}}).profile
    assert core.write(profile) == {"idempotentHint": False}
