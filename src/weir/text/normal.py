"""Text normalisation before detection, with an offset map back to the original text.

Attackers hide content from pattern detectors by splitting it with zero-width characters, by
writing it in fullwidth or other compatibility forms, by wrapping it in terminal escapes, or by
smuggling it in Unicode tag characters that render as nothing. :func:`normalize` undoes all of
that so every detector sees the plain text, and :class:`Normalized` maps any span it finds back
to the characters of the original, so a redaction still removes the hidden parts too.

What happens, in one left-to-right pass:

- ANSI/VT escape sequences (CSI, OSC, two-character escapes) are removed;
- the invisible characters (:data:`weir.text.unidata.INVISIBLE`, generated from Unicode data:
  category Cf and the default-ignorable remainder), and C0/C1 control characters other than
  tab, line feed and carriage return, are removed;
- Unicode tag characters U+E0020–U+E007E are decoded to the ASCII they shadow (that is what a
  model reads), other tags removed; an emoji flag's tag sequence is removed, not decoded;
- every other non-ASCII run that is not already NFKC-stable is NFKC-normalised per character.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from weir.text.charclass import CHANGED, HIDDEN, flagged_runs, has_ascii_controls
from weir.text.chars import CONTROL_CHARS, REMOVED_CLASS, TAG_CHARS

__all__ = ["ASCII_SPECIAL", "Normalized", "normalize", "plain", "special_runs"]

# Python's regex engine is slow at classifying every character, so the work is in two steps:
# a numpy table lookup finds the few runs of characters that need anything (charclass.py), then
# regular expressions classify inside each run.
ASCII_SPECIAL = re.compile(f"[{CONTROL_CHARS}\x1b]")
"""The only characters normalising touches in pure-ASCII text."""
ANSI = re.compile(r"\x1b(?:\[[0-?]{0,64}[ -/]{0,8}[@-~]|[@-Z\\-_]|)")
"""One ANSI/VT escape: a CSI sequence, a two-character escape, or a lone ESC. An OSC keeps its
payload visible to detectors (only ``ESC ]`` and the BEL/ST terminator go), so a secret in a
terminal title or hyperlink is still seen."""
_CLASSIFY = re.compile(
    rf"(?P<removed>[{REMOVED_CLASS}]+)"
    rf"|(?P<tags>[{TAG_CHARS}]+)"
    rf"|(?P<other>[^\x00-\x7f{REMOVED_CLASS}{TAG_CHARS}]+)"
)
_BLACK_FLAG = "\U0001f3f4"


@lru_cache(maxsize=4096)
def _nfkc(ch: str) -> str:
    return unicodedata.normalize("NFKC", ch)


def _decode_tags(run: str, *, after_flag: bool) -> str:
    if after_flag:
        return ""
    return "".join(chr(ord(c) - 0xE0000) for c in run if 0xE0020 <= ord(c) <= 0xE007E)


@dataclass(frozen=True, slots=True)
class Normalized:
    """A normalised text and the map from its offsets to the original's.

    The map is a sorted list of pieces ``(normalised start, original start, normalised length,
    original length)``; a piece whose two lengths agree maps character by character, any other
    piece maps every character inside it to the whole original range (an expansion such as
    ``ﬁ`` → ``fi`` cannot be split). Removed characters leave gaps in original coordinates, so
    a span that covers them grows to include them.
    """

    text: str
    """The normalised text that detectors scan."""
    original: str
    """The text as given."""
    pieces: tuple[tuple[int, int, int, int], ...] = ()
    """The offset map; empty when the text was already normal (identity)."""
    starts: tuple[int, ...] = ()
    """The normalised start of each piece, for bisection."""

    @property
    def changed(self) -> bool:
        """Whether normalising changed anything at all."""
        return bool(self.pieces)

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Map the half-open span ``[start, end)`` of :attr:`text` to one of :attr:`original`."""
        if not self.pieces:
            return start, end
        if start >= end or start >= len(self.text):
            point = self._point(min(start, len(self.text)))
            return point, point
        return self._locate(start)[0], self._locate(end - 1)[1]

    def _point(self, pos: int) -> int:
        return len(self.original) if pos >= len(self.text) else self._locate(pos)[0]

    def _locate(self, pos: int) -> tuple[int, int]:
        n_start, o_start, n_len, o_len = self.pieces[max(0, bisect_right(self.starts, pos) - 1)]
        if n_len == o_len:
            o = o_start + (pos - n_start)
            return o, o + 1
        return o_start, o_start + o_len


def special_runs(
    text: str, classify: re.Pattern[str] | None = None, *, bits: int = HIDDEN | CHANGED
) -> Iterator[tuple[str, int, int]]:
    """``(kind, start, end)`` of every run normalising may change, in order.

    Only characters flagged with ``bits`` (see :mod:`weir.detect.charclass`) are visited.
    Kinds: ``ansi`` (one escape sequence), then the group names of ``classify``: by default
    ``removed`` (invisible or control characters), ``tags`` (Unicode tag characters), ``other``
    (other non-ASCII text). A custom ``classify`` must match every flagged character except
    ESC, with one named group per kind.
    """
    classify = classify or _CLASSIFY
    floor = 0
    for run_start, run_end in flagged_runs(text, bits):
        pos, end = max(run_start, floor), run_end
        while pos < end:
            if text[pos] == "\x1b":
                m = ANSI.match(text, pos)
                assert m is not None  # the pattern's last branch matches a lone ESC
                yield "ansi", pos, m.end()
                pos = floor = m.end()
                continue
            c = classify.match(text, pos, end)
            if c is None:  # pragma: no cover - every character of a run is in one class
                pos += 1
                continue
            yield c.lastgroup or "other", pos, c.end()
            pos = c.end()


