"""Running the injection patterns over a text: where each pattern is tried, and what it found.

:mod:`weir.detect.injection.patterns` says *what* a high-precision injection looks like; this module
decides *where* to look. A short text is searched whole by the patterns one of whose anchor
literals it contains; a long one only in the stretches around its anchors (and, for patterns that
name the words a match begins with, only at those words just before an anchor), which finds exactly
what a whole-text search finds (differential tests in ``tests/detect/injection/test_patterns.py``).
Invisible Unicode tag characters are reported here too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import numpy as np

from weir.detect import short
from weir.detect.codes import max_code_point
from weir.detect.injection.anchors import Anchors, regions
from weir.detect.injection.literals import LiteralSet
from weir.detect.injection.patterns import PATTERNS, Hit, Pattern

__all__ = ["scan_patterns"]

_TAG_CHARS = re.compile("[\U000e0000-\U000e007f]{1,100000}")

_ANCHORS = Anchors(list(dict.fromkeys(a for p in PATTERNS for a in (*p.anchors, *p.starts))))

_ANCHOR_IDS = tuple(tuple(_ANCHORS.literals.index(a) for a in p.anchors) for p in PATTERNS)
_START_IDS = tuple(tuple(_ANCHORS.literals.index(a) for a in p.starts) for p in PATTERNS)


def _decode_tags(chars: str) -> str:
    """Tag characters mirror ASCII (U+E0041 is a hidden 'A'); show what they spell."""
    return "".join(chr(ord(c) - 0xE0000) if 0xE0020 <= ord(c) <= 0xE007E else "" for c in chars)


def _tag_hits(text: str) -> Iterator[Hit]:
    if max_code_point(text) < 0xE0000:
        return  # no tag character can be there: spare the regex its crawl through the text
    for found in _TAG_CHARS.finditer(text):
        hidden = _decode_tags(found.group())[:80]
        yield Hit(
            "unicode-tags", found.start(), found.end(), 0.95, f"invisible Unicode tag characters spelling {hidden!r}"
        )


def _at_word_start(text: str, start: int) -> bool:
    return start == 0 or not (text[start - 1].isalnum() or text[start - 1] == "_")


def _fold(text: str) -> str:
    """Lower-case character by character, keeping offsets (only for text whose lower() grows)."""
    return "".join(low if len(low := c.lower()) == 1 else c for c in text)


_SMALL = 4096
"""Below this many characters, substring tests beat the vectorised anchor search's fixed cost."""


_LITERALS = tuple(dict.fromkeys(a.removesuffix("\\b") for p in PATTERNS for a in p.anchors))
_LITERALS_OF = tuple(frozenset(_LITERALS.index(a.removesuffix("\\b")) for a in p.anchors) for p in PATTERNS)


_LITERAL_SET = LiteralSet(_LITERALS)


def _small_regions(lowered: str) -> list[list[tuple[int, int]]]:
    """The whole text for each pattern one of whose anchors occurs in it (a superset test)."""
    if short.LIMIT < 0:  # the reference: one substring test per literal
        present = {i for i, literal in enumerate(_LITERALS) if literal in lowered}
    else:
        present = _LITERAL_SET.present(lowered)
    whole = [(0, len(lowered))]
    return [whole if present & wanted else [] for wanted in _LITERALS_OF]


def scan_patterns(text: str) -> list[Hit]:
    """Every pattern hit in ``text``, in order of position; never raises on a ``str``."""
    lowered = text.lower()
    # Lower-casing keeps offsets unless some character expands (e.g. 'İ' -> 'i̇'); then match the original.
    aligned = len(lowered) == len(text)
    subject = lowered if aligned else text
    folded = lowered if aligned else _fold(text)
    if len(text) < _SMALL:
        matches = _small_matches(folded, subject, aligned)
    else:
        matches = _anchored_matches(_anchor_source(text, folded), len(folded), subject, aligned)
    found_hits: set[Hit] = set()
    for pattern, found in matches:
        if pattern.word_start and not _at_word_start(subject, found.start()):
            continue
        if pattern.check is None or pattern.check(subject, found):
            found_hits.add(Hit(pattern.kind, found.start(), found.end(), pattern.confidence, pattern.message))
    hits = sorted(found_hits, key=lambda h: (h.start, h.end, h.kind))
    if not text.isascii():
        hits.extend(_tag_hits(text))
        hits.sort(key=lambda h: (h.start, h.end, h.kind))
    return hits


