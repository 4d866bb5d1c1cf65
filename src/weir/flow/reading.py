"""A result's leaves read in one scan: the identifiers of all its strings found over their joined text.

A structured result (a listing of records) holds thousands of short strings. Extracting each on
its own (:func:`weir.flow.argkeys.data_keys`) pays every pattern's guards and calls once per
string; here the strings are joined with :data:`SEPARATOR` between them, every identifier
pattern runs once over the joined text (:func:`weir.flow.values.extract_at`), and each key goes
back to the string its match began in.

That is exactly the per-string extraction, because of two facts about the patterns, which
``tests/flow/test_reading.py`` checks on adversarial strings:

- no match consumes the separator (a double quote: no identifier's alphabet holds it, a URL
  ends before it), so no match spans two strings;
- every look-around and word boundary reads the separator as it reads the start or end of a
  text (it is not a word character, nor in any look-behind's or look-ahead's set).

The keys of each string come out in :func:`weir.flow.values.extract`'s order (kinds in a fixed
order, each kind's keys in text order): the joined scan lists kind by kind, each in text order,
so a stable sort by string restores it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from weir.flow.argkeys import data_keys
from weir.flow.values import MAX_WHOLE, Kind, extract_at, whole_key

__all__ = ["JOINED", "SEPARATOR", "leaf_keys"]

SEPARATOR = '"'
"""What stands between two strings in the joined text (a boundary to every pattern)."""
JOINED = 64
"""Results with at least this many strings are scanned joined (below, string by string: a join
and a sort cost more than a few extractions)."""


def leaf_keys(leaves: Sequence[Any]) -> list[list[tuple[Kind, str]]]:
    """``data_keys(leaf)`` of every leaf (strings and numbers of data), in order."""
    texts = [i for i, leaf in enumerate(leaves) if isinstance(leaf, str)]
    if len(texts) < JOINED:
        return [data_keys(leaf) for leaf in leaves]
    found = _joined([leaves[i] for i in texts])
    out: list[list[tuple[Kind, str]]] = []
    next_text = iter(found)
    for leaf in leaves:
        if not isinstance(leaf, str):
            out.append(data_keys(leaf))
            continue
        keys = next(next_text)
        if len(leaf) <= MAX_WHOLE and leaf.strip():
            keys.insert(0, (Kind.TEXT, whole_key(leaf)))  # as data_keys puts the string whole first
        out.append(keys)
    return out


def _joined(texts: list[str]) -> list[list[tuple[Kind, str]]]:
    """``extract(text)`` of each text, from one scan of them joined."""
    pairs, at = extract_at(SEPARATOR.join(texts))
    found: list[list[tuple[Kind, str]]] = [[] for _ in texts]
    if not pairs:
        return found
    lengths = np.fromiter((len(t) + len(SEPARATOR) for t in texts), dtype=np.int64, count=len(texts))
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    owner = np.searchsorted(starts, np.array(at, dtype=np.int64), side="right") - 1
    owners = owner.tolist()
    for j in np.argsort(owner, kind="stable").tolist():
        found[owners[j]].append(pairs[j])
    return found
