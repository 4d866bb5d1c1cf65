"""The wheel, built once per test run from this checkout and shared by every xdist worker.

Built with ``--no-build-isolation``: hatchling comes from the dev extra (the same backend pyproject
names), so the build neither installs a build environment nor asks the package index.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.shared import once_per_run

ROOT = Path(__file__).resolve().parents[2]


PIP_WHEEL = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation"]


def _build(out: Path) -> None:
    subprocess.run(
        [*PIP_WHEEL, "--wheel-dir", str(out), str(ROOT)],
        check=True,
        capture_output=True,
    )


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    (built,) = once_per_run(tmp_path_factory, "wheel", _build).glob("mcp_weir-*.whl")
    return built
