"""`--help` reads as plain text: flags without a type column, sentences wrapped at word boundaries."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from weir.cli.app import app

runner = CliRunner()

COMMANDS = [
    [],
    ["gateway"],
    ["lint"],
    ["docs"],
    ["scan"],
    ["replay"],
    ["schema"],
    ["audit", "tail"],
    ["audit", "show"],
    ["audit", "verify-evidence"],
    ["pins", "approve"],
    ["policy", "check"],
    ["config", "check"],
    ["approvals", "approve"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "weir")
def test_help_is_plain_text_without_bool_types_or_boxes(command: list[str]) -> None:
    done = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "80"})
    assert done.exit_code == 0, done.output
    assert done.stdout.startswith("Usage: ")
    assert "<bool>" not in done.stdout
    assert not any(ch in done.stdout for ch in "╭│╰─")


def test_a_docstring_paragraph_is_refilled_as_one_paragraph() -> None:
    """`weir docs`' docstring breaks a sentence over two source lines; help refills the paragraph
    at word boundaries instead of keeping the source's line break."""
    done = runner.invoke(app, ["docs", "--help"])
    lines = done.stdout.splitlines()
    paragraph = " ".join(line.strip() for line in lines[2:5])
    assert paragraph.startswith("Generate safety tables: per tool, its effect, outcome, destination, sensitivity")
    assert "in and out, confirmation and reversibility" in paragraph
    assert all(len(line) <= 80 for line in lines)


def test_python_dash_m_weir_runs_the_command() -> None:
    """Where the environment's scripts are not on PATH, ``python -m weir`` is the ``weir`` command."""
    import subprocess
    import sys

    command = [sys.executable, "-m", "weir", "policy", "--help"]
    done = subprocess.run(command, check=False, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "Check and explain policies." in done.stdout
