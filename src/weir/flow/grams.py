"""Character 4-grams of skeletons: what the text index stores and what a value is looked up by.

A skeleton (:func:`weir.flow.normalise.tokens`) is reduced to UTF-8 bytes, and every window of
four bytes is one *gram*, read as a big-endian 32-bit integer: exact, so two texts share a gram
only when they share those four bytes (no hashing, no false matches). Grams run across word
boundaries (the words of a piece are joined without a separator), so a value written with
spaces inside it ("chk_ a1b2 c3d4") still matches the value written without.

Where words begin and end is kept apart, as *edge grams*: ``\\x01`` and a word's first three
bytes, and its last three bytes and ``\\x02`` (a word shorter than three bytes is one edge gram,
padded with ``\\x02``). The two marker bytes never occur in a skeleton, so edge grams never equal interior
ones. An untrusted text *names* a value when it holds the value's grams and the edges of its
first and last words: "cancel order #W6247578" names ``#W6247578``; an account id that merely
contains a customer number does not name the number.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["GRAM", "Grams", "edges", "interior", "text_grams"]

GRAM = 4
"""Bytes per gram."""

Grams = npt.NDArray[np.uint32]
_EMPTY: Grams = np.zeros(0, dtype=np.uint32)
_START, _END = b"\x01", b"\x02"


def interior(skeleton: bytes) -> Grams:
    """Every gram of ``skeleton`` in order (empty when it is shorter than a gram)."""
    if len(skeleton) < GRAM:
        return _EMPTY
    b = np.frombuffer(skeleton, dtype=np.uint8).astype(np.uint32)
    grams: Grams = (b[:-3] << np.uint32(24)) | (b[1:-2] << np.uint32(16)) | (b[2:-1] << np.uint32(8)) | b[3:]
    return grams


def edges(word: bytes) -> tuple[int, int]:
    """The start and end edge grams of one word's skeleton bytes (one gram, padded with end
    markers, for a word of one or two bytes)."""
    marked = _START + word + _END
    return (
        int.from_bytes(marked[:GRAM].ljust(GRAM, _END), "big"),
        int.from_bytes(marked[-GRAM:].ljust(GRAM, _END), "big"),
    )


def text_grams(words: list[str]) -> Grams:
    """The interior and edge grams of a text given as its skeleton words (may repeat).

    The edges are the grams of the words joined with markers (``\x01word\x02\x01word\x02\x02``)
    that begin with a start marker or end with an end marker and hold no other marker, and for a
    one-byte word the gram ``\x01 x \x02`` and whatever marker follows, read as :func:`edges`
    pads it: one vectorised pass, whatever the number of words.
    """
    encoded = [w.encode() for w in words]
    if not encoded:
        return _EMPTY
    inner = interior(b"".join(encoded))
    marked = interior(_START + (_END + _START).join(encoded) + _END + _END)
    top, second = marked >> np.uint32(24), (marked >> np.uint32(16)) & np.uint32(0xFF)
    third = (marked >> np.uint32(8)) & np.uint32(0xFF)
    keep = (second > 2) & (third > 2) & ((top == 1) | (marked & np.uint32(0xFF) == 2))
    single = (top == 1) & (second > 2) & (third == 2)
    padded = (marked[single] & np.uint32(0xFFFFFF00)) | np.uint32(2)
    return np.concatenate((inner, marked[keep], padded))
