"""The public API of weir.server and weir.client is a deliberate surface.

That it (and the examples) type-check strictly is checked by ``scripts/test``'s lint stage, which
runs ``mypy --strict`` over ``tests/typing/typed_api.py`` and ``examples/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

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
