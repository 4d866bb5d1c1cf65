"""Readable reasons: a rule's reason template filled in, followed by the labels it looked at.

``reason: "{tool.name} may send data to {tool.destination}"`` is filled from the facts; then
every fact the rule's condition mentions that is set is listed with its origin — the wire key
and dialect, or the lineage step of the session that introduced it — so a reason never says
"untrusted" without saying since when and because of what.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from typing import Any

from weir.flow.provenance import ArgTaint
from weir.policy.compiler import referenced_facts
from weir.policy.facts import Facts
from weir.policy.rules import Rule
from weir.policy.schema import ROOTS, FactType
from weir.quoting import escaped, quote

__all__ = ["describe_taints", "fact_labels", "render_reason"]

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][\w.]*)\}")


def _lookup(values: Mapping[str, Any], path: str) -> Any:
    cur: Any = values
    for part in _parts(path):
        # Facts are plain dicts: test for dict first (an ABC isinstance check costs far more).
        if not (cur.__class__ is dict or isinstance(cur, Mapping)) or part not in cur:
            return None
        cur = cur[part]
    return cur


@functools.lru_cache(maxsize=4096)
def _parts(path: str) -> tuple[str, ...]:
    return tuple(path.split("."))


def _show(value: Any, path: str = "") -> str:
    """A fact's value in a reason: Weir's vocabulary as is, any other text quoted (:mod:`weir.quoting`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ", ".join(_show(v, path) for v in value) if value else "none"
    if value is None:
        return ""
    if isinstance(value, str) and not _vocabulary(path):
        return quote(value)
    return str(value)


@functools.lru_cache(maxsize=1024)
def _vocabulary(path: str) -> bool:
    """Whether the fact at ``path`` only ever holds Weir's own words (enum values, kind names)."""
    root, _, field = path.partition(".")
    schema = ROOTS.get(root)
    kind = schema.get(field.split(".", 1)[0]) if isinstance(schema, dict) else schema
    return kind in (FactType.TEXT, FactType.TEXTS)


@functools.lru_cache(maxsize=1024)
def _refs(when: str) -> tuple[str, ...]:
    return tuple(referenced_facts(when))


def describe_taints(taints: Sequence[ArgTaint]) -> str:
    """``to=eve@evil.test (email, first in step 2 mail/read_email, flagged malicious)`` and so on."""
    parts = []
    for t in taints:
        notes = [t.kind, f"first in step {t.step} {quote(f'{t.server}/{t.tool}')}"]
        if t.sources > 1:
            notes.append(f"in {t.sources} untrusted results")
        if t.prose:
            notes.append("written in untrusted text" if t.named else "inside untrusted text")
        if t.encoded:
            notes.append("disguised there")
        if t.malicious:
            notes.append("from a result flagged malicious")
        if t.trusted_also:
            notes.append("also seen in trusted data")
        if t.user_first:
            notes.append("used by the agent before")
        if t.vocabulary:
            notes.append("in a trusted tool's definition")
        parts.append(f"{escaped(t.path)}={quote(t.value)} ({', '.join(notes)})")
    return "; ".join(parts)


def _described(facts: Facts) -> str:
    if facts.described is None:
        facts.described = describe_taints(facts.taints)
    return facts.described


def render_reason(rule: Rule, facts: Facts) -> str:
    """The rule's reason with ``{fact.path}`` placeholders filled in."""

    def fill(m: re.Match[str]) -> str:
        path = m.group(1)
        if path == "args_from_untrusted":
            return _described(facts) or "no argument"
        return _show(_lookup(facts.values, path), path)

    return _PLACEHOLDER.sub(fill, rule.reason)


def render_summary(rule: Rule, facts: Facts) -> str:
    """The rule's one-line ``summary`` filled in: ``{source}`` is the first untrusted value and
    where it came from (``«ops@x.example» from web/fetch_url``), other placeholders as in reasons."""

    def fill(m: re.Match[str]) -> str:
        path = m.group(1)
        if path == "source":
            return _source(facts.taints)
        if path == "args_from_untrusted":
            return _described(facts) or "no argument"
        return _show(_lookup(facts.values, path), path)

    return _PLACEHOLDER.sub(fill, rule.summary or "")


def _source(taints: Sequence[ArgTaint]) -> str:
    """The first untrusted value (the uncorroborated come first) and the call that carried it."""
    if not taints:
        return "no argument"
    t = taints[0]
    value = t.value if len(t.value) <= 60 else t.value[:57] + "..."
    return f"{quote(value)} from {quote(f'{t.server}/{t.tool}')}"


_NOT_EXPLANATIONS = frozenset({"tool.server"})
"""Facts a rule may compare but that explain nothing (the call's own server, compared with a value's)."""


def fact_labels(rule: Rule, facts: Facts) -> tuple[str, ...]:
    """Each set fact the rule mentions, with its value and origin."""
    out: list[str] = []
    for ref in _refs(rule.when):
        path = ref
        if path == "args_from_untrusted":
            if facts.taints:
                out.append(f"args_from_untrusted: {_described(facts)}")
            continue
        if path in _NOT_EXPLANATIONS:
            continue
        value = _lookup(facts.values, path)
        while value is None and path.count(".") > 1:  # `session.classes.exists` → session.classes
            path = path.rsplit(".", 1)[0]
            value = _lookup(facts.values, path)
        if value in (None, False, 0, "", [], {}) or value.__class__ is dict or isinstance(value, Mapping):
            continue
        origin = facts.origins.get(path)
        out.append(f"{path}={_show(value, path)}" + (f" ({escaped(origin)})" if origin else ""))
    return tuple(dict.fromkeys(out))
