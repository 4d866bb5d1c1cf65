"""The scan output shapes: exact keys, tool grouping, catalog validation."""

import pytest

from weir.detect.report import finding_json, human_lines, read_catalog, scan_output, tools_output
from weir.labels import Finding, FindingClass


def f(path: str | None = None, start: int = 0, end: int = 4) -> Finding:
    return Finding(detector="d", kind="k", cls=FindingClass.PII, start=start, end=end, confidence=0.123456, path=path)


def test_a_finding_becomes_exactly_six_keys() -> None:
    expected = {"detector": "d", "kind": "k", "class": "pii", "start": 0, "end": 4, "confidence": 0.1235}
    assert finding_json(f()) == expected
    assert scan_output([]) == {"findings": []}


def test_tool_findings_are_grouped_by_tool_and_string() -> None:
    tools = [{"name": "a"}, {"name": "b"}]
    out = tools_output(tools, [f("tools[1].description"), f("tools[1].description", 5, 9), f("tools[0]")])
    assert out == {
        "tools": [
            {"name": "a", "path": "", "findings": [finding_json(f("tools[0]"))]},
            {"name": "b", "path": "description", "findings": [finding_json(f()), finding_json(f(None, 5, 9))]},
        ]
    }


def test_catalogs_are_a_tools_list_result_or_a_bare_list() -> None:
    assert read_catalog({"tools": [{"name": "a"}]}) == [{"name": "a"}]
    assert read_catalog([{"name": "a"}]) == [{"name": "a"}]
    with pytest.raises(ValueError, match=r"tools\[1\] is a str"):
        read_catalog([{"name": "a"}, "b"])
    with pytest.raises(ValueError, match="a catalog is"):
        read_catalog({"tools": "nope"})


def test_human_lines_mask_long_values() -> None:
    (line,) = human_lines("secret-value", [f(None, 0, 12)])
    assert "'secr…'" in line
    assert "secret-value" not in line
