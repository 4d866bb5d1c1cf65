"""The untrusted text a session has read, as a bounded index of 4-grams.

Typed extraction (:mod:`weir.flow.values`) recognises identifiers it has a pattern for. A
hijack can steer a call with anything the injected text supplies: a postal address, a
payment-method id, a PIN, a name, an id nobody wrote a pattern for — or a known kind
disguised. So the free text of every untrusted result is also kept here, as the set of its
grams (:mod:`weir.flow.grams`) with a few bits each, and an argument is looked up by
containment (:mod:`weir.flow.mentions`): is every gram of the value in the index?

Each gram keeps, in 16 bits: whether it was seen in content flagged as malicious, in
open-world content, in the text as written (rather than only in a decoded reading of it),
whether the session itself sent it on in a call that changes state (so that a trusted server
reading it back is not mistaken for independent corroboration: laundering), and the first step
that showed it (12 bits, saturating). Grams are exact (no hash), kept in a
sorted ``uint32`` array beside a ``uint16`` array: 6 bytes each, and a text has at most one gram
per byte (fewer: repeated grams are stored once). An idle session holds no arrays at all.

**Bounded.** Past :data:`MAX_GRAMS` distinct grams (≈ 1.5 MB) new grams go to a fixed Bloom
bitmap (:data:`OVERFLOW_BITS` bits, 128 KB) instead: a lookup it answers yes to counts as a
sighting with the union of the flags of everything that overflowed. A Bloom filter may say yes
wrongly, never no: past the bound a value can only look *more* untrusted, never less.
"""

from __future__ import annotations

import base64
from bisect import bisect_left
from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from weir.flow.grams import Grams

__all__ = [
    "MALICIOUS",
    "MAX_GRAMS",
    "OPEN",
    "OVERFLOWED",
    "OVERFLOW_BITS",
    "PLAIN",
    "WRITTEN",
    "TextIndex",
    "record_step",
]

MALICIOUS, OPEN, PLAIN, WRITTEN = 1, 2, 4, 8
"""Flag bits of a gram's record (``WRITTEN``: the session sent it in a call that changes state)."""
_FLAGS = 0b1111
_STEP_SHIFT = 4
_MAX_STEP = (1 << 12) - 1
MAX_GRAMS = 1 << 18
"""Distinct grams kept exactly per session (6 bytes each)."""
OVERFLOW_BITS = 1 << 20
"""Bits of the Bloom bitmap that takes the grams past :data:`MAX_GRAMS`."""
OVERFLOWED = -2
"""What :meth:`TextIndex.locate` answers for a gram only the overflow bitmap holds."""
_EMPTY_KEYS: Grams = np.zeros(0, dtype=np.uint32)
_EMPTY_META: npt.NDArray[np.uint16] = np.zeros(0, dtype=np.uint16)


