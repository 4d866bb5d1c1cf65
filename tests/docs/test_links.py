"""Every relative link in the repository's Markdown leads to a file that exists, and every
``#anchor`` to a heading of it (GitHub's slugs), so a reader of the README or the docs meets no
dead link. External links (a scheme, ``mailto:``) are not fetched: no network."""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"(?<!!)\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)


def documents() -> list[Path]:
    """The Markdown under version control, the data sets' own cards excepted (their authors' text)."""
    if (ROOT / ".git").exists():
        listed = subprocess.run(["git", "ls-files", "*.md"], cwd=ROOT, capture_output=True, text=True, check=True)
        paths = listed.stdout.split()
    else:  # an unpacked sdist
        paths = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*.md") if not {".venv", "node_modules"} & set(p.parts)]
    return [ROOT / p for p in sorted(paths) if not p.startswith("evals/injection/")]


def slug(heading: str) -> str:
    """A heading's anchor as GitHub renders it."""
    text = re.sub(r"`|\*\*|__|\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


@cache
def anchors(path: Path) -> frozenset[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6}\s+(.+?)\s*#*$", text, re.M):
        base, n = slug(heading), 0
        while (candidate := base if n == 0 else f"{base}-{n}") in found:
            n += 1
        found.add(candidate)
    found.update(re.findall(r"<a\s+(?:name|id)=\"([^\"]+)\"", text))
    return frozenset(found)


def dead_links(path: Path) -> list[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    text = re.sub(r"`[^`\n]*`", "", text)  # inline code shows link syntax, it is not a link
    out = []
    for target in LINK.findall(text):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto: …
            continue
        file, _, anchor = target.partition("#")
        where = (path.parent / file).resolve() if file else path
        if not where.exists():
            out.append(f"{target}: no such file")
        elif anchor and where.suffix == ".md" and anchor not in anchors(where):
            shown = where.relative_to(ROOT) if where.is_relative_to(ROOT) else where
            out.append(f"{target}: no heading #{anchor} in {shown}")
    return out


@pytest.mark.parametrize("path", documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_somewhere(path: Path) -> None:
    assert dead_links(path) == []


def test_the_check_finds_a_dead_file_and_a_dead_anchor(tmp_path: Path) -> None:
    (tmp_path / "there.md").write_text("# A title\n\n## `weir gateway` and more\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "[ok](there.md) [ok](there.md#weir-gateway-and-more) [ok](#local) [web](https://example.org/x)\n"
        "## Local\n[gone](missing.md) [bad](there.md#nowhere) `[code](nothing.md)`\n"
        "```\n[fenced](nothing.md)\n```\n",
        encoding="utf-8",
    )
    there = (tmp_path / "there.md").resolve()
    assert dead_links(page) == ["missing.md: no such file", f"there.md#nowhere: no heading #nowhere in {there}"]


# Names of Markdown files that are not the repository's: what a command writes, an example's file,
# and a file named beside the folder it is in ("detect/ … HISTORY.md").
NOT_OURS = {"weir-out/tools.md", "tool-safety.md", "notes.md", "HISTORY.md"}


def test_no_page_or_docstring_names_a_markdown_file_the_repository_lacks() -> None:
    """Prose, not only links: "see DESIGN.md" sent readers to a file only the developers had."""
    sources = [*documents(), *sorted((ROOT / "src" / "weir").rglob("*.py"))]
    missing = set()
    for path in sources:
        if path.name in ("history.md", "CHANGELOG.md"):  # the record of what was, by its nature
            continue
        for name in re.findall(r"(?<![\w/.:-])([\w./-]+\.md)\b", path.read_text(encoding="utf-8")):
            places = (ROOT / name, path.parent / name, ROOT / "docs" / name)
            if name not in NOT_OURS and not any(p.exists() for p in places):
                missing.add(f"{path.relative_to(ROOT)}: {name}")
    assert sorted(missing) == []
