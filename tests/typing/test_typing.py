"""The public API of weir.server and weir.client type-checks strictly, and is a deliberate surface."""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

import weir.client
import weir.server

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def _isort_order(names: list[str]) -> list[str]:
    # ruff's RUF022 order: CONSTANTS, then Classes, then functions.
    return sorted(names, key=lambda n: (not n.isupper(), not n[:1].isupper(), n))


@pytest.mark.parametrize("module", [weir.server, weir.client])
def test_all_is_sorted_and_every_name_resolves_and_is_documented(module: object) -> None:
    names = list(module.__all__)  # type: ignore[attr-defined]
    assert names == _isort_order(names)
    for name in names:
        value = getattr(module, name)
        if callable(value) and not isinstance(value, type(list[int])):
            assert (getattr(value, "__doc__", None) or "").strip(), name


def test_the_typing_smoke_file_and_the_examples_pass_mypy_strict(monkeypatch: pytest.MonkeyPatch) -> None:
    # The scenario scripts import their sibling `_scenario`, as running them does.
    monkeypatch.setenv("MYPYPATH", str(ROOT / "examples"))
    scripts = [p for p in sorted((ROOT / "examples").glob("*.py")) if p.name != "_scenario.py"]
    targets = [str(HERE / "typed_api.py"), *(str(p) for p in scripts)]
    stdout, stderr, status = api.run(["--strict", "--config-file", str(ROOT / "pyproject.toml"), *targets])
    assert status == 0, stdout + stderr
