"""`python -m weir.demo` (what scripts/run executes): lints, documents, and says where the page is."""

from __future__ import annotations

from pathlib import Path

import pytest

from weir.demo import main


def test_the_demo_checks_every_bundled_catalog_and_writes_the_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "weir-out"
    assert main([str(out)]) == 0
    printed = capsys.readouterr().out
    assert "W101 error drop_table" in printed
    assert "planted: 28/28 documented findings reported, 0 unexpected — as documented" in printed
    page = out / "tool-safety.html"
    assert f"Safety table (HTML, self-contained): {page.resolve()}" in printed
    assert "http" not in page.read_text(encoding="utf-8")
    assert (out / "tool-safety.md").is_file()
    assert (out / "lint.sarif").is_file()


def test_the_demo_defaults_to_weir_out_in_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main([]) == 0
    assert (tmp_path / "weir-out" / "tool-safety.html").is_file()
    capsys.readouterr()
