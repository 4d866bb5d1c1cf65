"""The agent session: the join of every data label seen, with lineage and argument provenance.

One agent session spans many servers and connections (an MCP session does not). Everything the
session learns only ever strengthens it: :meth:`Session.observe` joins labels, never replaces
them. A session serialises to JSON (:meth:`Session.to_json`) so a shared store can hold it.
"""

from __future__ import annotations

import binascii
import json
import sys
import uuid
from collections.abc import Collection, Mapping
from typing import Any, NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt

from weir.flow.actions import asked_for
from weir.flow.argkeys import arg_keys, data_keys
from weir.flow.grams import Grams, text_grams
from weir.flow.lineage import Lineage
from weir.flow.normalise import decodings, tokens
from weir.flow.pieces import Pieces, split
from weir.flow.prose import merge, prose_taints, string_leaves, value_grams
from weir.flow.provenance import ArgTaint, ValueMemory
from weir.flow.request import request_annotations
from weir.flow.textindex import WRITTEN, TextIndex
from weir.flow.values import fingerprint, walk_leaves
from weir.labels.config import Sharing
from weir.labels.datalabel import BOTTOM, DataLabel
from weir.labels.finding import Finding
from weir.labels.provenance import Origin

__all__ = ["Elsewhere", "Session", "prose_grams"]

_T = TypeVar("_T")


class Elsewhere(NamedTuple):
    """Untrusted text a session did not read but that steers calls like what it read: the
    untrusted servers' tool definitions (a poisoned description), kept by the Guard."""

    values: ValueMemory
    text: TextIndex
    steps: list[tuple[str, str]]


