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

import functools
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from weir.flow.packed import PackedMap
from weir.flow.values import MAX_WHOLE, Kind, extract, fingerprint, number_key, walk_leaves, whole_key

__all__ = ["ArgTaint", "ValueMemory", "clear_caches"]

# Packed record layout (one int per fingerprint):
#   bits 0-19   first untrusted step + 1 (0 = never seen untrusted)
#   bits 20-27  number of untrusted results it appeared in (saturates at 255)
#   bit  28     appeared in a result flagged malicious
#   bit  29     appeared in trusted data
#   bit  30     used by the agent before it appeared in untrusted data
#   bits 31-34  kind
#   bit  35     appeared as the sender of untrusted content
#   bit  36     appeared in open-world data (labelled untrusted), not only in data of unknown source
_STEP_MASK = (1 << 20) - 1
_COUNT_SHIFT, _COUNT_MASK = 20, 0xFF
_MALICIOUS, _TRUSTED, _AGENT = 1 << 28, 1 << 29, 1 << 30
_KIND_SHIFT = 31
_SENDER = 1 << 35
_OPEN = 1 << 36
_SENDER_KEYS = frozenset({"from", "sender", "author", "organizer", "organiser", "replyto", "reply_to", "owner"})
_URL_WITH_QUERY = re.compile(r"://[^\s?#]+[?#]\S")
_CHANNEL_ARG = re.compile(r"#?[A-Za-z0-9][\w.-]{0,79}")
_SENDER_LINE = re.compile(r"^\s*(?:from|sender|reply-to|organi[sz]er|author)\s*:\s*(.+)$", re.IGNORECASE | re.MULTILINE)
_MAX_TRUSTED = 4096
"""Trusted and agent-used values beyond this are forgotten: that only makes decisions stricter."""


@dataclass(frozen=True, slots=True)
class ArgTaint:
    """One argument path carrying a value first seen in untrusted data."""

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

    def as_fact(self) -> dict[str, Any]:
        """The policy fact for this taint (a plain dict for CEL)."""
        return {
            "path": self.path,
            "value": self.value,
            "kind": self.kind,
            "step": self.step,
            "server": self.server,
            "tool": self.tool,
            "sources": self.sources,
            "malicious": self.malicious,
            "trusted_also": self.trusted_also,
            "user_first": self.user_first,
            "sender": self.sender,
            "open": self.open,
            "whole": self.whole,
            "query": self.query,
            "corroborated": self.trusted_also or self.user_first,
        }


