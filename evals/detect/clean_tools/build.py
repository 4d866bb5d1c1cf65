"""Build ``evals/detect/clean-tools.jsonl``: real tool definitions from public MCP servers, as a
false-positive check for the poisoning detector (every record is ``poisoned: false``).

Nobody on the team wrote these definitions. Each source is read from a snapshot of its public
repository (``fetch`` of the repository, or a clone): the commit read is recorded per record, and
the licences are in ``clean-tools.LICENSES``.

- ``github/github-mcp-server`` (MIT): the ``pkg/github/__toolsnaps__/*.snap`` files, which are the
  server's own ``tools/list`` entries as JSON;
- ``microsoft/playwright-mcp`` (Apache-2.0): the tool reference of its README (title, description,
  parameters with their descriptions, read-only flag), generated there from the tool definitions;
- ``makenotion/notion-mcp-server`` (MIT): its OpenAPI file, one tool per operation the way the
  server turns them into tools (``operationId``, summary and description, parameter descriptions);
- ``modelcontextprotocol/servers`` (MIT / Apache-2.0): ``registerTool`` calls of the TypeScript
  servers (title, description and the ``.describe(...)`` texts of their parameters).

Usage: ``python -m evals.detect.clean_tools.build MIRROR_ROOT`` where ``MIRROR_ROOT`` holds
``<owner>+<name>/repo`` git directories (the layout of the ``fetch`` tool); output is sorted and
deterministic for given commits.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "clean-tools.jsonl"


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout


def _files(repo: Path, pattern: str) -> list[str]:
    return sorted(p for p in _git(repo, "ls-tree", "-r", "--name-only", "HEAD").splitlines() if re.search(pattern, p))


def github(repo: Path) -> Iterator[dict[str, Any]]:
    for path in _files(repo, r"^pkg/github/__toolsnaps__/.*\.snap$"):
        yield json.loads(_git(repo, "show", f"HEAD:{path}"))


_PW_TOOL = re.compile(r"^- \*\*(\w+)\*\*\n((?:  .*\n?)+)", re.M)
_PW_PARAM = re.compile(r"^    - `(\w+)` \(([\w ,]+)\): (.*)$", re.M)


def playwright(repo: Path) -> Iterator[dict[str, Any]]:
    readme = _git(repo, "show", "HEAD:README.md")
    for m in _PW_TOOL.finditer(readme):
        body = m.group(2)
        title = re.search(r"^  - Title: (.*)$", body, re.M)
        desc = re.search(r"^  - Description: (.*)$", body, re.M)
        if not desc:
            continue
        props = {
            name: {"type": kind.split(",")[0].strip(), "description": text}
            for name, kind, text in _PW_PARAM.findall(body)
        }
        tool: dict[str, Any] = {"name": m.group(1), "description": desc.group(1)}
        tool["inputSchema"] = {"type": "object", "properties": props}
        if title:
            tool["annotations"] = {"title": title.group(1), "readOnlyHint": "**true**" in body}
        yield tool


def notion(repo: Path) -> Iterator[dict[str, Any]]:
    spec = json.loads(_git(repo, "show", "HEAD:scripts/notion-openapi.json"))
    for ops in spec["paths"].values():
        for op in ops.values():
            if not isinstance(op, dict) or "operationId" not in op:
                continue
            text = " ".join(x for x in (op.get("summary"), op.get("description")) if x)
            props = {
                p["name"]: {"type": "string", "description": p["description"]}
                for p in op.get("parameters", [])
                if isinstance(p, dict) and p.get("description")
            }
            yield {
                "name": op["operationId"],
                "description": text,
                "inputSchema": {"type": "object", "properties": props},
            }


_TS_TOOL = re.compile(
    r"registerTool\(\s*\n?\s*[\"'](?P<name>[\w-]+)[\"'],\s*\{\s*title:\s*[\"'](?P<title>[^\"']*)[\"'],\s*"
    r"description:\s*(?:`(?P<tick>[^`]*)`|\"(?P<dq>(?:[^\"\\]|\\.)*)\"|'(?P<sq>(?:[^'\\]|\\.)*)')"
    r"(?P<rest>.*?)\n  \}",
    re.S,
)
_DESCRIBE = re.compile(r"(\w+):\s*z\.[^\n]*?\.describe\(\s*[\"'`]((?:[^\"'`\\]|\\.)*)[\"'`]")


def reference(repo: Path) -> Iterator[dict[str, Any]]:
    for path in _files(repo, r"^src/[\w-]+/(?:index|tools/[\w-]+)\.ts$"):
        source = _git(repo, "show", f"HEAD:{path}")
        for m in _TS_TOOL.finditer(source):
            text = m.group("tick") or m.group("dq") or m.group("sq") or ""
            props = {k: {"type": "string", "description": v} for k, v in _DESCRIBE.findall(m.group("rest"))}
            yield {
                "name": m.group("name"),
                "description": text.replace('\\"', '"').replace("\\n", "\n"),
                "inputSchema": {"type": "object", "properties": props},
                "annotations": {"title": m.group("title")},
            }


SOURCES = {
    "github/github-mcp-server": github,
    "microsoft/playwright-mcp": playwright,
    "makenotion/notion-mcp-server": notion,
    "modelcontextprotocol/servers": reference,
}


def build(root: Path) -> list[dict[str, Any]]:
    records = []
    for source, read in SOURCES.items():
        repo = root / source.replace("/", "+") / "repo"
        commit = _git(repo, "rev-parse", "HEAD").strip()
        for tool in read(repo):
            records.append({"source": source, "commit": commit, "poisoned": False, "tool": tool})
    records.sort(key=lambda r: (r["source"], r["tool"]["name"]))
    return records


def main(argv: list[str]) -> int:
    root = Path(argv[0] if argv else "/work/.mirror")
    records = build(root)
    with OUT.open("w", encoding="utf-8") as out:
        for r in records:
            out.write(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"{len(records)} tools -> {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
