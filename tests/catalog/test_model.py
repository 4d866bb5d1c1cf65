"""Catalog files: the accepted shapes, and precise errors for everything else."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from weir.catalog import Catalog, CatalogError, parse_catalog, read_catalog_file

TOOL = {"name": "t", "inputSchema": {"type": "object"}, "annotations": {"inputMetadata": {"Outcomes": "Benign"}}}


def test_a_tools_list_result_and_a_bare_list_give_the_same_tools() -> None:
    a = parse_catalog({"tools": [TOOL], "nextCursor": None}, source="a")
    b = parse_catalog([TOOL], source="b")
    assert a.tools == b.tools == (TOOL,)
    assert a.extra == {"nextCursor": None}


def test_a_saved_json_rpc_response_is_unwrapped() -> None:
    c = parse_catalog({"jsonrpc": "2.0", "id": 1, "result": {"tools": [TOOL]}}, source="r")
    assert c.names() == ["t"]


def test_unknown_annotation_keys_are_kept_exactly() -> None:
    c = parse_catalog([TOOL], source="x")
    assert c.tools[0]["annotations"] == {"inputMetadata": {"Outcomes": "Benign"}}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"items": []}, "expected an object with a `tools` list"),
        ({"tools": "nope"}, "`tools` must be a list, not a string"),
        ([TOOL, 3], "tools[1] must be an object, not a number"),
        ([None], "tools[0] must be an object, not null"),
        (42, "`tools` must be a list, not a number"),
    ],
)
def test_wrong_shapes_name_the_offending_entry(data: object, message: str) -> None:
    with pytest.raises(CatalogError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_catalog(data, source="src")


def test_a_file_is_read_and_named_after_its_stem(tmp_path: Path) -> None:
    path = tmp_path / "mail.json"
    path.write_text(json.dumps({"tools": [TOOL]}), encoding="utf-8")
    c = read_catalog_file(path)
    assert isinstance(c, Catalog)
    assert (c.source, c.server, c.names()) == (str(path), "mail", ["t"])


def test_invalid_json_reports_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"tools": [\n  {"name": "x",}\n]}', encoding="utf-8")
    with pytest.raises(CatalogError, match=r"bad\.json:2:\d+: not valid JSON"):
        read_catalog_file(path)


def test_a_missing_file_is_a_catalog_error(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="cannot read catalog"):
        read_catalog_file(tmp_path / "absent.json")


def test_a_tool_without_a_name_is_listed_as_unnamed() -> None:
    assert parse_catalog([{"description": "x"}], source="s").names() == ["<unnamed>"]


def test_json_nested_past_the_recursion_limit_is_a_catalog_error_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(CatalogError, match=r"deep\.json: JSON nested too deeply"):
        read_catalog_file(path)


def test_a_utf8_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "windows.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"tools": [TOOL]}).encode())
    assert read_catalog_file(path).names() == ["t"]
