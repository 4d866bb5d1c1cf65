"""The rule registry: stable ids, registered once, each documented with an example in docs/lint.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import weir.lint.rules  # noqa: F401
from weir.labels.provenance import Severity
from weir.lint.registry import RULES, rule

DOC = Path(__file__).resolve().parents[2] / "docs" / "lint.md"


def test_ids_are_w_and_three_digits_and_names_are_kebab_case() -> None:
    for rid, r in RULES.items():
        assert re.fullmatch(r"W\d{3}", rid)
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", r.name)
        assert r.summary.endswith(".")
        assert r.fix


def test_an_id_cannot_be_registered_twice_or_malformed() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        rule("W101", "again", Severity.INFO, "s.", "f")(lambda ctx: iter(()))
    with pytest.raises(ValueError, match="three digits"):
        rule("X1", "bad", Severity.INFO, "s.", "f")


def test_every_rule_is_documented_with_an_example() -> None:
    text = DOC.read_text(encoding="utf-8")
    sections = re.split(r"^### ", text, flags=re.MULTILINE)[1:]
    documented = {s.split()[0]: s for s in sections}
    assert set(documented) == set(RULES)
    for rid, body in documented.items():
        assert RULES[rid].name in body.splitlines()[0], rid
        assert "```json" in body, f"{rid} has no example"
