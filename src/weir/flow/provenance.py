"""Argument provenance: which arguments of a new call carry a value that arrived in untrusted data.

Plain taint ("something untrusted was read, so block everything consequential") would stop the
normal case — read a bill, then pay it. What separates that from a hijack is where the *value*
came from. For every value seen the session keeps a few facts that policy can weigh:

- ``sources``: in how many untrusted results it appeared;
- ``malicious``: whether one of those results was flagged malicious (injection detected);
- ``trusted_also``: whether it also appeared in trusted data (an internal record, the user's
  own contacts, a server whose results are trusted);
- ``user_first``: whether the agent already used it in an earlier call *before* any untrusted
  data showed it — so it came from the user or the agent's own context, not from the data;
- ``sender``: whether it appeared as the *sender* of untrusted content (a ``from`` field, a
  ``From:`` line). Replying to whoever wrote a message is the normal case; mailing a third
  party that a message's body names is what an injected instruction looks like.

Values are kept as 63-bit fingerprints with a packed integer of flags, so a session stays small
and serialises to JSON without holding untrusted text.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from weir.flow.argkeys import ArgKey, arg_keys, clear_caches
from weir.flow.packed import PackedMap
from weir.flow.reading import leaf_keys
from weir.flow.values import MAX_WHOLE, Kind, addresses, fingerprint, walk_leaves, whole_key

__all__ = ["ArgTaint", "ValueMemory", "clear_caches", "url_with_query"]

# Packed record layout (one int per fingerprint):
#   bits 0-19   first untrusted step + 1 (0 = never seen untrusted)
#   bits 20-27  number of untrusted results it appeared in (saturates at 255)
#   bit  28     appeared in a result flagged malicious
#   bit  29     appeared in trusted data
#   bit  30     used by the agent before it appeared in untrusted data
#   bits 31-34  kind
#   bit  35     appeared as the sender of untrusted content
#   bit  36     appeared in open-world data (labelled untrusted), not only in data of unknown source
#   bit  37     the agent sent it in a call that changes state (a write can come back as a trusted read)
_STEP_MASK = (1 << 20) - 1
_COUNT_SHIFT, _COUNT_MASK = 20, 0xFF
_MALICIOUS, _TRUSTED, _AGENT = 1 << 28, 1 << 29, 1 << 30
_KIND_SHIFT = 31
_SENDER = 1 << 35
_OPEN = 1 << 36
_WRITTEN = 1 << 37
_SENDER_KEYS = frozenset({"from", "sender", "author", "organizer", "organiser", "replyto", "reply_to", "owner"})
_URL_WITH_QUERY = re.compile(r"://[^\s?#]+[?#]\S")
_SENDER_LINE = re.compile(r"^\s*(?:from|sender|reply-to|organi[sz]er|author)\s*:\s*(.+)$", re.IGNORECASE | re.MULTILINE)
_MAX_TRUSTED = 4096
"""Trusted and agent-used values beyond this are forgotten: that only makes decisions stricter."""


class ArgTaint(NamedTuple):
    """One argument path carrying a value first seen in untrusted data (an immutable record)."""

    path: str
    """JSON path of the argument (``to``, ``payee.iban``, ``body``)."""
    value: str
    """The argument's value (as sent, truncated), for reasons and the user's confirmation."""
    kind: str
    """What the value is: email, url, domain, iban, phone, account, number, text."""
    step: int
    """The call whose result first carried it."""
    server: str
    """That call's server."""
    tool: str
    """That call's tool."""
    sources: int
    """In how many untrusted results it appeared."""
    malicious: bool
    """One of those results was flagged malicious."""
    trusted_also: bool
    """It also appeared in trusted data."""
    user_first: bool
    """The agent used it before any untrusted data carried it."""
    sender: bool = False
    """It appeared as the sender of untrusted content (``from``, ``From:``)."""
    open: bool = False
    """It appeared in open-world data (labelled untrusted), not merely in data of unknown source."""
    whole: bool = False
    """The matched value is the whole argument (``to_iban="DE89..."``), not something inside it."""
    query: bool = False
    """The argument holds a URL with a query string or fragment: a place to smuggle data out."""
    prose: bool = False
    """It appeared in the free text of untrusted content (sentences someone wrote), not only as a
    field of a record (:mod:`weir.flow.pieces`)."""
    named: bool = False
    """That free text wrote exactly this value (a whole word or words), not only something longer."""
    encoded: bool = False
    """It was found only by undoing a disguise (decoded, reversed, split in two, look-alike letters)."""
    vocabulary: bool = False
    """The called tool of a trusted server enumerates it in its schema (enum, const): vocabulary, not data."""

    def as_fact(self) -> dict[str, Any]:
        """The policy fact for this taint (a plain dict for CEL): every field, and ``corroborated``."""
        # One dict display, built at its final size (a zip grows the dict three times on the way).
        path, value, kind, step, server, tool, sources, malicious, trusted_also, user_first = self[:10]
        sender, open_world, whole, query, prose, named, encoded, vocabulary = self[10:]
        return {
            "path": path,
            "value": value,
            "kind": kind,
            "step": step,
            "server": server,
            "tool": tool,
            "sources": sources,
            "malicious": malicious,
            "trusted_also": trusted_also,
            "user_first": user_first,
            "sender": sender,
            "open": open_world,
            "whole": whole,
            "query": query,
            "prose": prose,
            "named": named,
            "encoded": encoded,
            "vocabulary": vocabulary,
            "corroborated": trusted_also or user_first,
        }


