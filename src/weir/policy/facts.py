"""The facts a rule sees, built from the canonical model, and where each one came from.

Facts are plain dicts (CEL's activation). Tool facts are the policy's *conservative view* of a
profile: a hint the server did not give is assumed the risky way (unknown is not safe), and a
possible set counts as its worst member until ``tools/resolve`` narrows it. Beside the values,
:class:`Facts` keeps a readable origin for each fact so a reason can say which wire key, dialect
or lineage step a label came from.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from weir.flow.lineage import Lineage
from weir.flow.provenance import ArgTaint
from weir.flow.request import request_annotations
from weir.labels.config import ServerConfig, Trust, sharing_of
from weir.labels.datalabel import DataLabel
from weir.labels.finding import Finding
from weir.labels.profile import ToolProfile
from weir.labels.vocab import Destination, Level, Outcome, SideEffect, class_level, worst
from weir.policy import toolnames
from weir.policy.claims import bounded, floor_of

__all__ = [
    "Facts",
    "LabelMakers",
    "ToolFacts",
    "label_facts",
    "label_makers",
    "label_reads",
    "message_facts",
    "principal_facts",
    "server_facts",
    "skeleton",
    "tool_facts",
]


@dataclass(frozen=True)
class ToolFacts:
    """A tool's facts (cached per profile) and the origin text of each."""

    values: dict[str, Any]
    origins: dict[str, str]


class Facts:
    """One decision's activation and the origin of each fact path.

    Origins are only read to explain a matched rule, and most decisions match none, so parts of
    them may be handed in as ``deferred`` callables, run (in order) the first time
    :attr:`origins` is read.
    """

    __slots__ = ("_deferred", "_origins", "described", "taints", "typed", "values")

    def __init__(
        self,
        values: dict[str, Any],
        origins: dict[str, str] | None = None,
        taints: Sequence[ArgTaint] = (),
        deferred: Iterable[Callable[[], Mapping[str, str]]] = (),
        *,
        typed: bool = False,
    ) -> None:
        self.values = values
        self._origins = origins if origins is not None else {}
        self.taints = taints
        self._deferred = list(deferred)
        self.typed = typed
        """Built by :mod:`weir.policy.activation`: every value has its :mod:`weir.policy.schema` type."""
        self.described: str | None = None
        """The taints as reasons show them, once rendered (every matched rule shows the same text)."""

    @property
    def origins(self) -> dict[str, str]:
        """Fact path → readable origin (wire key and dialect, or lineage step)."""
        while self._deferred:
            self._origins.update(self._deferred.pop(0)())
        return self._origins

    def defer(self, more: Callable[[], Mapping[str, str]]) -> None:
        """Add origins computed only if :attr:`origins` is ever read."""
        self._deferred.append(more)


def _origin(profile: ToolProfile, *fields: str) -> str:
    found = [str(o) for f in fields for o in profile.origin_of(f)]
    return ", ".join(dict.fromkeys(found))


def _implied_outcomes(p: ToolProfile, read_only: bool, destructive: bool) -> set[Outcome]:
    out: set[Outcome] = set()
    if SideEffect.DELETE in p.effects or SideEffect.EXTERNAL in p.effects:
        out.add(Outcome.IRREVERSIBLE)
    if SideEffect.WRITE in p.effects:
        out.add(Outcome.CONSEQUENTIAL)
    if p.outcomes or out:
        return out
    if read_only:
        return {Outcome.BENIGN}
    if destructive and p.reversible is not True:
        return {Outcome.IRREVERSIBLE}
    return {Outcome.CONSEQUENTIAL}


def _implied_destinations(p: ToolProfile, read_only: bool, open_world: bool) -> set[Destination]:
    if SideEffect.EXTERNAL in p.effects:
        return {Destination.PUBLIC}
    if p.destinations:
        return set()
    if read_only:
        return {Destination.EPHEMERAL}
    # Seed 000's effect is a claim too: write or delete without `external` acts in place.
    if p.effects or not open_world:
        return {Destination.INTERNAL}
    return {Destination.PUBLIC}


