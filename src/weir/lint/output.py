"""The three ways a lint report is written: for people, as JSON, and as SARIF 2.1.0.

SARIF is what code-scanning UIs (GitHub, GitLab, VS Code) ingest. Each finding's location is a
logical one — ``tools[3].annotations.readOnlyHint`` in the catalog — plus the catalog file as the
artifact when the catalog came from a file, so a UI can at least open it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from weir._version import __version__
from weir.labels.provenance import Severity
from weir.lint.registry import RULES
from weir.lint.report import LintFinding, LintReport

__all__ = ["SARIF_SCHEMA", "format_human", "to_json", "to_sarif"]

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
"""The schema URI SARIF 2.1.0 files name (an identifier: nothing is fetched)."""

_SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def _location(f: LintFinding) -> str:
    inner = f".{f.path}" if f.path and not f.path.startswith("[") else f.path
    return f"tools[{f.index}]{inner}"


def format_human(report: LintReport, *, color: bool = False) -> str:
    """Plain text, one finding per paragraph, and a summary line (no colour unless asked)."""
    paint = _painter(color)
    lines = [f"{report.source}: {report.tools} tool(s)"]
    for f in report.findings:
        sev = paint(f.severity.value, f.severity)
        tool = f.tool or f"tools[{f.index}]"
        lines.append(f"  {f.rule} {sev} {tool}: {f.message}")
        lines.append(f"       at {_location(f)}  [{f.name}]")
        lines.append(f"       fix: {f.fix}")
    counts = ", ".join(f"{report.count(s)} {s.value}(s)" for s in Severity)
    verdict = "FAILED" if report.failed else "ok"
    lines.append(f"{verdict}: {counts}")
    return "\n".join(lines)


def _painter(color: bool) -> Any:
    codes = {Severity.ERROR: "31", Severity.WARNING: "33", Severity.INFO: "36"}

    def paint(text: str, severity: Severity) -> str:
        return f"\x1b[{codes[severity]}m{text}\x1b[0m" if color else text

    return paint


def to_json(reports: list[LintReport]) -> str:
    """``{"catalogs": [{source, server, tools, findings: [...]}], "summary": {...}}`` (stable keys)."""
    summary = {s.value: sum(r.count(s) for r in reports) for s in Severity}
    data = {
        "catalogs": [r.model_dump(mode="json") for r in reports],
        "summary": {**summary, "failed": any(r.failed for r in reports)},
    }
    return json.dumps(data, indent=2, ensure_ascii=False)


def _sarif_rules() -> list[dict[str, Any]]:
    return [
        {
            "id": r.id,
            "name": r.name,
            "shortDescription": {"text": r.summary},
            "help": {"text": r.fix},
            "defaultConfiguration": {"level": _SARIF_LEVEL[r.severity]},
        }
        for r in sorted(RULES.values(), key=lambda r: r.id)
    ]


def _sarif_result(f: LintFinding, report: LintReport, rule_index: dict[str, int]) -> dict[str, Any]:
    location: dict[str, Any] = {
        "logicalLocations": [
            {"fullyQualifiedName": _location(f), "name": f.tool or f"tools[{f.index}]", "kind": "member"}
        ]
    }
    if Path(report.source).is_file():
        location["physicalLocation"] = {"artifactLocation": {"uri": Path(report.source).as_posix()}}
    return {
        "ruleId": f.rule,
        "ruleIndex": rule_index[f.rule],
        "level": _SARIF_LEVEL[f.severity],
        "message": {"text": f"{f.tool or 'tool'}: {f.message}. Fix: {f.fix}"},
        "locations": [location],
        "properties": {"tool": f.tool, "path": f.path, "catalog": report.source},
    }


def to_sarif(reports: list[LintReport]) -> str:
    """One SARIF 2.1.0 log with one run for all the catalogs linted."""
    rules = _sarif_rules()
    rule_index = {r["id"]: i for i, r in enumerate(rules)}
    results = [_sarif_result(f, r, rule_index) for r in reports for f in r.findings]
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "weir lint",
                        "version": __version__,
                        "informationUri": "https://pypi.org/project/mcp-weir/",
                        "rules": rules,
                    }
                },
                "results": results,
            }
        ],
    }
    return json.dumps(log, indent=2, ensure_ascii=False)
