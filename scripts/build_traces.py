"""Build the shipped trace corpus from its readable sources.

Sources (YAML, so e-mails and pages read as text): ``scripts/traces/catalogs.yaml`` holds each
server's ``tools/list`` as wire Tool objects; ``scripts/traces/sessions/*.yaml`` holds one trace
each. Output: ``src/weir/data/traces/<name>.jsonl`` (the trace, exactly the format `weir gateway
--record` writes; these ship) and ``evals/traces/expected.json`` (the ground truth, per trace and
0-based line: ``benign`` or ``hijacked``; it does not ship). The truth lives only in the sidecar,
never in a trace.

Re-run after editing a source:  ``.venv/bin/python scripts/build_traces.py``  (``--check`` exits 1
when the shipped files are not what the sources produce).

A session source looks like::

    name: bill-pay-known-payee
    summary: what the user asked, and what happens
    servers: [mail, bank]            # their tools/list is recorded first, as a gateway would
                                     # (a step `{tools: notes@v2}` records a later re-list)
    meta: {...}                      # optional request _meta sent with every call
    sessions:
      - id: 7f3c...
        steps:
          - call: mail/search_mail
            args: {query: "..."}
            truth: benign            # or hijacked
            injected: true           # optional: this step's result carries injected instructions
            result:                  # a wire CallToolResult, or the shorthand below
              text: "..."            # one text block (or `blocks: [{text, meta}]`)
              structured: {...}      # structuredContent
              meta: {...}            # the result's _meta
              error: true            # isError
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "scripts" / "traces"
OUT = ROOT / "src" / "weir" / "data" / "traces"
EXPECTED = ROOT / "evals" / "traces" / "expected.json"
TRUTHS = {"benign", "hijacked"}


def _line(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _result(spec: dict[str, Any]) -> dict[str, Any]:
    if "content" in spec:  # already a wire CallToolResult
        return spec
    if "blocks" in spec:
        blocks = [
            {"type": "text", "text": b["text"], **({"_meta": b["meta"]} if "meta" in b else {})} for b in spec["blocks"]
        ]
    else:
        blocks = [{"type": "text", "text": spec.get("text", "")}]
    result: dict[str, Any] = {"content": blocks}
    if "structured" in spec:
        result["structuredContent"] = spec["structured"]
    result["isError"] = bool(spec.get("error", False))
    if "meta" in spec:
        result["_meta"] = spec["meta"]
    return result


def build_trace(
    source: dict[str, Any], catalogs: dict[str, list[dict[str, Any]]]
) -> tuple[list[str], dict[str, str], list[int]]:
    """The trace's lines, its ground truth (call line as a string → label) and the lines whose
    content carries injected instructions (a result, or a tools/list with a poisoned description)."""
    lines: list[str] = []
    truth: dict[str, str] = {}
    injected: list[int] = []
    listed: dict[str, set[str]] = {}

    def list_tools(key: str, *, poisoned: bool = False) -> None:
        # ``server@v2`` is a later catalogue of ``server`` (a re-list after an update).
        server = key.split("@", 1)[0]
        listed[server] = {t["name"] for t in catalogs[key]}
        if poisoned:
            injected.append(len(lines))
        lines.append(_line({"event": "tools", "server": server, "tools": catalogs[key]}))

    for key in source["servers"]:
        list_tools(key, poisoned=key in source.get("poisoned", ()))
    meta = source.get("meta")
    for session in source["sessions"]:
        lines.append(_line({"event": "session", "id": session["id"]}))
        for step in session["steps"]:
            if "tools" in step:
                list_tools(step["tools"], poisoned=step.get("injected", False))
                continue
            server, tool = step["call"].split("/", 1)
            if tool not in listed.get(server, set()):
                raise SystemExit(f"{source['name']}: {server} has not listed a tool {tool}")
            if step.get("truth") not in TRUTHS:
                raise SystemExit(f"{source['name']}: step {step['call']} needs truth: benign|hijacked")
            call: dict[str, Any] = {"event": "call", "server": server, "tool": tool, "arguments": step.get("args", {})}
            if meta or step.get("meta"):
                call["_meta"] = {**(meta or {}), **step.get("meta", {})}
            truth[str(len(lines))] = step["truth"]
            lines.append(_line(call))
            if "result" in step:
                if step.get("injected"):
                    injected.append(len(lines))
                result = _result(step["result"])
                lines.append(_line({"event": "result", "server": server, "tool": tool, "result": result}))
    return lines, truth, injected


def build() -> dict[Path, str]:
    """Every output file's path and content."""
    catalogs = yaml.safe_load((SOURCES / "catalogs.yaml").read_text(encoding="utf-8"))
    outputs: dict[Path, str] = {}
    expected: dict[str, Any] = {}
    for path in sorted((SOURCES / "sessions").glob("*.yaml")):
        source = yaml.safe_load(path.read_text(encoding="utf-8"))
        lines, truth, injected = build_trace(source, catalogs)
        name = f"{source['name']}.jsonl"
        outputs[OUT / name] = "\n".join(lines) + "\n"
        expected[name] = {"summary": " ".join(source["summary"].split()), "calls": truth, "injected": injected}
    doc = {
        "about": "Ground truth per trace: each call event's 0-based line → benign or hijacked; `injected`: "
        "the lines (results, or tools events) whose content carries injected instructions.",
        "traces": expected,
    }
    outputs[EXPECTED] = json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
    return outputs


def main(argv: list[str]) -> int:
    outputs = build()
    if "--check" in argv:
        stale = [p for p, text in outputs.items() if not p.exists() or p.read_text(encoding="utf-8") != text]
        for p in stale:
            print(f"stale: {p.relative_to(ROOT)}")
        return 1 if stale else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for p in OUT.glob("*.jsonl"):
        if p not in outputs:
            p.unlink()
    for p, text in outputs.items():
        p.write_text(text, encoding="utf-8")
    calls = sum(len(v["calls"]) for v in json.loads(outputs[EXPECTED])["traces"].values())
    print(f"wrote {len(outputs) - 1} traces ({calls} calls) to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
