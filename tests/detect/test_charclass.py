"""The character table agrees with the definitions it speeds up."""

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from weir.detect.charclass import CHANGED, HIDDEN, flagged_runs
from weir.detect.normalize import REMOVED_CLASS, TAG_CHARS


def test_runs_cover_exactly_the_hidden_characters() -> None:
    text = "ab\u200bc\u200d\u200dd\U000e0041e\x1bf"
    assert flagged_runs(text, HIDDEN) == [(2, 3), (4, 6), (7, 8), (9, 10)]


def test_runs_of_changed_characters_are_found_in_otherwise_stable_text() -> None:
    text = "café ＡＢ ﬁ 東京"
    assert flagged_runs(text, CHANGED) == [(5, 7), (8, 9)]
    assert flagged_runs("café 東京 😀", HIDDEN | CHANGED) == []


@settings(max_examples=300)
@given(st.characters(max_codepoint=0x10FFFF))
def test_every_character_is_flagged_exactly_when_the_definitions_say_so(ch: str) -> None:
    import re

    hidden = bool(re.fullmatch(f"[{REMOVED_CLASS}{TAG_CHARS}\x1b]", ch)) or 0xE0000 <= ord(ch) <= 0xE01EF
    changed = unicodedata.normalize("NFKC", ch) != ch
    runs = flagged_runs(f"x{ch}x", HIDDEN)
    assert (runs == [(1, 2)]) == hidden
    if ord(ch) < 0x20000 or 0x2F800 <= ord(ch) <= 0x2FA1F:
        assert (flagged_runs(f"x{ch}x", CHANGED) == [(1, 2)]) == changed
