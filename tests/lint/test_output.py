"""The three report formats: text for people, JSON, and SARIF 2.1.0 for code-scanning UIs."""

from __future__ import annotations

import json

from weir.catalog import read_catalog_file
from weir.catalog.bundled import bundled_catalogs
from weir.lint import RULES, format_human, lint_catalog, to_json, to_sarif


def _reports() -> list:  # type: ignore[type-arg]
    return [lint_catalog(read_catalog_file(bundled_catalogs()[n])) for n in ("planted", "mail")]


def test_human_output_names_rule_tool_location_and_fix_and_ends_with_a_verdict() -> None:
    text = format_human(_reports()[0])
    assert "W101 error drop_table:" in text
    assert "at tools[0]._meta  [destructive-without-confirmation]" in text
    assert "fix: Declare" in text
    report = _reports()[0]
    assert text.splitlines()[-1].startswith(f"FAILED: {report.count(report.findings[0].severity)} error(s)")
    assert "\x1b[" not in text
    assert "\x1b[31m" in format_human(_reports()[0], color=True)


def test_a_clean_report_says_ok() -> None:
    assert format_human(_reports()[1]).splitlines()[-1] == "ok: 0 error(s), 0 warning(s), 0 info(s)"


def test_json_carries_every_field_and_a_summary() -> None:
    data = json.loads(to_json(_reports()))
    first = data["catalogs"][0]["findings"][0]
    assert set(first) == {"rule", "name", "severity", "tool", "index", "path", "message", "fix"}
    assert data["summary"]["failed"] is True
    assert data["summary"]["error"] == sum(1 for f in data["catalogs"][0]["findings"] if f["severity"] == "error")
    assert data["catalogs"][1]["findings"] == []


def test_sarif_is_a_2_1_0_log_whose_results_point_at_their_rules() -> None:
    log = json.loads(to_sarif(_reports()))
    assert log["version"] == "2.1.0"
    assert log["$schema"].endswith("sarif-2.1.0.json")
    [run] = log["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == sorted(RULES)
    assert all(r["shortDescription"]["text"] and r["help"]["text"] for r in rules)
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] in {"error", "warning", "note"}
        assert result["message"]["text"]
        [loc] = result["locations"]
        assert loc["logicalLocations"][0]["fullyQualifiedName"].startswith("tools[")
        assert loc["physicalLocation"]["artifactLocation"]["uri"].endswith("planted.json")
    levels = {r["ruleId"]: r["level"] for r in run["results"]}
    assert (levels["W101"], levels["W102"], levels["W003"]) == ("error", "warning", "note")
