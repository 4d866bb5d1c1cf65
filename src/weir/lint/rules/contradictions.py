"""W2xx — claims that contradict each other, within one dialect or across several.

Until a human resolves a contradiction Weir enforces the riskier reading (see
:func:`weir.labels.profile.combine`), so these are not holes in enforcement; they are servers
that tell different clients different stories.
"""

from __future__ import annotations

from collections.abc import Iterator

from weir.labels.profile import RISKY_WHEN
from weir.labels.provenance import Severity
from weir.labels.vocab import Destination, Level, Outcome, SideEffect, Source, class_level
from weir.lint.registry import Hit, ToolContext, rule
from weir.lint.rules._claims import Claim, claims, claims_that, first_path, read_only_claims, values, where

__all__: list[str] = []

_COMPARED_SETS = ("effects", "destinations", "input_classes", "outcomes", "return_sources", "return_classes")


def _ro(ctx: ToolContext) -> list[Claim]:
    return claims_that(ctx, "read_only", True)


@rule(
    "W201",
    "read-only-with-consequences",
    Severity.ERROR,
    "A tool claimed read-only declares consequential or irreversible outcomes.",
    "Either the tool changes state (set readOnlyHint false) or it does not (declare outcomes benign).",
)
def _ro_outcomes(ctx: ToolContext) -> Iterator[Hit]:
    ro = read_only_claims(ctx)
    for bad in (Outcome.CONSEQUENTIAL, Outcome.IRREVERSIBLE):
        for c in claims_that(ctx, "outcomes", bad) if ro else ():
            yield Hit(c.path, f'read-only per {where(x for r in ro for x in r.origins)} but outcome "{bad}" per {c}')


@rule(
    "W202",
    "read-only-sends-public",
    Severity.ERROR,
    "A tool claimed read-only may send its input to a public destination.",
    "A tool that publishes or transmits is not read-only: set readOnlyHint false (and declare the outcome).",
)
def _ro_public(ctx: ToolContext) -> Iterator[Hit]:
    ro = _ro(ctx)
    for c in claims_that(ctx, "destinations", Destination.PUBLIC) if ro else ():
        yield Hit(c.path, f'readOnlyHint true per {where(ro[0].origins)} but destination "public" per {c}')


@rule(
    "W203",
    "read-only-with-write-effect",
    Severity.ERROR,
    'A tool claimed read-only declares a write or delete effect (seed 000\'s "mcp.dev/effect").',
    "Make readOnlyHint and mcp.dev/effect agree.",
)
def _ro_effect(ctx: ToolContext) -> Iterator[Hit]:
    ro = _ro(ctx)
    for effect in (SideEffect.WRITE, SideEffect.DELETE):
        for c in claims_that(ctx, "effects", effect) if ro else ():
            yield Hit(c.path, f'readOnlyHint true per {where(ro[0].origins)} but effect "{effect}" per {c}')


@rule(
    "W204",
    "read-only-and-destructive",
    Severity.WARNING,
    "A tool claims both readOnlyHint true and destructiveHint true.",
    "destructiveHint only means something when readOnlyHint is false: drop one of them.",
)
def _ro_destructive(ctx: ToolContext) -> Iterator[Hit]:
    ro, de = _ro(ctx), claims_that(ctx, "destructive", True)
    if ro and de:
        yield Hit(de[0].path, f"readOnlyHint true per {where(ro[0].origins)} and destructiveHint true per {de[0]}")


@rule(
    "W205",
    "delete-not-destructive",
    Severity.ERROR,
    'A tool with effect "delete" claims destructiveHint false.',
    "Deleting is destructive: set destructiveHint true (and ask for confirmation).",
)
def _delete_not_destructive(ctx: ToolContext) -> Iterator[Hit]:
    dele, nd = claims_that(ctx, "effects", SideEffect.DELETE), claims_that(ctx, "destructive", False)
    if dele and nd:
        yield Hit(nd[0].path, f'effect "delete" per {dele[0]} but destructiveHint false per {nd[0]}')


@rule(
    "W206",
    "reversible-on-read-only",
    Severity.WARNING,
    "A read-only tool declares reversibleHint (SEP-1984: meaningful only when readOnlyHint is false).",
    "Drop reversibleHint from read-only tools, or set readOnlyHint false if the tool changes state.",
)
def _reversible_ro(ctx: ToolContext) -> Iterator[Hit]:
    ro, rev = _ro(ctx), claims(ctx, "reversible")
    if ro and rev:
        yield Hit(rev[0].path, f"readOnlyHint true per {where(ro[0].origins)} but reversibleHint is set per {rev[0]}")


