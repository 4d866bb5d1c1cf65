"""CHANGELOG.md is release notes in Keep a Changelog form, not a diary (that is docs/history.md)."""

from __future__ import annotations

import re
from pathlib import Path

from weir import __version__

ROOT = Path(__file__).resolve().parents[2]
TEXT = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
KINDS = {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


def _entries() -> list[str]:
    entries: list[str] = []
    for line in TEXT.splitlines():
        if line.startswith("- "):
            entries.append(line)
        elif line.startswith("  ") and entries:
            entries[-1] += "\n" + line
    return entries


def test_unreleased_comes_first_then_releases_newest_first_the_newest_being_this_version() -> None:
    headings = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", TEXT, re.M)
    assert headings[0] == ("Unreleased", "")
    releases = headings[1:]
    assert releases[0][0] == __version__
    assert all(date for _, date in releases), "every release has its date"
    assert [d for _, d in releases] == sorted((d for _, d in releases), reverse=True)
    versions = [tuple(int(x) for x in v.split(".")) for v, _ in releases]
    assert versions == sorted(versions, reverse=True)


def test_entries_are_grouped_by_kind_and_read_in_a_line_or_three() -> None:
    kinds = set(re.findall(r"^### (.+)$", TEXT, re.M))
    assert kinds <= KINDS
    assert not re.search(r"^#### ", TEXT, re.M), "no sub-headings: a release is grouped by kind only"
    entries = _entries()
    assert entries
    long = [e.splitlines()[0] for e in entries if len(e.splitlines()) > 3 or len(e) > 330]
    assert long == [], "entries longer than three lines belong in docs/history.md"


def test_the_diary_is_kept_in_docs_history() -> None:
    history = (ROOT / "docs" / "history.md").read_text(encoding="utf-8")
    assert "## The development diary (to 0.3.0)" in history
    assert "## Gateway performance, branch by branch" in history
    gateway = (ROOT / "docs" / "gateway.md").read_text(encoding="utf-8")
    assert "branch `gw" not in gateway  # the performance logs left the user reference


def test_no_user_reference_carries_a_branch_by_branch_log() -> None:
    """Performance history is docs/history.md's: no other page has a section named after a branch or a round."""
    diary = re.compile(r"^#+ .*(\bbranch\b|\bRound \d)", re.M)
    pages = sorted((ROOT / "docs").rglob("*.md"))
    assert len(pages) > 10
    found = [
        f"{p.relative_to(ROOT)}: {m.group(0)}"
        for p in pages
        if p.name != "history.md"
        for m in diary.finditer(p.read_text(encoding="utf-8"))
    ]
    assert found == []