def _small_matches(folded: str, subject: str, aligned: bool) -> Iterator[tuple[Pattern, re.Match[str]]]:
    """A short text: each pattern with an anchor in it searches the whole text."""
    for pattern, stretches in zip(PATTERNS, _small_regions(folded), strict=True):
        regex = pattern.regex if aligned else pattern.exact
        for lo, hi in stretches:
            for found in regex.finditer(subject, lo, hi):
                yield pattern, found


def _anchor_source(text: str, folded: str) -> str:
    """The text to find anchors in: ``text`` itself, unless one of its characters lower-cases to
    ASCII (the anchor index folds only ASCII letters). The same object as the other detectors
    were given, so the character arrays computed for them are reused."""
    return folded if "\u0130" in text or "\u212a" in text else text


def _anchored_matches(source: str, size: int, subject: str, aligned: bool) -> Iterator[tuple[Pattern, re.Match[str]]]:
    """A long text: patterns are tried only where their anchors say a match could be."""
    found = _ANCHORS.find(source)
    for k, pattern in enumerate(PATTERNS):
        regex = pattern.regex if aligned else pattern.exact
        anchors = [(found[i], _ANCHORS.length(i)) for i in _ANCHOR_IDS[k]]
        if not any(a.size for a, _ in anchors):
            continue
        if pattern.starts:
            at = np.unique(np.concatenate([found[i] for i in _START_IDS[k]]))
            yield from _match_at(pattern, regex, subject, at.tolist())
            continue
        if pattern.begins and short.LIMIT >= 0:  # LIMIT < 0: the reference, searching every stretch
            # A match begins at most ``lead`` characters before an anchor it contains, and not after
            # it; the windows reach a word's length past the anchor, so a word is never cut off.
            lead = pattern.width if pattern.lead is None else pattern.lead
            windows = regions(anchors, max(map(len, pattern.begins)), size, lead)
            yield from _match_at(pattern, regex, subject, _begins_in(pattern, windows, subject, aligned))
            continue
        for lo, hi in regions(anchors, pattern.width, size, pattern.lead):
            for match in regex.finditer(subject, lo, hi):
                yield pattern, match


def _begins_in(pattern: Pattern, windows: list[tuple[int, int]], subject: str, aligned: bool) -> list[int]:
    """Every position inside ``windows`` where a match of ``pattern`` can begin, in order.

    A match begins in the stretch just before an anchor it contains (``windows`` are those,
    merged): at one of its ``begins`` words, or (a pattern anchored with ``^``) at 0. The words
    are looked for only there: they are common words, and a text holds thousands. Trying a
    position where no match begins costs a failed ``match`` and changes nothing."""
    finder = pattern.begin if aligned else pattern.begin_exact
    assert finder is not None
    at = [m.start() for lo, hi in windows for m in finder.finditer(subject, lo, hi)]
    if windows and windows[0][0] == 0 and (not at or at[0] != 0):
        at.insert(0, 0)
    return at


def _match_at(
    pattern: Pattern, regex: re.Pattern[str], subject: str, starts: list[int]
) -> Iterator[tuple[Pattern, re.Match[str]]]:
    """What ``finditer`` would find, given every position a match can begin at: leftmost, non-overlapping."""
    end = 0
    for pos in starts:
        if pos < end:
            continue
        match = regex.match(subject, pos)
        if match is not None:
            end = max(match.end(), pos + 1)
            yield pattern, match