def tool_facts(
    profile: ToolProfile,
    findings: Iterable[Finding] = (),
    changes: Sequence[str] | None = None,
    *,
    believed: bool = True,
) -> ToolFacts:
    """The conservative view of a profile as facts (see the module docstring).

    ``changes``: the tool is quarantined — its definition is not the approved one — and this is
    what differs (``tool.quarantined``, ``tool.changes``); ``None`` for a tool that is not.
    ``believed``: the server's claims are taken as written (a trusted server). When false, every
    fact is the riskier of the one the claims give and the one no claim gives
    (:func:`weir.policy.claims.bounded`): a claim may tighten a decision, never loosen it.
    """
    findings = tuple(findings)
    facts = _tool_facts(profile, findings, changes)
    if believed:
        return facts
    floor = _tool_facts(floor_of(profile), findings, changes)
    values = bounded(facts.values, floor.values)
    origins = dict(facts.origins)
    for name, value in values.items():
        if value != facts.values[name] and name in _ORIGIN_FACTS:
            origins[name] = f"{floor.origins.get(name) or 'no claim'} ({_UNBELIEVED})"
    return ToolFacts(values, origins)


_UNBELIEVED = "the server is not trusted: its claims cannot loosen this"
_ORIGIN_FACTS = frozenset(
    {
        "read_only",
        "destructive",
        "idempotent",
        "open_world",
        "outcome",
        "outcomes",
        "irreversible",
        "consequential",
        "destination",
        "destinations",
        "egress",
        "source",
        "sources",
        "input_classes",
    }
)
"""The facts reasons show an origin for, and whose value bounding may change."""


def _tool_facts(profile: ToolProfile, findings: Sequence[Finding], changes: Sequence[str] | None) -> ToolFacts:
    p = profile
    read_only = p.read_only is True and not (p.effects - {SideEffect.READ})
    destructive = (not read_only) if p.destructive is None else p.destructive
    open_world = p.open_world is not False
    outcomes = set(p.outcomes) | _implied_outcomes(p, read_only, destructive)
    destinations = set(p.destinations) | _implied_destinations(p, read_only, open_world)
    outcome = worst(outcomes) or Outcome.IRREVERSIBLE
    destination = worst(destinations) or Destination.PUBLIC
    source = worst(p.return_sources)
    poison = [f for f in findings if f.cls == "malicious"]
    input_level = max([class_level(c) for c in p.input_classes], default=Level.NONE)
    return_level = max([class_level(c) for c in p.return_classes] + [p.result_level or Level.NONE])
    values: dict[str, Any] = {
        "name": p.name,
        "server": p.server or "",
        "title": p.title or "",
        "read_only": read_only,
        "destructive": destructive,
        "idempotent": p.idempotent is True,
        "open_world": open_world,
        "ai_processing": p.ai_processing,
        "slow_execution": p.slow_execution,
        "resource_intensive": p.resource_intensive,
        "sensitive_data": p.sensitive_data,
        "privileged_access": p.privileged_access,
        "reversible": p.reversible,
        "requires_confirmation": p.requires_confirmation is True,
        "requires_review": p.requires_review is True,
        "effects": sorted(p.effects),
        "outcomes": sorted(outcomes),
        "outcome": str(outcome),
        "outcome_claimed": bool(p.outcomes),
        "destinations": sorted(destinations),
        "destination": str(destination),
        "destination_claimed": bool(p.destinations),
        "sources": sorted(p.return_sources),
        "source": str(source) if source else "unknown",
        "input_classes": sorted(p.input_classes),
        "return_classes": sorted(p.return_classes),
        "input_scopes": sorted(p.input_scopes),
        "return_scopes": sorted(p.return_scopes),
        "input_level": int(input_level),
        "return_level": int(return_level),
        # A declared outcome is the more precise claim (a draft: not read-only, yet benign).
        "consequential": outcome is not Outcome.BENIGN or (not read_only and not p.outcomes),
        "irreversible": outcome is Outcome.IRREVERSIBLE,
        "egress": destination is Destination.PUBLIC,
        "malicious": p.malicious is True or bool(poison),
        "findings": sorted({f"{f.detector}:{f.kind}" for f in poison}),
        "resolved": p.resolved,
        # What the tool's name says (not a claim: a deployer reads the same name) and what its
        # server says about reading, believed or not (docs/policy.md, "Unannotated servers").
        "read_claimed": p.read_only is True and not (p.effects - {SideEffect.READ}),
        "named_destructive": toolnames.destroys(p.name),
        "named_read": toolnames.reads(p.name),
        "quarantined": changes is not None,
        "changes": list(changes or ()),
    }
    origins = _tool_origins(p, values, poison)
    if changes is not None:
        origins["quarantined"] = origins["changes"] = _QUARANTINE_ORIGIN
    return ToolFacts(values, origins)