class TextIndex:
    """Grams of the untrusted free text a session read, each with its flags and first step."""

    __slots__ = ("_bloom", "_keys", "_meta", "_meta_view", "_overflow", "_view", "_written")

    def __init__(self) -> None:
        self._keys: Grams = _EMPTY_KEYS
        self._meta: npt.NDArray[np.uint16] = _EMPTY_META
        self._view = self._meta_view = memoryview(b"")
        """The arrays as Python sequences: :meth:`record` searches them without boxing numpy scalars."""
        self._bloom: npt.NDArray[np.uint8] | None = None
        self._overflow = 0
        """The record every overflowed gram answers with (flags OR-ed, the first step)."""
        self._written = False

    def copy(self) -> TextIndex:
        """An independent copy (arrays are replaced, never changed in place, except by :meth:`add`)."""
        out = TextIndex()
        out._set(self._keys.copy(), self._meta.copy())
        out._overflow = self._overflow
        out._bloom = None if self._bloom is None else self._bloom.copy()
        out._written = self._written
        return out

    def __len__(self) -> int:
        return len(self._keys)

    def __bool__(self) -> bool:
        return len(self._keys) > 0 or self._bloom is not None

    @property
    def any_written(self) -> bool:
        """Whether the session sent on any of the text (:meth:`mark`)."""
        return self._written

    @property
    def nbytes(self) -> int:
        """Bytes the index's arrays hold."""
        return self._keys.nbytes + self._meta.nbytes + (self._bloom.nbytes if self._bloom is not None else 0)

    def add(self, grams: Grams, plain: npt.NDArray[np.bool_], *, step: int, malicious: bool, open_world: bool) -> None:
        """Record one result's grams (``plain``: seen as written, not only decoded) at ``step``."""
        if not len(grams):
            return
        flags = (MALICIOUS if malicious else 0) | (OPEN if open_world else 0)
        new, seen_plain = _distinct(grams, plain)
        keys, meta = self._keys, self._meta
        pos = np.searchsorted(keys, new)
        hit = pos < len(keys)
        hit[hit] = keys[pos[hit]] == new[hit]
        if hit.any():
            meta = meta.copy() if meta is _EMPTY_META else meta
            meta[pos[hit]] |= np.uint16(flags) | np.where(seen_plain[hit], PLAIN, 0).astype(np.uint16)
        fresh = ~hit
        if not fresh.any():
            self._set(keys, meta)
            return
        record = (min(max(step, 0), _MAX_STEP) << _STEP_SHIFT) | flags
        room = max(MAX_GRAMS - len(keys), 0)
        take = np.flatnonzero(fresh)
        kept, spilled = take[:room], take[room:]
        if len(kept):
            values = (record | np.where(seen_plain[kept], PLAIN, 0)).astype(np.uint16)
            self._set(np.insert(keys, pos[kept], new[kept]), np.insert(meta, pos[kept], values))
        else:
            self._set(keys, meta)
        if len(spilled):
            self._spill(new[spilled], record | PLAIN)

    def _spill(self, grams: Grams, record: int) -> None:
        if self._bloom is None:
            self._bloom = np.zeros(OVERFLOW_BITS // 8, dtype=np.uint8)
            self._overflow = record
        else:
            first = min(self._overflow >> _STEP_SHIFT, record >> _STEP_SHIFT)
            self._overflow = (first << _STEP_SHIFT) | ((self._overflow | record) & _FLAGS)
        for bits in _bloom_bits(grams):
            np.bitwise_or.at(self._bloom, bits >> 3, (1 << (bits & 7)).astype(np.uint8))

    def _set(self, keys: Grams, meta: npt.NDArray[np.uint16]) -> None:
        self._keys, self._meta = keys, meta
        self._view, self._meta_view = keys.data, meta.data

    def locate(self, gram: int) -> int:
        """Where one gram is: its position, :data:`OVERFLOWED` past the bound, or -1 when absent."""
        view = self._view
        i = bisect_left(view, gram)
        if i < len(view) and view[i] == gram:
            return i
        if self._bloom is not None and _in_bloom(self._bloom, gram):
            return OVERFLOWED
        return -1

    def record(self, gram: int) -> int:
        """The record of one gram, or -1 when the index lacks it (a search of the sorted grams)."""
        view = self._view  # :meth:`locate` inline: this runs for a few grams of every argument
        i = bisect_left(view, gram)
        if i < len(view) and view[i] == gram:
            return int(self._meta_view[i])
        if self._bloom is not None and _in_bloom(self._bloom, gram):
            return self._overflow
        return -1

    def mark(self, positions: Iterable[int]) -> None:
        """Flag the grams at ``positions`` (:meth:`locate`) as sent on by the session: a call that
        changes state sends them. The overflow bitmap has no room for flags: what overflowed
        counts as sent on whenever anything is (a stricter reading, never a looser one)."""
        meta = self._meta_view
        for i in positions:
            if i >= 0:
                meta[i] |= WRITTEN
            else:
                self._overflow |= WRITTEN
            self._written = True

    def lookup(self, grams: Grams) -> tuple[list[bool], list[int]]:
        """For each gram: whether the index holds it, and its record (0 when it does not)."""
        keys, n = self._keys, len(self._keys)
        if n:
            pos = np.searchsorted(keys, grams)
            pos[pos >= n] = 0
            found = keys[pos] == grams
            meta = np.where(found, self._meta[pos], 0)
        else:
            found = np.zeros(len(grams), dtype=bool)
            meta = np.zeros(len(grams), dtype=np.uint16)
        if self._bloom is not None and not found.all():
            maybe = np.ones(len(grams), dtype=bool)
            for bits in _bloom_bits(grams):
                maybe &= ((self._bloom[bits >> 3] >> (bits & 7)) & 1).astype(bool)
            extra = maybe & ~found
            found = found | extra
            meta = np.where(extra, self._overflow, meta)
        return found.tolist(), meta.tolist()

    # -- serialisation ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The arrays as base64 (little-endian), for a session store."""
        if not self:
            return {}
        out: dict[str, Any] = {
            "keys": _b64(self._keys.astype("<u4")),
            "meta": _b64(self._meta.astype("<u2")),
        }
        if self._bloom is not None:
            out["bloom"] = _b64(self._bloom)
            out["overflow"] = self._overflow
        return out

    @classmethod
    def from_json(cls, data: Any) -> TextIndex:
        """Inverse of :meth:`to_json`. Raises ValueError on a malformed document."""
        index = cls()
        if not data:
            return index
        if not isinstance(data, dict):
            raise ValueError("a text index must be an object")
        keys = np.frombuffer(base64.b64decode(data["keys"]), dtype="<u4").astype(np.uint32)
        meta = np.frombuffer(base64.b64decode(data["meta"]), dtype="<u2").astype(np.uint16)
        if len(keys) != len(meta) or (len(keys) > 1 and not bool(np.all(keys[1:] > keys[:-1]))):
            raise ValueError("a text index's grams must be sorted, distinct and match their records")
        index._set(keys, meta)
        index._written = bool(np.any(meta & np.uint16(WRITTEN)))
        if "bloom" in data:
            bloom = np.frombuffer(base64.b64decode(data["bloom"]), dtype=np.uint8).copy()
            if len(bloom) != OVERFLOW_BITS // 8:
                raise ValueError("a text index's overflow bitmap has the wrong size")
            index._bloom, index._overflow = bloom, int(data["overflow"])
            index._written = index._written or bool(index._overflow & WRITTEN)
        return index


def record_step(record: int) -> int:
    """The first step a gram record names."""
    return record >> _STEP_SHIFT


def _in_bloom(bloom: npt.NDArray[np.uint8], gram: int) -> bool:
    """:func:`_bloom_bits` for one gram, checked in the bitmap."""
    mask = OVERFLOW_BITS - 1
    first = ((gram * 0x9E3779B1) % (1 << 64) >> 12) & mask
    second = ((gram * 0x85EBCA77) % (1 << 64) >> 7) & mask
    return bool(bloom[first >> 3] >> (first & 7) & 1) and bool(bloom[second >> 3] >> (second & 7) & 1)


def _bloom_bits(grams: Grams) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64]]:
    """Two bit positions per gram (multiplicative hashing of the 32-bit gram)."""
    g = grams.astype(np.uint64)
    mask = np.uint64(OVERFLOW_BITS - 1)
    first = ((g * np.uint64(0x9E3779B1)) >> np.uint64(12)) & mask
    second = ((g * np.uint64(0x85EBCA77)) >> np.uint64(7)) & mask
    return first, second


def _b64(array: npt.NDArray[Any]) -> str:
    return base64.b64encode(array.tobytes()).decode("ascii")


def _distinct(grams: Grams, plain: npt.NDArray[np.bool_]) -> tuple[Grams, npt.NDArray[np.bool_]]:
    """The distinct grams, sorted, and for each whether it occurs where ``plain`` is true.

    What ``np.unique(grams, return_inverse=True)`` gave, in one sort of the values instead of an
    argsort of positions (about half the cost, most of indexing a megabyte of prose): each 32-bit
    gram is tagged with a low bit that is 0 where it is plain, so the first of a run of equal
    grams says whether any of them was.
    """
    one = np.uint64(1)
    tagged = (grams.astype(np.uint64) << one) | (~plain).astype(np.uint64)
    tagged.sort()
    values = (tagged >> one).astype(grams.dtype)
    first = np.empty(len(values), dtype=bool)
    first[:1] = True
    np.not_equal(values[1:], values[:-1], out=first[1:])
    return values[first], (tagged[first] & one) == 0