def _data_keys(value: Any, *, derive: bool = True) -> Iterator[tuple[Kind, str]]:
    """Keys for one scalar: identifiers inside it, and short strings whole."""
    if isinstance(value, str):
        if len(value) <= MAX_WHOLE and value.strip():
            yield Kind.TEXT, whole_key(value)
            if not derive and _CHANNEL_ARG.fullmatch(value.strip()):
                # An argument naming a channel: "finance-billing" or "#finance-billing".
                yield Kind.CHANNEL, value.strip().lstrip("#").lower()
        yield from extract(value, derive=derive)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int | float):
        key = number_key(float(value))
        if key:
            yield Kind.NUMBER, key


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
    ) -> None:
        """Remember every value in ``data`` (a result's text and structured content).

        ``echo`` holds the fingerprints of the call's own arguments: a trusted result repeating
        them ("payee saved: <the IBAN you sent>") is an echo, not independent corroboration.
        """
        self._index = None
        seen: set[int] = set()
        senders: set[int] = set()
        for path, leaf in walk_leaves(data):
            if untrusted:
                senders |= _sender_fingerprints(path, leaf)
            for kind, key in _data_keys(leaf):
                fp = fingerprint(kind, key)
                if fp in seen:
                    continue
                seen.add(fp)
                if untrusted or fp not in echo:
                    self._observe_one(fp, kind, step=step, untrusted=untrusted, malicious=malicious)
                    if untrusted and open_world:
                        self._records.set(fp, (self._records.get(fp) or 0) | _OPEN)
        for fp in senders:
            rec = self._records.get(fp)
            if rec is not None:
                self._records.set(fp, rec | _SENDER)
        self._records.compact()

    def _observe_one(self, fp: int, kind: Kind, *, step: int, untrusted: bool, malicious: bool) -> None:
        rec = self._records.get(fp)
        if rec is None:
            # A number in trusted data corroborates nothing policy asks about (amounts match
            # everywhere), and would be most of a session's memory: only untrusted ones are kept.
            if not untrusted and (kind is Kind.NUMBER or self._trusted_count >= _MAX_TRUSTED):
                return
            rec = int(kind) << _KIND_SHIFT
            if not untrusted:
                self._trusted_count += 1
        if untrusted:
            if not rec & _STEP_MASK:
                rec |= min(step + 1, _STEP_MASK)
            count = min(((rec >> _COUNT_SHIFT) & _COUNT_MASK) + 1, _COUNT_MASK)
            rec = (rec & ~(_COUNT_MASK << _COUNT_SHIFT)) | (count << _COUNT_SHIFT)
            if malicious:
                rec |= _MALICIOUS
        else:
            rec |= _TRUSTED
        self._records.set(fp, rec)

    def note_used(self, arguments: Mapping[str, Any]) -> frozenset[int]:
        """Record argument values the agent used; those not yet seen untrusted count as its own.

        Returns the arguments' fingerprints (the echo set for the call's result).
        """
        self._index = None
        used: set[int] = set()
        for _path, leaf in walk_leaves(dict(arguments)):
            for kind, key in _arg_keys(leaf):
                fp = fingerprint(kind, key)
                used.add(fp)
                rec = self._records.get(fp)
                if rec is None and self._trusted_count < _MAX_TRUSTED:
                    self._records.set(fp, (int(kind) << _KIND_SHIFT) | _AGENT)
                    self._trusted_count += 1
        return frozenset(used)

    def tainted_leaves(
        self, leaves: Sequence[tuple[str, Any, tuple[tuple[Kind, str, int], ...]]], steps: list[tuple[str, str]]
    ) -> list[ArgTaint]:
        """:meth:`tainted` for leaves whose fingerprints are already known (path, value, keys).

        For a memory asked on every call and seldom changed (the Guard's tool definitions), the
        untrusted records are looked up in a dict built on first use after each change.
        """
        index = self._index
        if index is None:
            index = self._index = {fp: rec for fp, rec in self._records.items() if rec & _STEP_MASK}
        out = []
        for path, leaf, keys in leaves:
            found = [(kind, key, index[fp]) for kind, key, fp in keys if fp in index]
            if found:
                out.append(_taint(path, leaf, _best_of(leaf, found), steps))
        return out

    def tainted(self, arguments: Mapping[str, Any], steps: list[tuple[str, str]]) -> list[ArgTaint]:
        """Argument paths carrying a value seen in untrusted data, most specific kind first."""
        return self.check_call(arguments, steps, note=False)[0]

    def check_call(
        self, arguments: Mapping[str, Any], steps: list[tuple[str, str]], *, note: bool = True
    ) -> tuple[list[ArgTaint], frozenset[int]]:
        """:meth:`tainted` and (with ``note``) :meth:`note_used` in one pass over the arguments."""
        out: list[ArgTaint] = []
        used: set[int] = set()
        lookup = self._records.get
        for path, leaf in walk_leaves(dict(arguments)):
            keys = arg_fingerprints(leaf)
            # One lookup per key serves both questions. Noting a value first seen here gives it
            # no untrusted step, so it can never be the match: the order of the two is free.
            found: list[tuple[Kind, str, int]] = []
            for kind, key, fp in keys:
                rec = lookup(fp)
                if rec is not None:
                    if rec & _STEP_MASK:
                        found.append((kind, key, rec))
                elif note and self._trusted_count < _MAX_TRUSTED:
                    self._records.set(fp, (int(kind) << _KIND_SHIFT) | _AGENT)
                    self._trusted_count += 1
                if note:
                    used.add(fp)
            if found:
                out.append(_taint(path, leaf, _best_of(leaf, found), steps))
        return out, frozenset(used)


def _best_of(leaf: Any, found: Sequence[tuple[Kind, str, int]]) -> tuple[Kind, int, bool]:
    """The most specific of the untrusted records an argument leaf matched (the first on ties)."""
    kind, key, rec = found[0]
    for candidate in found[1:]:
        if _PRIORITY[candidate[0]] > _PRIORITY[kind]:
            kind, key, rec = candidate
    whole = kind is Kind.TEXT or kind is Kind.NUMBER or key == _whole_text(leaf)
    return kind, rec, whole


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