_QUARANTINE_ORIGIN = "pinning: not the approved definition (`weir pins diff`, `weir pins approve`)"


def _tool_origins(p: ToolProfile, v: Mapping[str, Any], poison: Sequence[Finding]) -> dict[str, str]:
    assumed = "assumed: no claim (unknown is not safe)"
    o = {
        "read_only": _origin(p, "read_only", "effects") or assumed,
        "destructive": _origin(p, "destructive") or "MCP default destructiveHint=true",
        "idempotent": _origin(p, "idempotent") or "no claim",
        "open_world": _origin(p, "open_world") or "MCP default openWorldHint=true",
        "outcome": _origin(p, "outcomes", "effects") or f"{assumed}; implied by readOnly/destructive/reversible",
        "destination": _origin(p, "destinations", "effects") or f"{assumed}; implied by readOnly/openWorld",
        "source": _origin(p, "return_sources") or "no claim",
        "requires_confirmation": _origin(p, "requires_confirmation"),
        "requires_review": _origin(p, "requires_review"),
        "reversible": _origin(p, "reversible"),
        "sensitive_data": _origin(p, "sensitive_data"),
        "privileged_access": _origin(p, "privileged_access"),
        "input_classes": _origin(p, "input_classes"),
        "return_classes": _origin(p, "return_classes", "result_level"),
        "malicious": _origin(p, "malicious") or ", ".join(f"detector {f.detector}:{f.kind}" for f in poison),
    }
    for alias, base in (("outcomes", "outcome"), ("irreversible", "outcome"), ("consequential", "outcome")):
        o[alias] = o[base]
    o["destinations"] = o["egress"] = o["destination"]
    o["sources"] = o["source"]
    o["return_level"] = o["return_classes"]
    return {k: val for k, val in o.items() if val}


def label_facts(label: DataLabel, fields: Collection[str] | None = None) -> dict[str, Any]:
    """A data label (session or result) as facts, plus its wire ``annotations`` (seed 004's paths).

    ``fields`` limits which are built (None builds all; names it does not know are skipped).
    """
    if fields is None:
        fields = _LABEL_FACTS
    return {name: _LABEL_FACTS[name](label) for name in fields if name in _LABEL_FACTS}


LabelMakers = tuple[tuple[str, Callable[[DataLabel], Any]], ...]


def label_makers(fields: Collection[str]) -> LabelMakers:
    """``(name, maker)`` of each label fact among ``fields``, in the order :func:`label_facts` builds them."""
    return tuple((name, _LABEL_FACTS[name]) for name in fields if name in _LABEL_FACTS)


_LABEL_FACTS: dict[str, Callable[[DataLabel], Any]] = {
    "untrusted": lambda label: label.untrusted,
    "private": lambda label: label.private,
    "malicious": lambda label: label.malicious,
    "level": lambda label: int(label.level),
    "sensitive": lambda label: label.level >= Level.MEDIUM,
    "classes": lambda label: sorted(label.classes),
    "scopes": lambda label: sorted(label.scopes),
    "attribution": lambda label: sorted(label.attribution),
    "findings": lambda label: sorted({f"{f.detector}:{f.kind}" for f in label.findings}),
    "finding_classes": lambda label: sorted({str(f.cls) for f in label.findings}),
    "annotations": request_annotations,
}
"""Each label fact and how it is made, in the order facts list them."""

_LABEL_READS: dict[str, tuple[str, ...]] = {
    "untrusted": ("untrusted",),
    "private": ("private",),
    "malicious": ("malicious",),
    "level": ("level",),
    "sensitive": ("level",),
    "classes": ("classes",),
    "scopes": ("scopes",),
    "attribution": ("attribution",),
    "findings": ("findings",),
    "finding_classes": ("findings",),
    "annotations": ("untrusted", "private", "level", "malicious", "attribution"),
}
"""The label fields each label fact is made from (a test holds this to the makers above)."""