class Session:
    """One agent session. Not thread-safe: callers serialise calls within a session."""

    __slots__ = ("_echo", "_internal", "_label", "id", "intent", "lineage", "steps", "text", "values")

    def __init__(self, session_id: str | None = None) -> None:
        self.id: str = session_id or uuid.uuid4().hex
        self._label: DataLabel = BOTTOM
        self._internal: DataLabel = BOTTOM
        self._echo: frozenset[int] = _NO_ECHO
        self.steps: list[tuple[str, str]] = []
        """(server, tool) of each call, by step number."""
        self.lineage = Lineage()
        self.values = ValueMemory()
        self.text = TextIndex()
        """The untrusted free text read, as grams (what an argument is looked up in by containment)."""
        self.intent: str = ""
        """The user's own words a trusted host passed, newest last (:mod:`weir.guard.intent` keeps it)."""

    @property
    def label(self) -> DataLabel:
        """The join of everything the session has seen (read-only: only ``observe`` strengthens it)."""
        return self._label

    @property
    def internal(self) -> DataLabel:
        """The join of the labels of *trusted* data only: the organisation's own data.

        Sending this outside is exfiltration; re-sending what arrived from outside (an inbound
        e-mail's personal data, say) is much less so. Policy compares the two.
        """
        return self._internal

    def begin(self, server: str, tool: str) -> int:
        """Allocate the step number of a new call."""
        # Interned: thousands of sessions share one copy of each server and tool name.
        self.steps.append((sys.intern(server), sys.intern(tool)))
        return len(self.steps) - 1

    def servers(self) -> list[str]:
        """The servers this session has called, sorted."""
        return sorted({s for s, _ in self.steps})

    def step_of(self, server: str, tool: str) -> int:
        """The latest step calling ``server``/``tool`` (a new step if there was none)."""
        for i in range(len(self.steps) - 1, -1, -1):
            if self.steps[i] == (server, tool):
                return i
        return self.begin(server, tool)

    def observe(
        self,
        *,
        server: str,
        tool: str,
        label: DataLabel,
        values: Any = None,
        untrusted: bool | None = None,
        internal: bool | None = None,
        step: int | None = None,
    ) -> None:
        """Join a result's label into the session and remember the values it carried.

        ``untrusted`` says whether ``values`` count as untrusted for argument provenance
        (defaults to ``label.untrusted``). ``internal`` says whether the data is the
        organisation's own (defaults to: neither the label nor the values are untrusted).
        Step -1 means the host itself (request annotations).
        """
        at = self.step_of(server, tool) if step is None else step
        flag = label.untrusted if untrusted is None else untrusted
        own = (not flag and not label.untrusted) if internal is None else (internal and not label.untrusted)
        # The label of an unlabelled result from a tool that declares nothing adds no fact.
        if label is not BOTTOM:
            self.lineage.record(label, step=at, server=server, tool=tool)
            # Where each fact came from lives in the lineage (first introduction); the session's
            # own labels drop per-field origins so that an idle session stays small.
            if not self._label.at_least(label):
                self._label = _lean(self._label, label)
            if own and not _covers_internal(self._internal, label):
                self._internal = _internal_join(self._internal, label)
        if values is not None:
            parts = split(values if isinstance(values, Mapping) and "content" in values else {"structured": values})
            echo = self._echo
            if not flag and self.text.any_written:
                echo = echo | laundered(parts, self.text)
            self.values.observe(
                values,
                step=at,
                untrusted=flag,
                malicious=label.malicious,
                echo=echo,
                open_world=label.untrusted,
                fields=parts.fields,
            )
            if flag and parts.prose:
                grams, plain = prose_grams(parts.prose)
                self.text.add(grams, plain, step=at, malicious=label.malicious, open_world=label.untrusted)
            self._echo = _NO_ECHO

    def note_arguments(self, arguments: Mapping[str, Any]) -> None:
        """Remember the values the agent sent, so that data echoing them later is not their source."""
        self._echo = self.values.note_used(arguments)

    def check_call(
        self,
        arguments: Mapping[str, Any],
        *,
        stores: bool = False,
        vocabulary: Collection[str] | None = None,
        also: Elsewhere | None = None,
        action: str | None = None,
    ) -> list[ArgTaint]:
        """:meth:`args_from_untrusted`, then :meth:`note_arguments`, in one pass (what a call does).

        ``stores``: the call changes state (what it sends may be read back later through a
        trusted server, and is then not independent corroboration). ``vocabulary``: the trusted
        server's tool's enumerated values (as skeletons), which are not data an attacker chose. ``also``: untrusted
        text outside the session (untrusted tools' definitions), looked up for the leaves the
        session's own data does not explain. ``action``: the tool's name, when the call's outcome
        makes it worth asking whether untrusted text requested it (:mod:`weir.flow.actions`): a
        request is one more taint, of kind ``action`` at path ``(action)``.
        """
        leaves = string_leaves(arguments) if self.text or (also is not None and also.text) else []
        prose = prose_taints(leaves, self.text, self.values, self.steps, vocabulary=vocabulary, mark=stores)
        if also is not None and also.text:
            done = {t.path for t in prose}
            prose += prose_taints(leaves, also.text, self.values, also.steps, vocabulary=vocabulary, skip=done)
        mentioned = frozenset(t.path for t in prose) if prose else _NO_PATHS
        taints, self._echo = self.values.check_call(arguments, self.steps, stores=stores, mentioned=mentioned)
        if also is not None and len(also.values):
            seen = {t.path for t in taints}
            rest = [(p, v, arg_keys(v)) for p, v in walk_leaves(dict(arguments)) if p not in seen]
            taints += also.values.tainted_leaves(rest, also.steps)
        out = merge(taints, prose)
        if action is not None and self.text:
            asked = self.requested(action)
            if asked is not None:
                out.append(asked)
        return out

    def requested(self, tool: str) -> ArgTaint | None:
        """The ``action`` taint when the session's untrusted prose asked for ``tool``'s action."""
        m = asked_for(self.text, tool)
        if m is None:
            return None
        server, source = self.steps[m.step] if 0 <= m.step < len(self.steps) else ("?", "?")
        shown = f"{m.text} ({tool})"
        return ArgTaint("(action)", shown, "action", m.step, server, source, 1, m.malicious, False, False,
                        False, m.open, False, False, True)  # fmt: skip

    def args_from_untrusted(
        self, arguments: Mapping[str, Any], vocabulary: Collection[str] | None = None
    ) -> list[ArgTaint]:
        """Which argument paths carry a value that arrived in untrusted data."""
        prose = prose_taints(string_leaves(arguments), self.text, self.values, self.steps, vocabulary=vocabulary)
        return merge(self.values.tainted(arguments, self.steps), prose)

    def request_annotations(self, sharing: Sharing = Sharing.FULL) -> dict[str, Any]:
        """The ``_meta.annotations`` this session's next request carries."""
        return request_annotations(self._label, sharing)

    def to_json(self) -> str:
        """Serialise (labels, lineage, steps, value fingerprints) for a shared store."""
        return json.dumps(
            {
                "id": self.id,
                "label": self._label.model_dump(mode="json", by_alias=True, exclude_defaults=True),
                "internal": self._internal.model_dump(mode="json", by_alias=True, exclude_defaults=True),
                "steps": [list(s) for s in self.steps],
                "lineage": self.lineage.to_json(),
                "values": {str(k): v for k, v in self.values.records.items()},
                "echo": sorted(self._echo),
                "text": self.text.to_json(),
                **({"intent": self.intent} if self.intent else {}),
            },
            separators=(",", ":"),
        )

    def fork(self, session_id: str) -> Session:
        """A new session named ``session_id`` that has seen exactly what this one has (a deep copy)."""
        copy = Session.from_json(self.to_json())
        copy.id = session_id
        return copy

    @property
    def pristine(self) -> bool:
        """Nothing was called or seen in this session yet."""
        return not self.steps and self._label is BOTTOM and not len(self.values) and not self.text and not self.intent

    @classmethod
    def from_json(cls, text: str) -> Session:
        """Inverse of :meth:`to_json`. Raises ValueError on a malformed document."""
        try:
            data = json.loads(text)
            session = cls(str(data["id"]))
            session._label = DataLabel.model_validate(data.get("label") or {})
            session._internal = DataLabel.model_validate(data.get("internal") or {})
            session.steps = [(str(s[0]), str(s[1])) for s in data.get("steps", [])]
            session.lineage = Lineage.from_json(data.get("lineage", {}))
            session.values = ValueMemory({int(k): int(v) for k, v in data.get("values", {}).items()})
            session._echo = frozenset(int(x) for x in data.get("echo", []))
            session.text = TextIndex.from_json(data.get("text"))
            session.intent = str(data.get("intent", ""))
        except (KeyError, TypeError, IndexError, ValueError, binascii.Error) as exc:
            raise ValueError(f"not a serialised Weir session: {exc}") from exc
        return session