class ValueMemory:
    """The values a session has seen, as fingerprints with packed provenance flags."""

    __slots__ = ("_index", "_records", "_trusted_count")

    def __init__(self, records: Mapping[int, int] | None = None) -> None:
        self._records = PackedMap(records)
        self._trusted_count = sum(1 for r in self._records.values() if not r & _STEP_MASK)
        self._index: dict[int, int] | None = None
        """Untrusted records as a dict, built by :meth:`tainted_leaves` (dropped on every change)."""

    def __len__(self) -> int:
        return len(self._records)

    @property
    def records(self) -> dict[int, int]:
        """Fingerprint → packed record (for serialisation)."""
        return dict(self._records.items())

    def observe(
        self,
        data: Any,
        *,
        step: int,
        untrusted: bool,
        malicious: bool,
        echo: frozenset[int] = frozenset(),
        open_world: bool = False,
        fields: Sequence[str] = (),
    ) -> None:
        """Remember every value in ``data`` (a result's text and structured content).

        ``echo`` holds the fingerprints of the call's own arguments: a trusted result repeating
        them ("payee saved: <the IBAN you sent>") is an echo, not independent corroboration.
        ``fields`` are further texts to remember whole: the fields a result's text blocks hold
        (:func:`weir.flow.pieces.split`), which a text block's own leaf is too long to be.
        """
        self._index = None
        kinds, senders, hashed = _result_keys(data, untrusted)
        for text in dict.fromkeys(fields):  # a listing's fields repeat (a status, a currency): once each
            if len(text) <= MAX_WHOLE:
                pair = (Kind.TEXT, whole_key(text))
                if pair not in hashed:  # a structured string's field of its text block: known already
                    kinds.setdefault(fingerprint(*pair), Kind.TEXT)
        size = len(self._records)
        if untrusted:
            self._observe_untrusted(kinds, min(step + 1, _STEP_MASK), malicious=malicious, open_world=open_world)
        else:
            self._observe_trusted(kinds, echo)
        for fp in senders:
            rec = self._records.get(fp)
            if rec is not None:
                self._records.set(fp, rec | _SENDER)
        if len(self._records) != size:
            self._records.compact()

    def _observe_untrusted(self, kinds: dict[int, Kind], first: int, *, malicious: bool, open_world: bool) -> None:
        """Count one more untrusted source for each value; ``first`` is the step bits a new one gets."""
        flags = (_MALICIOUS if malicious else 0) | (_OPEN if open_world else 0)
        if len(kinds) >= _BULK:
            self._records.merge(*_counted(self._records, kinds, first, flags))
            return
        records = self._records
        changed: dict[int, int] = {}
        for fp, kind in kinds.items():
            rec = records.get(fp)
            if rec is None:
                rec = (int(kind) << _KIND_SHIFT) | first
            elif not rec & _STEP_MASK:
                rec |= first
            if (rec >> _COUNT_SHIFT) & _COUNT_MASK < _COUNT_MASK:  # the count saturates
                rec += 1 << _COUNT_SHIFT
            changed[fp] = rec | flags
        records.update(changed)  # the keys are distinct: no record is read after it changed

    def _observe_trusted(self, kinds: dict[int, Kind], echo: frozenset[int]) -> None:
        """Mark each value seen in trusted data (not the call's own echoed arguments)."""
        if len(kinds) >= _BULK:
            keys, recs, added = _vouched(self._records, kinds, echo, _MAX_TRUSTED - self._trusted_count)
            self._records.merge(keys, recs)
            self._trusted_count += added
            return
        records = self._records
        changed: dict[int, int] = {}
        for fp, kind in kinds.items():
            if fp in echo:
                continue
            rec = records.get(fp)
            if rec is not None and rec & _STEP_MASK and rec & _WRITTEN:
                # Laundering: untrusted data the session itself wrote somewhere, read back through a
                # trusted server, is still the untrusted data — not an independent sighting.
                continue
            if rec is None:
                # A number in trusted data corroborates nothing policy asks about (amounts match
                # everywhere), and would be most of a session's memory: only untrusted ones are kept.
                if kind is Kind.NUMBER or self._trusted_count >= _MAX_TRUSTED:
                    continue
                rec = int(kind) << _KIND_SHIFT
                self._trusted_count += 1
            changed[fp] = rec | _TRUSTED
        records.update(changed)  # the keys are distinct: no record is read after it changed

    def note_used(self, arguments: Mapping[str, Any]) -> frozenset[int]:
        """Record argument values the agent used; those not yet seen untrusted count as its own.

        Returns the arguments' fingerprints (the echo set for the call's result).
        """
        self._index = None
        used: set[int] = set()
        for _path, leaf in walk_leaves(dict(arguments)):
            for key in arg_keys(leaf):
                used.add(key.fingerprint)
                self._note(key)
        return frozenset(used)

    def _note(self, key: ArgKey) -> int | None:
        """The record of ``key``; a value not seen before is remembered as the agent's own (None)."""
        agent = _AGENT_RECORDS[key.kind] if self._trusted_count < _MAX_TRUSTED else None
        rec = self._records.get_or_insert(key.fingerprint, agent)
        if rec is None and agent is not None:
            self._trusted_count += 1
        return rec

    def tainted_leaves(
        self, leaves: Sequence[tuple[str, Any, tuple[ArgKey, ...]]], steps: list[tuple[str, str]]
    ) -> list[ArgTaint]:
        """:meth:`tainted` for leaves whose keys are already known (path, value, :func:`arg_keys`).

        For a memory asked on every call and seldom changed (the Guard's tool definitions), the
        untrusted records are looked up in a dict built on first use after each change.
        """
        index = self._index
        if index is None:
            index = self._index = {fp: rec for fp, rec in self._records.items() if rec & _STEP_MASK}
        out = []
        for path, leaf, keys in leaves:
            best: tuple[ArgKey, int] | None = None
            for key in keys:
                rec = index.get(key.fingerprint)
                if rec is not None and (best is None or _more_specific(key, best[0])):
                    best = (key, rec)
            if best is not None:
                out.append(_taint(path, leaf, best, steps))
        return out

    def tainted(self, arguments: Mapping[str, Any], steps: list[tuple[str, str]]) -> list[ArgTaint]:
        """Argument paths carrying a value seen in untrusted data, most specific kind first."""
        return self.check_call(arguments, steps, note=False)[0]

    def check_call(
        self,
        arguments: Mapping[str, Any],
        steps: list[tuple[str, str]],
        *,
        note: bool = True,
        stores: bool = False,
        mentioned: frozenset[str] = frozenset(),
    ) -> tuple[list[ArgTaint], frozenset[int]]:
        """:meth:`tainted` and (with ``note``) :meth:`note_used` in one pass over the arguments.

        One lookup per key serves both questions. Noting a value first seen here gives it no
        untrusted step, so it can never be the match: the order of the two is free. ``stores``:
        the call changes state, so what it sends may come back later as a trusted read (each
        value is marked written). The leaves at ``mentioned`` paths were found in untrusted text
        (:mod:`weir.flow.mentions`): they have arrived already, so they are not the agent's own.
        """
        out: list[ArgTaint] = []
        used: set[int] = set()
        records = self._records
        # This loop runs for every key of every argument of every call: it searches the
        # memory's arrays itself (see PackedMap.arrays) rather than through a call per key.
        keys, values = records.arrays()
        for path, leaf in walk_leaves(arguments if arguments.__class__ is dict else dict(arguments)):
            best: tuple[ArgKey, int] | None = None
            own = note and path not in mentioned
            for key in arg_keys(leaf):
                fp = key.fingerprint
                used.add(fp)
                i = bisect_left(keys, fp)
                if i < len(keys) and keys[i] == fp:
                    rec = values[i]
                    if stores and not rec & _WRITTEN:
                        values[i] = rec | _WRITTEN
                    # The most specific untrusted match names the value best (the first on ties).
                    if rec & _STEP_MASK and (best is None or _more_specific(key, best[0])):
                        best = (key, rec)
                elif own and self._trusted_count < _MAX_TRUSTED:
                    # A value not seen before is remembered as the agent's own (unless at the cap).
                    records.insert_at(i, fp, _AGENT_RECORDS[key.kind] | (_WRITTEN if stores else 0))
                    self._trusted_count += 1
            if best is not None:
                out.append(_taint(path, leaf, best, steps))
        return out, frozenset(used) if note else _NO_FINGERPRINTS

    def standing(self, keys: Sequence[ArgKey]) -> tuple[bool, bool, int]:
        """What the session knows of a value from its whole keys (those equal to the value):
        seen in trusted data, used by the agent first, and in how many untrusted results."""
        trusted = agent = False
        sources = 0
        for key in keys:
            if not key.whole:
                continue
            rec = self._records.get(key.fingerprint)
            if rec is not None:
                trusted = trusted or bool(rec & _TRUSTED)
                agent = agent or bool(rec & _AGENT)
                sources = max(sources, (rec >> _COUNT_SHIFT) & _COUNT_MASK)
        return trusted, agent, sources