def label_reads(fields: Collection[str]) -> tuple[str, ...]:
    """The :class:`DataLabel` fields the label facts among ``fields`` are made from (sorted, once each)."""
    return tuple(sorted({attr for name in fields if name in _LABEL_READS for attr in _LABEL_READS[name]}))


def label_origins(prefix: str, label: DataLabel, lineage: Lineage | None) -> dict[str, str]:
    """Origin text for each label fact: the lineage step if known, else the wire keys."""
    out: dict[str, str] = {}
    for name, lkey in (("untrusted", "untrusted"), ("private", "private"), ("malicious", "malicious")):
        if getattr(label, name):
            out[f"{prefix}.{name}"] = _label_origin(label, name, lkey, lineage)
    if label.level:
        text = _label_origin(label, "level", f"level:{int(label.level)}", lineage)
        out[f"{prefix}.level"] = out[f"{prefix}.sensitive"] = text
    if label.classes:
        parts = [f"{c}: {_label_origin(label, 'classes', f'class:{c}', lineage)}" for c in sorted(label.classes)]
        out[f"{prefix}.classes"] = "; ".join(parts)
    if label.scopes:
        out[f"{prefix}.scopes"] = _label_origin(label, "scopes", f"scope:{min(label.scopes)}", lineage)
    return out


def _label_origin(label: DataLabel, field_name: str, key: str, lineage: Lineage | None) -> str:
    if lineage is not None and (intro := lineage.get(key)) is not None:
        return f"since {intro}"
    return ", ".join(sorted(str(o) for o in label.origin_of(field_name)))


def server_facts(name: str, config: ServerConfig | None) -> dict[str, Any]:
    """The ``server`` fact: its name and how far it is trusted."""
    trust = config.trust if config else Trust.UNTRUSTED
    sharing = sharing_of(config)
    return {"name": name, "trust": str(trust), "trusted": trust is Trust.TRUSTED, "sharing": str(sharing)}


def skeleton() -> dict[str, Any]:
    """A complete activation with neutral values: rules are dry-run against it when compiled."""
    from weir.labels.datalabel import BOTTOM

    empty = ToolProfile(name="example")
    return {
        "tool": tool_facts(empty).values,
        "server": server_facts("example", None),
        "session": {
            **label_facts(BOTTOM),
            "internal_level": 0,
            "internal_private": False,
            "internal_classes": [],
            "steps": 0,
            "servers": [],
        },
        "request": {"annotations": {}, "meta": {}, "user_intent": False, "user_asked": False},
        "args_from_untrusted": [],
        "arguments": {},
        "result": {**label_facts(BOTTOM), "is_error": False, "blocks": 0},
        "message": message_facts("tool_call", "tools/call"),
        "principal": principal_facts(),
    }


def principal_facts(
    id: str = "",
    *,
    sub: str = "",
    client_id: str = "",
    scopes: Iterable[str] = (),
    groups: Iterable[str] = (),
    authenticated: bool = False,
) -> dict[str, Any]:
    """The ``principal`` fact: who is behind the connection the call came on. ``id`` is the plain
    principal string (``local``, ``loopback``, ``token:…``, ``oauth:<sub>``); the claims are only
    set for a principal an OAuth access token proved (``authenticated``), else empty."""
    return {
        "id": id,
        "sub": sub,
        "client_id": client_id,
        "scopes": sorted(scopes),
        "groups": sorted(groups),
        "authenticated": authenticated,
    }


def message_facts(kind: str, method: str, **more: Any) -> dict[str, Any]:
    """The ``message`` fact: the kind of MCP message decided, its method and direction, and what a
    server's request asks for (``more``: ``uri``, ``name`` (a prompt's), ``include_context``, ``mode``, ``url``,
    ``url_origin``, ``url_allowed``, ``fields``, ``secret_fields``; empty when it has none)."""
    out: dict[str, Any] = {
        "kind": kind,
        "method": method,
        "direction": "to_server" if kind in ("tool_call", "answer") else "to_client",
        "uri": "",
        "name": "",
        "include_context": "",
        "mode": "",
        "url": "",
        "url_origin": "",
        "url_allowed": False,
        "fields": [],
        "secret_fields": [],
    }
    out.update(more)
    return out
