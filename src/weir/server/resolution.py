"""``tools/resolve``: narrowing a tool's possible sets from the arguments of one call.

The ``io.modelcontextprotocol/tool-resolution`` extension: the request is ``{name, arguments,
_meta}``, the result ``{resultType: "complete", name, annotations, _meta?}``, and a tool opts in
with ``Tool._meta["io.modelcontextprotocol/tool-resolution"].resolvable = true``.

Two rules are enforced here, not left to the author:

- **Never less safe than the static declaration.** A resolved value must lie inside what
  ``tools/list`` declared possible: a set may shrink, never gain a member; a boolean the static
  declaration left open ("may be destructive") may be narrowed, one it promised ("not
  destructive", "read-only") may not be broken; a sensitivity level may not drop. A resolver
  that breaks a rule raises :class:`ResolutionError`, and the handler answers with an error,
  so a client keeps the static (worst-case) declaration.
- **No side effects.** A resolver gets a deep copy of the arguments, and nothing here calls the
  tool; resolvers must be pure functions of the arguments.
"""

from __future__ import annotations

import copy
import inspect
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from mcp_types import RequestParams, Result

from weir.errors import WeirError
from weir.labels.profile import POSSIBLE_SETS, RISKY_WHEN, ToolProfile
from weir.labels.write import write_tool
from weir.server.declare import ToolLabels

__all__ = [
    "RESOLVE_METHOD",
    "ResolutionError",
    "ResolveParams",
    "ResolveResult",
    "Resolver",
    "narrowed",
    "resolution_result",
]

RESOLVE_METHOD = "tools/resolve"
"""The JSON-RPC method of the tool-resolution extension."""

Resolver = Callable[[dict[str, Any]], ToolLabels | Awaitable[ToolLabels]]
"""Arguments in (a private copy), the labels of *this* call out. Sync or async; no side effects."""

_SETS = POSSIBLE_SETS


class ResolutionError(WeirError):
    """A resolver's answer would be less safe than the tool's static declaration."""


class ResolveParams(RequestParams):
    """``tools/resolve`` request params: the tool and the arguments it would be called with."""

    name: str
    """The tool's name."""
    arguments: dict[str, Any] | None = None
    """The arguments of the intended call."""


class ResolveResult(Result):
    """``tools/resolve`` result: the annotations that apply to this call."""

    result_type: str = "complete"
    """Always ``complete``: resolving never asks for input."""
    name: str
    """The tool's name."""
    annotations: dict[str, Any]
    """The resolved annotations, every key kept (this model does not drop unknown keys)."""


def _check_set(name: str, static: frozenset[Any], resolved: frozenset[Any], problems: list[str]) -> frozenset[Any]:
    if not resolved:
        return static
    if static and not resolved <= static:
        extra = ", ".join(sorted(str(x) for x in resolved - static))
        problems.append(f"{name}: {extra} is outside the declared possible set {sorted(str(x) for x in static)}")
    return resolved


def _check_bool(name: str, static: bool | None, resolved: bool | None, problems: list[str]) -> bool | None:
    if resolved is None:
        return static
    risky = RISKY_WHEN[name]
    # A static value at the safe end is a promise for every call; one at the risky end is a "may".
    if static is not None and static not in (risky, resolved):
        problems.append(f"{name}: the static declaration promises {static}, the resolution says {resolved}")
    return resolved


def narrowed(static: ToolProfile, resolved: ToolProfile) -> ToolProfile:
    """``resolved`` checked against ``static`` and completed from it (what it leaves out stays static).

    Raises :class:`ResolutionError` naming every field where the resolution is less safe.
    """
    problems: list[str] = []
    update: dict[str, Any] = {"resolved": True, "resolvable": True}
    for name in _SETS:
        update[name] = _check_set(name, getattr(static, name), getattr(resolved, name), problems)
    for name in RISKY_WHEN:
        update[name] = _check_bool(name, getattr(static, name), getattr(resolved, name), problems)
    low, high = resolved.result_level, static.result_level
    if low is not None and high is not None and low < high:
        problems.append(f"result_level: {low.name} is below the declared {high.name}")
    update["result_level"] = resolved.result_level if resolved.result_level is not None else static.result_level
    update["attribution"] = static.attribution | resolved.attribution
    update["origins"] = {**static.origins, **resolved.origins}
    if problems:
        raise ResolutionError(
            "tools/resolve would be less safe than tools/list: " + "; ".join(problems), tool=static.name
        )
    return static.model_copy(update=update)


async def _run(resolver: Resolver, arguments: Mapping[str, Any]) -> ToolLabels:
    answer = resolver(copy.deepcopy(dict(arguments)))
    if inspect.isawaitable(answer):
        answer = await answer
    if not isinstance(answer, ToolLabels):
        raise ResolutionError(f"a resolver must return ToolLabels, not {type(answer).__name__}")
    return answer


async def resolution_result(
    name: str, static: ToolLabels, resolver: Resolver, arguments: Mapping[str, Any], *, server: str | None = None
) -> ResolveResult:
    """Run ``resolver`` for one call and build the checked ``tools/resolve`` result."""
    answer = await _run(resolver, arguments)
    profile = narrowed(static.profile(name, server=server), answer.profile(name, server=server))
    wire = write_tool(profile.model_copy(update={"title": None}))  # identity stays with tools/list
    # The four core hints are a complete replacement for this call: every one is written, the
    # spec's defaults standing in for the ones neither declaration states.
    annotations = {**wire["annotations"], **{k: _hint(profile, f) for k, f in _CORE.items()}}
    return ResolveResult(name=name, annotations=annotations, _meta=wire["_meta"] or None)


_CORE = {"readOnlyHint": "read_only", "destructiveHint": "destructive", "idempotentHint": "idempotent"}
_CORE["openWorldHint"] = "open_world"
_DEFAULTS = {"read_only": False, "destructive": True, "idempotent": False, "open_world": True}


def _hint(profile: ToolProfile, field: str) -> bool:
    """A core hint's value for this call: as declared, else the spec's default."""
    value = getattr(profile, field)
    return _DEFAULTS[field] if value is None else bool(value)