_NO_FINGERPRINTS: frozenset[int] = frozenset()
_BULK = 256
"""A result with this many distinct values has them counted with arrays (below: one by one)."""


def _counted(
    records: PackedMap, kinds: dict[int, Kind], first: int, flags: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The records of ``kinds`` after one more untrusted sighting, as arrays: what
    :meth:`ValueMemory._observe_untrusted` computes value by value (the same bits, tested)."""
    keys = np.fromiter(kinds, dtype=np.int64, count=len(kinds))
    new = (np.fromiter(kinds.values(), dtype=np.int64, count=len(kinds)) << _KIND_SHIFT) | first
    found, held = records.lookup(keys)
    rec = np.where(found, held, new)
    rec |= np.where((rec & _STEP_MASK) == 0, first, 0)  # seen only in trusted data until now
    rec += np.where(((rec >> _COUNT_SHIFT) & _COUNT_MASK) < _COUNT_MASK, 1 << _COUNT_SHIFT, 0)  # saturates
    return keys, rec | flags


def _vouched(
    records: PackedMap, kinds: dict[int, Kind], echo: frozenset[int], room: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], int]:
    """The records of ``kinds`` after a trusted sighting, as arrays, and how many are new: what
    :meth:`ValueMemory._observe_trusted` computes value by value (the same bits and the same
    cap on new trusted values, taken in the result's order; tested). ``room``: new ones allowed."""
    keys = np.fromiter(kinds, dtype=np.int64, count=len(kinds))
    kind = np.fromiter(kinds.values(), dtype=np.int64, count=len(kinds))
    if echo:
        mine = ~np.isin(keys, np.fromiter(echo, dtype=np.int64, count=len(echo)))
        keys, kind = keys[mine], kind[mine]
    found, held = records.lookup(keys)
    laundered = found & ((held & _STEP_MASK) != 0) & ((held & _WRITTEN) != 0)
    wanted = ~found & (kind != int(Kind.NUMBER))
    taken = wanted & (np.cumsum(wanted) <= max(room, 0))  # the first ones, up to the cap
    keep = (found & ~laundered) | taken
    rec = np.where(found, held, kind << _KIND_SHIFT) | _TRUSTED
    return keys[keep], rec[keep], int(taken.sum())


_AGENT_RECORDS = {kind: (int(kind) << _KIND_SHIFT) | _AGENT for kind in Kind}
"""The record of a value the agent used first, by kind."""
_PRIORITY = {
    Kind.NUMBER: 0,
    Kind.TEXT: 1,
    Kind.PATH: 2,
    Kind.CHANNEL: 2,
    Kind.DOMAIN: 2,
    Kind.URL: 3,
    Kind.PHONE: 4,
    Kind.EMAIL: 5,
    Kind.ACCOUNT: 6,
    Kind.IBAN: 7,
}
"""How specific each kind is: an IBAN says more than its digits, an address more than its
domain, and anything more than a matching word or amount."""


def _more_specific(key: ArgKey, than: ArgKey) -> bool:
    return _PRIORITY[key.kind] > _PRIORITY[than.kind]


def _result_keys(data: Any, untrusted: bool) -> tuple[dict[int, Kind], set[int], set[tuple[Kind, str]]]:
    """Every distinct fingerprint in ``data`` with the kind it was first found as (in order), for
    untrusted data the fingerprints of addresses in sender position, and the keys hashed."""
    kinds: dict[int, Kind] = {}
    senders: set[int] = set()
    hashed: set[tuple[Kind, str]] = set()  # a result's text often repeats its structured values
    leaves = list(walk_leaves(data))
    for (path, leaf), keys in zip(leaves, leaf_keys([leaf for _, leaf in leaves]), strict=True):
        for pair in keys:
            if pair not in hashed:
                hashed.add(pair)
                fp = fingerprint(*pair)
                if fp not in kinds:
                    kinds[fp] = pair[0]
        if untrusted and isinstance(leaf, str) and "@" in leaf:
            senders |= _sender_fingerprints(path, leaf, keys)
    return kinds, senders, hashed


def _sender_fingerprints(path: str, leaf: str, keys: list[tuple[Kind, str]]) -> set[int]:
    """Fingerprints of addresses in sender position: a ``from``-like key, or a ``From:`` line.

    ``keys`` are the leaf's own: a sender field's addresses are its ``email`` keys.
    """
    key = path.rsplit(".", 1)[-1].split("[", 1)[0].replace("-", "").lower()
    if key in _SENDER_KEYS:
        found = [address for kind, address in keys if kind is Kind.EMAIL]
    else:
        found = [address for m in _SENDER_LINE.finditer(leaf) for address in addresses(m.group(1))]
    return {fingerprint(Kind.EMAIL, address) for address in found}


_LABELS = {kind: kind.label for kind in Kind}
"""Each kind's fact name (``Kind.label`` goes through the enum's name property every time)."""


def _taint(path: str, leaf: Any, match: tuple[ArgKey, int], steps: list[tuple[str, str]]) -> ArgTaint:
    key, rec = match
    step = (rec & _STEP_MASK) - 1
    server, tool = steps[step] if 0 <= step < len(steps) else ("?", "?")
    text = leaf if isinstance(leaf, str) else str(leaf)
    return ArgTaint(
        path,
        text if len(text) <= 120 else text[:117] + "...",
        _LABELS[key.kind],
        step,
        server,
        tool,
        (rec >> _COUNT_SHIFT) & _COUNT_MASK,
        bool(rec & _MALICIOUS),
        bool(rec & _TRUSTED),
        bool(rec & _AGENT),
        bool(rec & _SENDER),
        bool(rec & _OPEN),
        key.whole,
        url_with_query(leaf),
    )


def url_with_query(leaf: Any) -> bool:
    """Whether an argument holds a URL with a query string or fragment (a place to carry data out)."""
    return isinstance(leaf, str) and "://" in leaf and _URL_WITH_QUERY.search(leaf) is not None
