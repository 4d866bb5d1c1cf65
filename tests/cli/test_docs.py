"""`weir docs`: Markdown on stdout or to a file, one HTML page, from files or a live server."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.servers.launch import stdio_argv
from weir.catalog.bundled import bundled_catalogs
from weir.cli.app import app

runner = CliRunner()
CATALOGS = bundled_catalogs()


def test_markdown_goes_to_stdout_by_default() -> None:
    result = runner.invoke(app, ["docs", str(CATALOGS["mail"]), "--title", "Mail"])
    assert result.exit_code == 0
    assert result.output.startswith("# Mail")
    assert "| **send\\_email**" in result.output


def test_html_and_markdown_are_written_where_asked(tmp_path: Path) -> None:
    html, md = tmp_path / "out" / "page.html", tmp_path / "page.md"
    result = runner.invoke(
        app, ["docs", str(CATALOGS["web"]), str(CATALOGS["files"]), "--html", str(html), "--markdown", str(md)]
    )
    assert result.exit_code == 0, result.output
    page = html.read_text(encoding="utf-8")
    assert page.count("<section>") == 2
    assert "fetch_url" in page
    assert "delete\\_file" in md.read_text(encoding="utf-8")


def test_a_dash_writes_to_stdout_not_to_a_file_named_dash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["docs", str(CATALOGS["mail"]), "--title", "Mail", "--markdown", "-"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("# Mail")
    assert not (tmp_path / "-").exists()


def test_lint_findings_appear_unless_turned_off() -> None:
    with_lint = runner.invoke(app, ["docs", str(CATALOGS["seeds"])]).output
    without = runner.invoke(app, ["docs", str(CATALOGS["seeds"]), "--no-lint"]).output
    assert "lint: W101 error" in with_lint
    assert "lint:" not in without


def test_an_unreadable_catalog_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    result = runner.invoke(app, ["docs", str(bad)])
    assert result.exit_code == 2
    assert "not valid JSON" in result.output


@pytest.mark.slow
def test_docs_from_a_live_stdio_server_show_raw_annotations(tmp_path: Path) -> None:
    command = shlex.join(stdio_argv(CATALOGS["web"], "--raw-annotations"))
    html = tmp_path / "web.html"
    result = runner.invoke(app, ["docs", "--server", command, "--html", str(html)])
    assert result.exit_code == 0, result.output
    assert "sep-2061: annotations.<wbr>inputMetadata.<wbr>Outcomes" in html.read_text(encoding="utf-8")