# Labels are frozen, so instances built here can share one (empty) "fields set" instead of
# carrying a set each: a few hundred bytes per label, per idle session.
_SHARED_FIELDS_SET: set[str] = set()
_NO_ECHO: frozenset[int] = frozenset()
_NO_PATHS: frozenset[str] = frozenset()


def laundered(parts: Pieces, text: TextIndex) -> frozenset[int]:
    """Fingerprints of the values in a trusted result that are untrusted text the session itself
    sent on (written to a file, a note, a record) and now reads back: not corroboration."""
    keys = list(dict.fromkeys(pair for piece in parts.fields + parts.prose for pair in data_keys(piece)))
    grams = [value_grams(key) for _, key in keys]
    if not keys or not any(len(g) for g in grams):
        return _NO_ECHO
    present, records = text.lookup(np.concatenate(grams))
    out = set()
    at = 0
    for (kind, key), g in zip(keys, grams, strict=True):
        span = range(at, at + len(g))
        if len(g) and all(present[i] and records[i] & WRITTEN for i in span):
            out.add(fingerprint(kind, key))
        at += len(g)
    return frozenset(out)


def prose_grams(prose: list[str]) -> tuple[Grams, npt.NDArray[np.bool_]]:
    """The grams of untrusted prose as written and as decoded (:func:`weir.flow.normalise.decodings`),
    and which were seen as written. The pieces are read as one text, one line each: a gram that
    runs across two pieces is as harmless as one that runs across two words."""
    text = "\n".join(prose)
    plain = text_grams(tokens(text))
    decoded = [text_grams(tokens(d)) for d in decodings(text)]
    grams = np.concatenate([plain, *decoded]) if decoded else plain
    seen = np.zeros(len(grams), dtype=bool)
    seen[: len(plain)] = True
    return grams, seen