def _edits(text: str) -> list[tuple[int, int, str]]:
    """The replacements normalising makes, as ``(original start, original end, new text)``."""
    if not flagged_runs(text, HIDDEN):
        return _compat_edits(text)
    edits: list[tuple[int, int, str]] = []
    for kind, start, end in special_runs(text):
        if kind in ("ansi", "removed"):
            edits.append((start, end, ""))
        elif kind == "tags":
            after_flag = start > 0 and text[start - 1] == _BLACK_FLAG
            edits.append((start, end, _decode_tags(text[start:end], after_flag=after_flag)))
        elif not unicodedata.is_normalized("NFKC", text[start:end]):
            edits.extend(_nfkc_edits(text[start:end], start))
    return edits


def _compat_edits(text: str) -> list[tuple[int, int, str]]:
    """:func:`_edits` for a text with nothing hidden (the usual non-ASCII text): every run is
    of kind ``other``, so the runs need no classifying."""
    edits: list[tuple[int, int, str]] = []
    for start, end in flagged_runs(text, CHANGED):
        run = text[start:end]
        if not unicodedata.is_normalized("NFKC", run):
            edits.extend(_nfkc_edits(run, start))
    return edits


def _nfkc_edits(run: str, offset: int) -> list[tuple[int, int, str]]:
    """Per-character NFKC of one run: 1:1 stretches merged, each expansion its own edit."""
    table = {ord(ch): _nfkc(ch) for ch in set(run)}
    if all(len(rep) == 1 for rep in table.values()):
        # The common case (fullwidth punctuation in CJK text, fullwidth Latin): one C-speed
        # translation and one character-for-character edit.
        return [(offset, offset + len(run), run.translate(table))]
    edits: list[tuple[int, int, str]] = []
    stretch_start, stretch = offset, []
    for i, ch in enumerate(run):
        rep = _nfkc(ch)
        if len(rep) == 1:
            stretch.append(rep)
            continue
        if stretch:
            edits.append((stretch_start, offset + i, "".join(stretch)))
        edits.append((offset + i, offset + i + 1, rep))
        stretch_start, stretch = offset + i + 1, []
    if stretch:
        edits.append((stretch_start, offset + len(run), "".join(stretch)))
    return edits


def normalize(text: str) -> Normalized:
    """Normalise ``text`` for detection (see the module docstring); never raises."""
    if text.isascii() and not has_ascii_controls(text):
        return Normalized(text, text)
    edits = _edits(text)
    if not edits:
        return Normalized(text, text)
    parts: list[str] = []
    pieces: list[tuple[int, int, int, int]] = []
    pos = npos = 0  # how far the original and the normalised text have been built
    stretch_o = stretch_n = 0  # where the current character-for-character stretch starts
    for o_start, o_end, rep in edits:
        parts.append(text[pos:o_start])
        npos += o_start - pos
        pos = o_end
        if len(rep) == o_end - o_start:
            # Character for character (fullwidth forms and the like): the stretch goes on, so
            # a text with thousands of such edits still has a map of one piece.
            parts.append(rep)
            npos += len(rep)
            continue
        if npos > stretch_n:
            pieces.append((stretch_n, stretch_o, npos - stretch_n, npos - stretch_n))
        if rep:
            pieces.append((npos, o_start, len(rep), o_end - o_start))
            parts.append(rep)
            npos += len(rep)
        stretch_o, stretch_n = pos, npos
    parts.append(text[pos:])
    npos += len(text) - pos
    if npos > stretch_n:
        pieces.append((stretch_n, stretch_o, npos - stretch_n, npos - stretch_n))
    if not pieces:
        # Everything was invisible: an empty text whose only span is the empty one.
        return Normalized("", text, ((0, 0, 0, len(text)),), (0,))
    return Normalized("".join(parts), text, tuple(pieces), tuple(p[0] for p in pieces))


def plain(text: str) -> str:
    """:func:`normalize`'s text without the offset map, for comparing texts rather than mapping
    spans back: the same deletions and tag decoding, then NFKC over the whole text (which also
    composes a letter with a combining mark after it, as a per-character NFKC cannot)."""
    if text.isascii() and not has_ascii_controls(text):
        return text
    if flagged_runs(text, HIDDEN):
        parts: list[str] = []
        pos = 0
        for kind, start, end in special_runs(text, bits=HIDDEN):
            parts.append(text[pos:start])
            if kind == "tags":
                after_flag = start > 0 and text[start - 1] == _BLACK_FLAG
                parts.append(_decode_tags(text[start:end], after_flag=after_flag))
            elif kind == "other":  # pragma: no cover - only hidden runs are visited
                parts.append(text[start:end])
            pos = end
        parts.append(text[pos:])
        text = "".join(parts)
    return unicodedata.normalize("NFKC", text)