def _sender_fingerprints(path: str, leaf: Any) -> set[int]:
    """Fingerprints of addresses in sender position: a ``from``-like key, or a ``From:`` line."""
    if not isinstance(leaf, str) or "@" not in leaf:
        return set()
    key = path.rsplit(".", 1)[-1].split("[", 1)[0].replace("-", "").lower()
    texts = [leaf] if key in _SENDER_KEYS else [m.group(1) for m in _SENDER_LINE.finditer(leaf)]
    return {fingerprint(k, v) for text in texts for k, v in extract(text, derive=False) if k is Kind.EMAIL}


def _priority(kind: Kind) -> int:
    # The most specific match names the value best: an IBAN says more than its digits, an
    # address more than its domain, and anything more than a matching word or amount.
    return _PRIORITY[kind]


def _arg_keys(leaf: Any) -> Iterable[tuple[Kind, str]]:
    return _data_keys(leaf, derive=False)


def arg_fingerprints(leaf: Any) -> tuple[tuple[Kind, str, int], ...]:
    """``(kind, key, fingerprint)`` of every value an argument leaf carries.

    Cached for strings and numbers: account ids, currencies, channel names, addresses and
    amounts recur from call to call, and extracting and hashing identifiers is most of the cost
    of argument provenance.
    """
    cls = leaf.__class__
    if cls is str and len(leaf) <= 512:
        return _string_fingerprints(leaf)
    if cls is float or cls is int:
        # A number's keys depend on its float value alone (see _data_keys).
        return _number_fingerprints(float(leaf))
    return tuple((kind, key, fingerprint(kind, key)) for kind, key in _arg_keys(leaf))


@functools.lru_cache(maxsize=4096)
def _string_fingerprints(leaf: str) -> tuple[tuple[Kind, str, int], ...]:
    return tuple((kind, key, fingerprint(kind, key)) for kind, key in _arg_keys(leaf))


@functools.lru_cache(maxsize=1024)
def _number_fingerprints(leaf: float) -> tuple[tuple[Kind, str, int], ...]:
    return tuple((kind, key, fingerprint(kind, key)) for kind, key in _arg_keys(leaf))


def clear_caches() -> None:
    """Forget every cached argument fingerprint and normalisation (to measure the cold path)."""
    _string_fingerprints.cache_clear()
    _number_fingerprints.cache_clear()
    _whole_string.cache_clear()


_LABELS = {kind: kind.label for kind in Kind}
"""Each kind's fact name (``Kind.label`` goes through the enum's name property every time)."""


def _whole_text(leaf: Any) -> str:
    """The argument normalised the way identifiers are (for "is the identifier the whole value")."""
    if not isinstance(leaf, str):
        return ""
    return _whole_string(leaf) if len(leaf) <= 512 else _normalise_whole(leaf)


@functools.lru_cache(maxsize=4096)
def _whole_string(leaf: str) -> str:
    return _normalise_whole(leaf)


def _normalise_whole(leaf: str) -> str:
    s = leaf.strip()
    compact = s.replace(" ", "")
    return compact.upper() if compact[:2].isalpha() and compact[2:4].isdigit() else s.lower().rstrip("/")


def _taint(path: str, leaf: Any, match: tuple[Kind, int, bool], steps: list[tuple[str, str]]) -> ArgTaint:
    kind, rec, whole = match
    step = (rec & _STEP_MASK) - 1
    server, tool = steps[step] if 0 <= step < len(steps) else ("?", "?")
    text = leaf if isinstance(leaf, str) else str(leaf)
    # Positional, in field order: keyword parsing is a third of building the record.
    return ArgTaint(
        path,
        text if len(text) <= 120 else text[:117] + "...",
        _LABELS[kind],
        step,
        server,
        tool,
        (rec >> _COUNT_SHIFT) & _COUNT_MASK,
        bool(rec & _MALICIOUS),
        bool(rec & _TRUSTED),
        bool(rec & _AGENT),
        bool(rec & _SENDER),
        bool(rec & _OPEN),
        whole,
        isinstance(leaf, str) and "://" in leaf and _URL_WITH_QUERY.search(leaf) is not None,
    )