@rule(
    "W207",
    "dialects-disagree",
    Severity.ERROR,
    "Two vocabularies declare the same fact with different values (e.g. idempotentHint vs mcp.dev/idempotent).",
    "Declare the same value in every vocabulary the tool uses; clients read different ones.",
)
def _disagree(ctx: ToolContext) -> Iterator[Hit]:
    for field in (*RISKY_WHEN, *_COMPARED_SETS):
        found = claims(ctx, field)
        for other in found[1:]:
            if other.value != found[0].value:
                yield Hit(
                    other.path,
                    f"{field.replace('_', ' ')}: {found[0]} says {values(found[0])} but {other} says {values(other)}",
                )


@rule(
    "W208",
    "reversible-but-irreversible",
    Severity.ERROR,
    'A tool claims reversibleHint true but declares the outcome "irreversible".',
    "Decide whether the effect can be undone; make reversibleHint and outcomes agree.",
)
def _reversible_irreversible(ctx: ToolContext) -> Iterator[Hit]:
    rev, irr = claims_that(ctx, "reversible", True), claims_that(ctx, "outcomes", Outcome.IRREVERSIBLE)
    if rev and irr:
        yield Hit(rev[0].path, f'reversibleHint true per {rev[0]} but outcome "irreversible" per {irr[0]}')


def _level_claims(ctx: ToolContext) -> list[tuple[Level, str]]:
    """Every explicit sensitivity level the tool declares for its data, with its wire keys."""
    out: list[tuple[Level, str]] = []
    for field in ("return_classes", "input_classes"):
        for c in claims(ctx, field):
            out += [(class_level(x), f'"{x}" per {c}') for x in c.value]
    p = ctx.reading.profile
    if p.result_level is not None:
        out.append((p.result_level, f"level {p.result_level.name.lower()} per {where(p.origin_of('result_level'))}"))
    return out


@rule(
    "W209",
    "sensitivity-disagrees",
    Severity.WARNING,
    "sensitiveDataHint false (or a low mcp.dev/resultSensitivity) next to sensitive data classes.",
    "Make the hints agree: a tool that handles pii, financial data or credentials has sensitiveDataHint true.",
)
def _sensitivity(ctx: ToolContext) -> Iterator[Hit]:
    p = ctx.reading.profile
    high = [text for level, text in _level_claims(ctx) if level >= Level.MEDIUM]
    for c in claims_that(ctx, "sensitive_data", False) if high else ():
        yield Hit(c.path, f"sensitiveDataHint false per {c} but sensitive data declared: {', '.join(high)}")
    returned = [class_level(x) for c in claims(ctx, "return_classes") for x in c.value]
    if p.result_level is not None and returned and max(returned) > p.result_level:
        path = p.origin_of("result_level")[0].path
        declared = Level(max(returned)).name.lower()
        yield Hit(
            path,
            f"mcp.dev/resultSensitivity says {p.result_level.name.lower()} but returnMetadata.sensitivity "
            f"reaches {declared}",
        )


@rule(
    "W210",
    "closed-world-but-public",
    Severity.WARNING,
    "openWorldHint false on a tool that sends to public destinations or returns untrusted public data.",
    "Set openWorldHint true: the tool reaches beyond a closed domain.",
)
def _closed_world(ctx: ToolContext) -> Iterator[Hit]:
    closed = claims_that(ctx, "open_world", False)
    public = claims_that(ctx, "destinations", Destination.PUBLIC) + claims_that(
        ctx, "return_sources", Source.UNTRUSTED_PUBLIC
    )
    if closed and public:
        yield Hit(closed[0].path, f"openWorldHint false per {closed[0]} but public data per {where(public[0].origins)}")


@rule(
    "W211",
    "benign-but-destructive",
    Severity.WARNING,
    'A tool whose only declared outcome is "benign" claims to be destructive or to delete.',
    "Declare the outcome the deletion has (consequential or irreversible).",
)
def _benign_destructive(ctx: ToolContext) -> Iterator[Hit]:
    benign = [c for c in claims(ctx, "outcomes") if c.value == frozenset({Outcome.BENIGN})]
    worse = claims_that(ctx, "destructive", True) + claims_that(ctx, "effects", SideEffect.DELETE)
    if benign and worse:
        yield Hit(first_path(benign), f'outcome only "benign" per {benign[0]} but destructive per {worse[0]}')
