"""Segments of a text -- sentences, lines, fields -- as spans over the classifier's normalised bytes.

The classifier's windows have fixed lengths, so a one-sentence injection inside benign text is
averaged with whatever shares its window. A segment is cut where the text's own structure
cuts: after a sentence's end (``.``, ``!`` or ``?`` then a space), at a line break, and at the
delimiters of fields and markup (a segment starts at each ``"``, ``<``, ``>``, ``{``, ``}``, ``[``,
``]`` and ``|``). Scoring each segment as a window of its own sees a planted sentence or JSON
field with no dilution from its neighbours; the model's window floor (``min_window``) keeps tiny
segments from counting as much as they would alone.

Everything is a few vectorised comparisons over the bytes; no Python loop per segment.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from weir.detect.injection.features import Prepared

__all__ = ["segments"]

_SPACE = 0x20
_DELIMITERS = b'"<>{}[]|'
"""Bytes that open or close a field or a tag: a segment starts at each."""
_SENTENCE_ENDS = b".!?"
_NEWLINE = 0x0A
"""Looked up in the raw bytes: the normalised ones have every whitespace folded to a space."""


def _any_of(data: npt.NDArray[np.uint8], chars: bytes) -> npt.NDArray[np.bool_]:
    """``data[i] in chars`` for every byte: a few equality passes, far cheaper than a table gather."""
    found: npt.NDArray[np.bool_] = np.equal(data, chars[0])
    for char in chars[1:]:
        found |= np.equal(data, char)
    return found


def segments(raw: bytes, prepared: Prepared) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Consecutive segments ``[start, end)`` tiling ``prepared.data`` (``raw`` is the text it came from).

    A segment starts at a delimiter, at a line break, and at the space after a sentence's end.
    Segments are contiguous and never empty; a text with no cut is one segment. A line break is
    seen where the normalised text kept the first byte of a whitespace run and that byte was a
    line break (a run that starts with spaces, such as trailing blanks, hides its break).
    """
    data = prepared.data
    size = data.size
    if size == 0:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty
    cut = np.zeros(size + 1, dtype=bool)
    cut[0] = cut[size] = True
    cut[:-1] |= _any_of(data, _DELIMITERS)
    cut[1:-1] |= _any_of(data[:-1], _SENTENCE_ENDS) & (data[1:] == _SPACE)
    breaks = np.frombuffer(raw, dtype=np.uint8) == _NEWLINE
    cut[:-1] |= breaks if prepared.kept is None else breaks[prepared.kept]
    bounds = np.flatnonzero(cut)
    return bounds[:-1], bounds[1:]
