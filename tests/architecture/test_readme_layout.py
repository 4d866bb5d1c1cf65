"""The README's "Layout" is a tour of the folder tree, not a second layer diagram: it names every
package of src/weir, highest layer first, in docs/architecture.md's order (the one the layer test
reads), so the two never disagree."""

from __future__ import annotations

import re
from pathlib import Path

from tests.architecture.test_layers import RANK

ROOT = Path(__file__).resolve().parents[2]


def _tour() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"## Layout\n.*?```\nsrc/weir/\n(.*?)```", text, re.S)
    assert found is not None, "the README lost its Layout block"
    names = []
    for line in found.group(1).splitlines():
        if line.startswith("  ") and not line.startswith("   "):  # a package line (deeper lines are rooms)
            names += re.findall(r"([a-z_]+)(?:/|\.py)(?=\s)", re.split(r"\s{3,}", line.strip() + "   ")[0] + " ")
    return names


def test_the_readme_tour_follows_the_layer_order() -> None:
    ranks = [RANK[name] for name in _tour()]
    assert ranks == sorted(ranks, reverse=True), list(zip(_tour(), ranks, strict=True))


def test_the_readme_tour_names_every_package() -> None:
    src = ROOT / "src" / "weir"
    packages = {p.name for p in src.iterdir() if (p / "__init__.py").is_file()}
    assert packages - set(_tour()) == set()
