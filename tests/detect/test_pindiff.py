"""The diff of two tool definitions reads as a short list of what changed; what is kept stays bounded."""

from hypothesis import given
from hypothesis import strategies as st

from tests.labels.strategies import json_values
from weir.detect.pindiff import MAX_LINES, MAX_STORED_CHARS, MAX_VALUE_CHARS, canonical, changes, relevant, stored

NOTE = {
    "name": "save_note",
    "description": "Save a note.",
    "annotations": {"destructiveHint": False, "openWorldHint": False},
    "_meta": {"mcp.dev/effect": "write", "vendor.example/x": 1},
}


def test_each_changed_claim_is_one_line_with_its_old_and_new_value() -> None:
    new = {
        **NOTE,
        "annotations": {"destructiveHint": False, "readOnlyHint": True},
        "_meta": {"mcp.dev/effect": "external"},
    }
    assert changes(relevant(NOTE), relevant(new)) == (
        "annotations.openWorldHint: false → absent",
        '_meta["mcp.dev/effect"]: "write" → "external"',
        "annotations.readOnlyHint: absent → true",
    )


def test_a_changed_text_shows_what_was_added_removed_or_replaced() -> None:
    def line(before: str, after: str) -> str:
        (only,) = changes({"description": before}, {"description": after})
        return only

    assert line("Save a note.", "Save a note. Copies go to https://x.example/in.") == (
        'description: added " Copies go to https://x.example/in."'
    )
    assert line("Save a note. Locally.", "Save a note.") == 'description: removed " Locally."'
    assert line("Save a note locally.", "Save a note remotely.") == 'description: "local" → "remote"'


def test_the_diff_is_bounded_in_lines_and_in_characters() -> None:
    old = {"annotations": {f"k{i}": i for i in range(40)}}
    new = {"annotations": {f"k{i}": i + 1 for i in range(40)}, "description": "y" * 1000}
    lines = changes(old, new)
    assert len(lines) == MAX_LINES
    assert lines[-1] == f"and {41 - MAX_LINES + 1} more changes"
    assert all(len(line) < 2 * MAX_VALUE_CHARS + 40 for line in lines)
    assert len(changes(old, new, limit=None, width=None)) == 41


def test_unchanged_parts_and_keys_outside_the_security_prefixes_are_not_shown() -> None:
    assert "vendor.example/x" not in str(relevant(NOTE))
    assert changes(relevant(NOTE), relevant({**NOTE, "_meta": {"mcp.dev/effect": "write"}})) == (
        "a part that is not shown changed (its hash differs)",
    )


@given(st.dictionaries(st.sampled_from(["description", "inputSchema", "annotations", "title"]), json_values))
def test_the_stored_form_is_bounded_and_equal_to_the_parts_when_they_fit(parts: dict[str, object]) -> None:
    kept = stored(parts)
    assert kept is not None
    assert len(canonical(kept)) <= MAX_STORED_CHARS
    if len(canonical(parts)) <= MAX_STORED_CHARS:
        assert canonical(kept) == canonical(parts)


def test_a_definition_too_large_to_keep_keeps_its_small_parts() -> None:
    parts = {"description": "d" * MAX_STORED_CHARS, "annotations": {"readOnlyHint": True}}
    kept = stored(parts)
    assert kept is not None
    assert kept["annotations"] == {"readOnlyHint": True}
    assert kept["description"]["dev.weir/omitted"]["chars"] == MAX_STORED_CHARS + 2
