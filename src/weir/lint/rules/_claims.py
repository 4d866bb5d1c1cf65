"""Looking up who claimed what, per dialect, so a finding can name the exact wire keys."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from weir.labels.provenance import Origin
from weir.labels.vocab import SideEffect
from weir.lint.registry import ToolContext

__all__ = ["Claim", "claims", "claims_that", "first_path", "read_only_claims", "values", "where"]


@dataclass(frozen=True)
class Claim:
    """One dialect's claim about one field, and the wire keys it was read from."""

    value: Any
    """The claimed value (a bool, or a frozenset for possible sets)."""
    origins: tuple[Origin, ...]
    """Where it was read."""

    @property
    def path(self) -> str:
        """The first wire path (for a finding's location)."""
        return self.origins[0].path if self.origins else ""

    def __str__(self) -> str:
        return where(self.origins)


def claims(ctx: ToolContext, field: str) -> list[Claim]:
    """Every dialect's claim about ``field`` (None and empty sets are no claim), in dialect order."""
    key = f"claims:{field}"
    if key in ctx.memo:  # many rules ask about the same few fields
        return list(ctx.memo[key])
    out: list[Claim] = []
    for partial in ctx.reading.by_dialect.values():
        value = getattr(partial, field)
        if value is None or value == frozenset():
            continue
        out.append(Claim(value, partial.origin_of(field)))
    ctx.memo[key] = tuple(out)
    return out


def claims_that(ctx: ToolContext, field: str, test: Any) -> list[Claim]:
    """Claims about ``field`` whose value is ``test`` (for booleans) or contains it (for sets)."""
    found = []
    for c in claims(ctx, field):
        if (isinstance(c.value, frozenset) and test in c.value) or c.value is test:
            found.append(c)
    return found


def read_only_claims(ctx: ToolContext) -> list[Claim]:
    """Claims that the tool only reads: readOnlyHint true, or mcp.dev/effect exactly "read"."""
    found = claims_that(ctx, "read_only", True)
    found += [c for c in claims(ctx, "effects") if c.value == frozenset({SideEffect.READ})]
    return found


def where(origins: Iterable[Origin]) -> str:
    """``annotations.readOnlyHint (mcp-core)``, several joined with ``and``; ``?`` for none."""
    text = " and ".join(dict.fromkeys(str(o) for o in origins))
    return text or "?"


def first_path(*groups: Iterable[Claim]) -> str:
    """The wire path of the first claim in ``groups`` ('' when there is none)."""
    for group in groups:
        for c in group:
            if c.path:
                return c.path
    return ""


def values(claim: Claim) -> str:
    """A claim's value as wire text: ``true``, ``"irreversible"``, ``["benign", "consequential"]``."""
    v = claim.value
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, frozenset):
        items = sorted(str(x) for x in v)
        return f'"{items[0]}"' if len(items) == 1 else "[" + ", ".join(f'"{x}"' for x in items) + "]"
    return str(v)
