"""A compact map from 63-bit fingerprints to packed 64-bit records.

A session may remember hundreds of values; a Python ``dict[int, int]`` spends about a hundred
bytes on each entry, two sorted ``array('q')`` spend sixteen. Lookups bisect (in C), inserts
move memory (cheap at these sizes) — sessions stay within their memory budget while idle.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Iterator, Mapping

import numpy as np
import numpy.typing as npt

__all__ = ["PackedMap"]

_MERGE_RATIO = 32
_MERGE_AT = 256
"""New keys fewer than this, or than the map's size over ``_MERGE_RATIO``, are inserted one by one
(a sort's fixed cost is more than a few inserts); more are merged in one sort."""


class PackedMap:
    """Sorted parallel arrays of keys and values; both must fit a signed 64-bit integer."""

    __slots__ = ("_keys", "_values")

    def __init__(self, items: Mapping[int, int] | None = None) -> None:
        pairs = sorted((items or {}).items())
        self._keys = array("q", [k for k, _ in pairs])
        self._values = array("q", [v for _, v in pairs])

    def arrays(self) -> tuple[array[int], array[int]]:
        """The sorted keys and their values, for a caller that looks up many keys in one loop.

        A method call per key costs as much as the search itself: such a caller bisects the
        keys array (:func:`bisect.bisect_left`) and reads the values array directly, and
        inserts through :meth:`insert_at`. Valid until the next :meth:`compact`.
        """
        return self._keys, self._values

    def insert_at(self, index: int, key: int, value: int) -> None:
        """Insert ``key`` at ``index``, where :func:`bisect.bisect_left` on the keys put it."""
        self._keys.insert(index, key)
        self._values.insert(index, value)

    def __len__(self) -> int:
        return len(self._keys)

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, int):
            return False
        i = bisect_left(self._keys, key)
        return i < len(self._keys) and self._keys[i] == key

    def get(self, key: int) -> int | None:
        """The value for ``key``, or None."""
        i = bisect_left(self._keys, key)
        if i < len(self._keys) and self._keys[i] == key:
            return self._values[i]
        return None

    def get_or_insert(self, key: int, value: int | None) -> int | None:
        """The value for ``key``; when there is none, inserts ``value`` (unless None) and returns None.

        One search serves both (a call's arguments are looked up and, when new, remembered).
        """
        keys = self._keys
        i = bisect_left(keys, key)
        if i < len(keys) and keys[i] == key:
            return self._values[i]
        if value is not None:
            keys.insert(i, key)
            self._values.insert(i, value)
        return None

    def set(self, key: int, value: int) -> None:
        """Insert or replace."""
        i = bisect_left(self._keys, key)
        if i < len(self._keys) and self._keys[i] == key:
            self._values[i] = value
        else:
            self._keys.insert(i, key)
            self._values.insert(i, value)

    def update(self, pairs: Mapping[int, int]) -> None:
        """Insert or replace every pair: a result's batch of values in one pass.

        A key already here is replaced in place. New keys, when they are many next to the map,
        are merged in one sort (a listing's thousands of values inserted one by one moved the
        arrays once each: quadratic); a few are inserted where they go.
        """
        keys, values = self._keys, self._values
        new: list[tuple[int, int]] = []
        for key, value in pairs.items():
            i = bisect_left(keys, key)
            if i < len(keys) and keys[i] == key:
                values[i] = value
            else:
                new.append((key, value))
        if len(new) < _MERGE_AT or len(new) * _MERGE_RATIO < len(keys):
            for key, value in new:
                i = bisect_left(keys, key)
                keys.insert(i, key)
                values.insert(i, value)
            return
        # Distinct keys: one sort of both arrays' keys (numpy's int64 order is the integers' order).
        all_keys = np.concatenate([np.frombuffer(keys, dtype=np.int64), np.array([k for k, _ in new], dtype=np.int64)])
        all_values = np.concatenate([np.frombuffer(values, dtype=np.int64), np.array([v for _, v in new], np.int64)])
        order = np.argsort(all_keys, kind="stable")
        self._keys, self._values = array("q"), array("q")
        self._keys.frombytes(all_keys[order].tobytes())
        self._values.frombytes(all_values[order].tobytes())

    def lookup(self, keys: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
        """For many keys at once: whether each is held, and its value (0 where it is not)."""
        held = np.frombuffer(self._keys, dtype=np.int64)
        if not len(held):
            return np.zeros(len(keys), dtype=bool), np.zeros(len(keys), dtype=np.int64)
        at = np.minimum(np.searchsorted(held, keys), len(held) - 1)
        found = held[at] == keys
        values = np.where(found, np.frombuffer(self._values, dtype=np.int64)[at], 0)
        return found, values

    def merge(self, keys: npt.NDArray[np.int64], values: npt.NDArray[np.int64]) -> None:
        """:meth:`update` for distinct keys given as arrays: the held ones replaced, the rest merged
        in one sort (the map's arrays are rebuilt, so earlier :meth:`arrays` views are stale)."""
        held = np.frombuffer(self._keys, dtype=np.int64)
        held_values = np.frombuffer(self._values, dtype=np.int64).copy()
        found = np.zeros(len(keys), dtype=bool)
        if len(held):
            at = np.minimum(np.searchsorted(held, keys), len(held) - 1)
            found = held[at] == keys
            held_values[at[found]] = values[found]
        all_keys = np.concatenate([held, keys[~found]])
        all_values = np.concatenate([held_values, values[~found]])
        order = np.argsort(all_keys, kind="stable")
        self._keys, self._values = array("q"), array("q")
        self._keys.frombytes(all_keys[order].tobytes())
        self._values.frombytes(all_values[order].tobytes())

    def compact(self) -> None:
        """Drop the spare capacity the arrays keep for growth (call when a batch of inserts ends)."""
        # A slice is allocated at its exact size and copied in one block.
        self._keys = self._keys[:]
        self._values = self._values[:]

    def items(self) -> Iterator[tuple[int, int]]:
        """Every (key, value), in key order."""
        return zip(self._keys, self._values, strict=True)

    def values(self) -> Iterator[int]:
        """Every value, in key order."""
        return iter(self._values)
