"""Normalisation removes what hides text from detectors and maps spans back to the original."""

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from weir.text.normal import Normalized, _decode_tags, _nfkc_edits, normalize, special_runs

ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"]


def test_plain_ascii_is_returned_unchanged_with_an_identity_map() -> None:
    norm = normalize("nothing to see here")
    assert norm.text == "nothing to see here"
    assert not norm.changed
    assert norm.span(3, 7) == (3, 7)


def test_zero_width_characters_are_removed_and_a_span_over_them_covers_them() -> None:
    norm = normalize("pass\u200bword")
    assert norm.text == "password"
    assert norm.span(0, 8) == (0, 9)
    assert norm.span(4, 8) == (5, 9)


def test_fullwidth_letters_become_ascii_one_to_one() -> None:
    norm = normalize("key ＡＫＩＡ end")
    assert norm.text == "key AKIA end"
    assert norm.span(4, 8) == (4, 8)


def test_an_expanding_character_maps_every_part_to_the_whole_original_character() -> None:
    norm = normalize("a\ufb01b")  # the "fi" ligature
    assert norm.text == "afib"
    assert norm.span(1, 2) == (1, 2)
    assert norm.span(2, 3) == (1, 2)
    assert norm.span(1, 4) == (1, 3)


def test_unicode_tags_are_decoded_to_the_ascii_they_hide() -> None:
    hidden = "".join(chr(0xE0000 + ord(c)) for c in "ignore")
    norm = normalize(f"ok{hidden}!")
    assert norm.text == "okignore!"
    assert norm.span(2, 8) == (2, 8)


def test_an_emoji_flag_tag_sequence_is_removed_not_decoded() -> None:
    flag = "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"
    assert normalize(f"go {flag}").text == "go \U0001f3f4"


def test_ansi_csi_sequences_are_removed_but_osc_payloads_stay_visible() -> None:
    assert normalize("\x1b[31mred\x1b[0m").text == "red"
    assert normalize("\x1b]0;title\x07z").text == "0;titlez"


def test_control_characters_are_removed_but_tab_and_newlines_kept() -> None:
    assert normalize("a\x00b\tc\nd\re\x7f").text == "ab\tc\nd\re"


def test_a_text_of_only_invisible_characters_normalises_to_empty() -> None:
    norm = normalize("\u200b\u200b")
    assert norm.text == ""
    assert norm.span(0, 0) == (2, 2)


@settings(max_examples=200)
@given(st.text())
def test_normalize_never_raises_and_spans_stay_inside_the_original(text: str) -> None:
    norm = normalize(text)
    for start in range(0, len(norm.text) + 1, max(1, len(norm.text) // 7)):
        for end in (start, min(len(norm.text), start + 3)):
            s, e = norm.span(start, end)
            assert 0 <= s <= e <= len(text)


@settings(max_examples=150)
@given(
    st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), min_size=1),
    st.lists(st.tuples(st.integers(min_value=0), st.sampled_from(ZERO_WIDTH)), max_size=8),
)
def test_inserted_zero_width_characters_never_change_what_detectors_see(
    clean: str, inserts: list[tuple[int, str]]
) -> None:
    dirty = clean
    for pos, ch in inserts:
        at = pos % (len(dirty) + 1)
        dirty = dirty[:at] + ch + dirty[at:]
    norm = normalize(dirty)
    assert norm.text == clean
    for i, ch in enumerate(clean):
        s, e = norm.span(i, i + 1)
        assert dirty[s:e] == ch


def _reference(text: str) -> Normalized:
    """Normalising as first written: every run classified, one map piece per edit and stretch."""
    edits: list[tuple[int, int, str]] = []
    for kind, start, end in special_runs(text):
        if kind in ("ansi", "removed"):
            edits.append((start, end, ""))
        elif kind == "tags":
            after_flag = start > 0 and text[start - 1] == "\U0001f3f4"
            edits.append((start, end, _decode_tags(text[start:end], after_flag=after_flag)))
        elif not unicodedata.is_normalized("NFKC", text[start:end]):
            edits.extend(_nfkc_edits(text[start:end], start))
    parts, pieces, pos, npos = [], [], 0, 0
    for o_start, o_end, rep in edits:
        if o_start > pos:
            pieces.append((npos, pos, o_start - pos, o_start - pos))
            parts.append(text[pos:o_start])
            npos += o_start - pos
        if rep:
            pieces.append((npos, o_start, len(rep), o_end - o_start))
            parts.append(rep)
            npos += len(rep)
        pos = o_end
    if pos < len(text):
        pieces.append((npos, pos, len(text) - pos, len(text) - pos))
        parts.append(text[pos:])
    if not edits:
        return Normalized(text, text)
    if not pieces:
        return Normalized("", text, ((0, 0, 0, len(text)),), (0,))
    return Normalized("".join(parts), text, tuple(pieces), tuple(p[0] for p in pieces))


_PIECES = [
    *"ab 1\n",
    "é",
    "Ａ",
    "，",
    "\ufb01",
    "\u200b",
    "\x1b[1m",
    "\U000e0041",
    "\U0001f3f4\U000e0067\U000e007f",
    "ﾊﾟ",
]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=12).map("".join))
def test_normalising_agrees_with_the_first_written_version_on_text_and_every_span(text: str) -> None:
    norm, ref = normalize(text), _reference(text)
    assert norm.text == ref.text
    assert norm.changed == ref.changed
    spans = [(s, e) for s in range(len(norm.text) + 2) for e in range(s, len(norm.text) + 2)]
    assert [norm.span(s, e) for s, e in spans] == [ref.span(s, e) for s, e in spans]
