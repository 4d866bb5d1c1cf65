"""The text layer's tables are Unicode's: every format character, the listed remainder, nothing else."""

import importlib.util
import unicodedata
from pathlib import Path

import pytest

from weir.text import chars
from weir.text.unidata import CONFUSABLES, INVISIBLE, UNICODE_VERSION

ROOT = Path(__file__).resolve().parents[2]


def _generator():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("gen_text_tables", ROOT / "scripts" / "gen_text_tables.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GEN = _generator()
TABLE = {p for lo, hi in INVISIBLE for p in range(lo, hi + 1)}


def test_every_format_character_is_in_the_table_unless_it_is_drawn() -> None:
    assert unicodedata.unidata_version == UNICODE_VERSION, "regenerate: python3 scripts/gen_text_tables.py"
    drawn = {p for lo, hi in GEN.DRAWN_FORMAT for p in range(lo, hi + 1)}
    cf = {p for p in range(0x110000) if unicodedata.category(chr(p)) == "Cf"}
    assert cf - drawn <= TABLE
    assert drawn.isdisjoint(TABLE)
    remainder = {p for lo, hi in GEN.REMAINDER for p in range(lo, hi + 1)}
    assert TABLE - cf == remainder  # nothing else: no hand-kept extras
    assert {0x180B, 0x180C, 0x180D, 0x180E, 0x180F, 0x200B, 0xFEFF, 0x2064, 0xE0041} <= TABLE


def test_the_kinds_split_the_table_exactly() -> None:
    kinds = [chars.TAG_CHARS, chars.BIDI_CONTROLS, chars.BIDI_MARKS, chars.ZERO_WIDTH]
    kinds += [chars.VARIATION_SELECTORS, chars.INVISIBLE_FORMAT]
    sets = [chars.class_points(k) for k in kinds]
    assert sum(len(s) for s in sets) == len(set().union(*sets))  # disjoint
    tags = sets[0]
    assert set().union(*sets) - tags == TABLE - tags


def test_confusables_map_letters_to_the_ascii_letter_they_are_drawn_like() -> None:
    assert CONFUSABLES["\u0430"] == "a"  # Cyrillic а
    assert CONFUSABLES["\u0399"] == "I"  # Greek capital iota reads as I, not l
    assert CONFUSABLES["\u03bf"] == "o"
    assert all(not k.isascii() and v.isascii() and v.isalnum() for k, v in CONFUSABLES.items())
    assert all(unicodedata.normalize("NFKC", k) == k for k in CONFUSABLES)


def test_the_shipped_file_is_what_the_generator_writes() -> None:
    if not GEN.CONFUSABLES_JSON.exists():
        pytest.skip("confusables.json is not installed (Debian: python3-confusable-homoglyphs)")
    shipped = (ROOT / "src" / "weir" / "text" / "unidata.py").read_text(encoding="utf-8")
    assert GEN.build() == shipped
