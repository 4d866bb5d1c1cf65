"""Lineage: which step of an agent session first introduced each label.

A decision that says "the session is untrusted" is only useful if it can also say *since when
and because of what*: "step 2, web/fetch, from _meta.annotations.openWorldHint (issue-711)".
Lineage keeps exactly that, once per label fact (the first introduction; later repeats add
nothing because labels never weaken).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from weir.labels.datalabel import DataLabel
from weir.labels.provenance import Origin

__all__ = ["Introduction", "Lineage", "label_facts"]


@dataclass(frozen=True, slots=True)
class Introduction:
    """Where one label fact entered the session."""

    step: int
    """Index of the call (0-based) whose data introduced it; -1 for the host's own request labels."""
    server: str
    tool: str
    via: str
    """The wire keys / detector that set it, e.g. ``_meta.annotations.openWorldHint (issue-711)``."""

    def __str__(self) -> str:
        where = "the host's request annotations" if self.step < 0 else f"step {self.step} {self.server}/{self.tool}"
        return f"{where} via {self.via}" if self.via else where


def label_facts(label: DataLabel) -> list[tuple[str, str]]:
    """Each fact a label asserts as ``(fact key, the DataLabel field it comes from)``."""
    facts = []
    if label.untrusted:
        facts.append(("untrusted", "untrusted"))
    if label.private:
        facts.append(("private", "private"))
    if label.malicious:
        facts.append(("malicious", "malicious"))
    if label.level:
        facts.append((f"level:{int(label.level)}", "level"))
    if label.classes:
        facts += [(f"class:{cls}", "classes") for cls in sorted(label.classes)]
    if label.scopes:
        facts += [(f"scope:{scope}", "scopes") for scope in sorted(label.scopes)]
    return facts


@functools.lru_cache(maxsize=4096)
def _via(origins: frozenset[Origin]) -> str:
    """The origins of a fact as one interned string, sorted: the same wire keys label every
    session's facts, so their text is worked out once per set of origins."""
    return sys.intern(", ".join(sorted(str(o) for o in origins)))


class Lineage:
    """Fact key (``untrusted``, ``level:3``, ``class:financial``, ``scope:GDPR``) → first introduction."""

    __slots__ = ("_first",)

    def __init__(self, first: Mapping[str, Introduction] | None = None) -> None:
        self._first: dict[str, Introduction] = dict(first or {})

    def record(self, label: DataLabel, *, step: int, server: str, tool: str) -> None:
        """Note every fact of ``label`` that the session did not have before."""
        for key, field in label_facts(label):
            if key not in self._first:
                via = _via(label.origin_of(field))
                # Interned: the same keys and wire paths recur in every session.
                self._first[sys.intern(key)] = Introduction(step, sys.intern(server), sys.intern(tool), via)

    def get(self, key: str) -> Introduction | None:
        """The first introduction of a fact, if the session has it."""
        return self._first.get(key)

    def explain(self, key: str) -> str:
        """Readable provenance of a fact, or an empty string."""
        intro = self._first.get(key)
        return str(intro) if intro else ""

    def items(self) -> Iterator[tuple[str, Introduction]]:
        """Every fact and its introduction, in insertion order."""
        yield from self._first.items()

    def to_json(self) -> dict[str, list[object]]:
        """JSON form: ``{key: [step, server, tool, via]}``."""
        return {k: [i.step, i.server, i.tool, i.via] for k, i in self._first.items()}

    @classmethod
    def from_json(cls, data: Mapping[str, list[object]]) -> Lineage:
        """Inverse of :meth:`to_json`."""
        return cls({k: Introduction(int(str(v[0])), str(v[1]), str(v[2]), str(v[3])) for k, v in data.items()})