def _lean(seen: DataLabel, label: DataLabel) -> DataLabel:
    """``seen`` joined with ``label``, without per-field origins (the lineage keeps the first
    introduction of each), in one construction."""
    return _built(
        {
            "untrusted": seen.untrusted or label.untrusted,
            "private": seen.private or label.private,
            "level": max(seen.level, label.level),
            "classes": _shared(seen.classes | label.classes),
            "scopes": _shared(seen.scopes | label.scopes),
            "malicious": seen.malicious or label.malicious,
            "findings": _shared(frozenset(_summary(f) for f in seen.findings | label.findings)),
            "attribution": seen.attribution | label.attribution,
            "evidence": seen.evidence | label.evidence,
            "origins": _NO_ORIGINS,
        }
    )


def _built(fields: dict[str, Any]) -> DataLabel:
    """``DataLabel.model_construct(_SHARED_FIELDS_SET, **fields)`` for every field given in
    declaration order, without its walk over each field's aliases and defaults (a session's label
    is rebuilt whenever it strengthens; a test holds the two constructions together)."""
    label = DataLabel.__new__(DataLabel)
    object.__setattr__(label, "__dict__", fields)
    object.__setattr__(label, "__pydantic_fields_set__", _SHARED_FIELDS_SET)
    object.__setattr__(label, "__pydantic_extra__", None)
    object.__setattr__(label, "__pydantic_private__", None)
    return label


def _covers_internal(internal: DataLabel, label: DataLabel) -> bool:
    """Whether ``internal`` already holds the level, privacy, classes and scopes of ``label``."""
    return (
        (internal.private or not label.private)
        and internal.level >= label.level
        and internal.classes >= label.classes
        and internal.scopes >= label.scopes
    )


_NO_ORIGINS: dict[str, frozenset[Origin]] = {}
_SHARED: dict[frozenset[Any], frozenset[Any]] = {}


def _shared(value: frozenset[_T]) -> frozenset[_T]:
    """One instance per distinct small set (classes, scopes, findings recur across sessions)."""
    if not value:
        return _EMPTY
    found = _SHARED.get(value)
    if found is None:
        if len(_SHARED) >= 4096:
            _SHARED.clear()
        _SHARED[value] = found = value
    return found


_EMPTY: frozenset[Any] = frozenset()
_SUMMARIES: dict[tuple[str, str, str], Finding] = {}


def _summary(finding: Finding) -> Finding:
    """What a session keeps of a finding: detector, kind and class (spans belong to the result).

    One shared instance per (detector, kind, class): a session that read a page full of e-mail
    addresses holds one "pii:email" finding, not one per address.
    """
    key = (finding.detector, finding.kind, str(finding.cls))
    found = _SUMMARIES.get(key)
    if found is None:
        if len(_SUMMARIES) >= 4096:
            _SUMMARIES.clear()
        found = Finding(detector=finding.detector, kind=finding.kind, cls=finding.cls)
        _SUMMARIES[key] = found
    return found


def _internal_join(internal: DataLabel, label: DataLabel) -> DataLabel:
    """``internal`` joined with only what policy asks of the organisation's own data in ``label``:
    level, private, classes, scopes."""
    return _built(
        {
            "untrusted": False,
            "private": internal.private or label.private,
            "level": max(internal.level, label.level),
            "classes": _shared(internal.classes | label.classes),
            "scopes": _shared(internal.scopes | label.scopes),
            "malicious": False,
            "findings": _EMPTY,
            "attribution": _EMPTY,
            "evidence": _EMPTY,
            "origins": _NO_ORIGINS,
        }
    )
