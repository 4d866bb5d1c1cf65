"""What ``weir scan`` prints: the JSON shapes other tools rely on, and the human lines.

JSON (docs/detect.md): ``{"findings": [{"detector", "kind", "class", "start", "end",
"confidence"}]}`` — exactly those keys, so consumers can rely on the shape. ``--jsonl`` writes one
such object per input line, in order; a line that cannot be read becomes ``{"error": "..."}``
so the output stays aligned with the input. A tool catalog is reported per tool string:
``{"tools": [{"name", "path", "findings": [...]}]}`` where ``path`` is the JSON path of the
string inside the tool and the findings' spans index that string.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from weir.detect.chain import Chain
from weir.labels.finding import Finding

__all__ = ["finding_json", "human_lines", "read_catalog", "scan_jsonl", "scan_output", "tools_output"]

_EXCERPT = 4


def finding_json(finding: Finding) -> dict[str, Any]:
    """A finding as the six-key object of the scan output."""
    return {
        "detector": finding.detector,
        "kind": finding.kind,
        "class": finding.cls.value,
        "start": finding.start,
        "end": finding.end,
        "confidence": round(finding.confidence, 4),
    }


def scan_output(findings: Sequence[Finding]) -> dict[str, Any]:
    """``{"findings": [...]}`` for one scanned text."""
    return {"findings": [finding_json(f) for f in findings]}


def scan_jsonl(chain: Chain, lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    """One output object per input line: findings for ``{"text": ...}``, or an error."""
    for number, line in enumerate(lines, start=1):
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            yield {"error": f"line {number}: not JSON: {exc.msg} at column {exc.colno}"}
            continue
        text = record.get("text") if isinstance(record, dict) else None
        if not isinstance(text, str):
            yield {"error": f'line {number}: expected an object with a string "text"'}
            continue
        yield scan_output(chain.scan_text(text))


def read_catalog(raw: Any) -> list[Mapping[str, Any]]:
    """The tools of a catalog: a ``tools/list`` result (``{"tools": [...]}``) or a bare list.

    Raises ValueError naming what is wrong.
    """
    tools = raw.get("tools") if isinstance(raw, Mapping) else raw
    if not isinstance(tools, list):
        raise ValueError('a catalog is {"tools": [...]} or a list of tools')
    for i, tool in enumerate(tools):
        if not isinstance(tool, Mapping):
            raise ValueError(f"tools[{i}] is a {type(tool).__name__}, not an object")
    return tools


def tools_output(tools: Sequence[Mapping[str, Any]], findings: Sequence[Finding]) -> dict[str, Any]:
    """Group ``Chain.scan_tools`` findings by tool and string (see the module docstring)."""
    groups: dict[tuple[int, str], list[Finding]] = {}
    for f in findings:
        index, path = _split_path(f.path or "")
        groups.setdefault((index, path), []).append(f)
    out = []
    for (index, path), group in sorted(groups.items()):
        name = tools[index].get("name") if 0 <= index < len(tools) else None
        out.append({"name": name, "path": path, "findings": [finding_json(f) for f in group]})
    return {"tools": out}


def _split_path(path: str) -> tuple[int, str]:
    """``tools[3].inputSchema.x`` → ``(3, "inputSchema.x")``; anything else → ``(-1, path)``."""
    if path.startswith("tools[") and "]" in path:
        index, _, rest = path[6:].partition("]")
        if index.isdigit():
            return int(index), rest.lstrip(".")
    return -1, path


def human_lines(text: str, findings: Sequence[Finding]) -> list[str]:
    """One line per finding: span, class, detector/kind, confidence and a masked excerpt."""
    lines = []
    for f in findings:
        value = text[f.start : f.end]
        shown = repr(value[:_EXCERPT] + "…") if len(value) > _EXCERPT else repr(value)
        label = f"{f.detector}/{f.kind}"
        lines.append(f"{f.start:>7}-{f.end:<7} {f.cls.value:<11} {label:<36} {f.confidence:4.2f}  {shown}")
    return lines
