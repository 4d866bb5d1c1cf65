"""W1xx — claims that are missing: what a client needs to know but the server did not say."""

from __future__ import annotations

from collections.abc import Iterator

from weir.labels.keys import TOOL_RESOLUTION
from weir.labels.provenance import Severity
from weir.labels.vocab import Dialect, Outcome, SideEffect
from weir.lint.registry import Hit, ToolContext, rule
from weir.lint.rules._claims import claims_that, where

__all__: list[str] = []

_CORE = ("read_only", "destructive", "idempotent", "open_world")


def _dangers(ctx: ToolContext) -> list[str]:
    """Why the tool counts as destructive or irreversible, each with the wire key that says so."""
    p = ctx.reading.profile
    out = [f"destructiveHint true per {c}" for c in claims_that(ctx, "destructive", True)]
    out += [f'effect "delete" per {c}' for c in claims_that(ctx, "effects", SideEffect.DELETE)]
    out += [f'outcome "irreversible" per {c}' for c in claims_that(ctx, "outcomes", Outcome.IRREVERSIBLE)]
    out += [f"reversibleHint false per {c}" for c in claims_that(ctx, "reversible", False)]
    if p.read_only is False and p.destructive is None:
        ro = where(p.origin_of("read_only"))
        out.append(f"readOnlyHint false per {ro} and no destructiveHint (the spec default is destructive)")
    return out


def _claims_anything(ctx: ToolContext) -> bool:
    return any(field != "title" for field in ctx.reading.profile.origins)


@rule(
    "W101",
    "destructive-without-confirmation",
    Severity.ERROR,
    "A destructive or irreversible tool does not ask for confirmation (seed 000's CI check).",
    'Declare `_meta["mcp.dev/requiresConfirmation"]: true` (a Weir server writes it in `dev.weir/annotations` '
    "too), or, when the tool only adds, `destructiveHint: false` and outcomes that are not irreversible.",
)
def _destructive_unconfirmed(ctx: ToolContext) -> Iterator[Hit]:
    p = ctx.reading.profile
    dangers = _dangers(ctx)
    if not dangers or p.requires_confirmation is True or not _claims_anything(ctx):
        return
    why = "; ".join(dangers)
    if p.requires_confirmation is False:
        path = p.origin_of("requires_confirmation")[0].path
        yield Hit(path, f"declares it needs no confirmation although it is destructive or irreversible: {why}")
    else:
        yield Hit("_meta", f"destructive or irreversible but states no confirmation preference: {why}")


@rule(
    "W102",
    "no-safety-claim",
    Severity.WARNING,
    "A tool makes no safety claim in any vocabulary.",
    "Declare at least the MCP core hints (readOnlyHint, destructiveHint, idempotentHint, openWorldHint); "
    "until then Weir treats the tool as destructive, open-world and irreversible.",
)
def _no_claim(ctx: ToolContext) -> Iterator[Hit]:
    if not _claims_anything(ctx):
        yield Hit(
            "annotations",
            "the tool makes no safety claim at all: unknown is not safe, so it is treated as destructive, "
            "open-world and irreversible",
        )


@rule(
    "W103",
    "no-core-hints",
    Severity.INFO,
    "A tool declares extension metadata but none of the MCP core hints.",
    "Also declare readOnlyHint / destructiveHint / idempotentHint / openWorldHint in `annotations`: "
    "clients that know only the specification see the defaults (destructive, open-world).",
)
def _no_core(ctx: ToolContext) -> Iterator[Hit]:
    core = ctx.reading.by_dialect.get(Dialect.MCP_CORE)
    if _claims_anything(ctx) and (core is None or all(getattr(core, f) is None for f in _CORE)):
        yield Hit("annotations", "no MCP core hint is declared; core-only clients assume destructive and open-world")


_STATE = ("read_only", "destructive", "effects", "outcomes")


@rule(
    "W104",
    "state-change-unknown",
    Severity.WARNING,
    "A tool makes claims, but none says whether it changes anything (readOnlyHint, destructiveHint, "
    "mcp.dev/effect or outcomes).",
    "Declare readOnlyHint (and destructiveHint when it is false): until then every client assumes the tool "
    "may modify and destroy, and Weir treats it so.",
)
def _state_unknown(ctx: ToolContext) -> Iterator[Hit]:
    # W102 covers a tool with no claim at all; this is the tool that says *something* (openWorldHint,
    # sensitivity, a title...) but leaves the one question a confirmation prompt depends on unanswered.
    p = ctx.reading.profile
    if _claims_anything(ctx) and not any(field in p.origins for field in _STATE):
        yield Hit(
            "annotations",
            "nothing says whether the tool changes anything (no readOnlyHint, destructiveHint, mcp.dev/effect or "
            "outcomes): by the spec's defaults it may modify and destroy",
        )


@rule(
    "W105",
    "resolver-not-declared",
    Severity.WARNING,
    "A tool answers `tools/resolve` but does not declare that it does, so no client ever asks it.",
    'Declare `_meta["io.modelcontextprotocol/tool-resolution"]: {"resolvable": true}` on the tool. With '
    "weir.server, emit the labels `ServerLabels.declare()` returns (they carry it), not the ones passed to it.",
)
def _resolver_not_declared(ctx: ToolContext) -> Iterator[Hit]:
    if ctx.name in ctx.listing.unannounced_resolvers:
        yield Hit(
            "_meta",
            f"answers {TOOL_RESOLUTION.rsplit('/', 1)[-1]} (tools/resolve) but does not declare "
            f'`_meta["{TOOL_RESOLUTION}"].resolvable`: clients never ask it, and its resolver never narrows a decision',
        )
