"""The detector chain's tool checks, with the pure ones remembered per tool definition.

The poisoning check reads each tool on its own: its findings about a tool are a function of
that tool's definition and the check's options alone. The same catalogs come back in every
session of a replay and on every connection to the gateway, so those findings are kept per
(options, tool digest) and re-addressed to the tool's index in each new list. Pinning is not
pure (it compares with, and sets, the pins of the server) and runs on every listing, as do
checks this module does not know; besides its findings it tells which tools it holds (their
definition is not the approved one: :class:`weir.detect.pinning.Held`).

:func:`scan_tools` returns exactly what ``Chain.scan_tools`` returns for the same chain and
list (a differential test holds the two together).
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from weir.detect.chain import Chain
from weir.detect.pinning import Held, Pins
from weir.detect.poisoning import PoisoningDetector
from weir.errors import DetectorError
from weir.guard.checks import ChainLike
from weir.guard.memo import Memo
from weir.labels.finding import Finding

__all__ = ["POISONING", "approved", "review_tools", "scan_tools"]

POISONING: Memo[tuple[Hashable, str], tuple[Finding, ...]] = Memo()
"""(check options, tool digest) → the check's findings about that tool, paths inside the tool."""

_POISONING_STATE = frozenset({"hidden", "_hidden"})
"""The attributes of a poisoning check whose options this module knows (``hidden`` only)."""


def scan_tools(
    chain: ChainLike, server: str, tools: Sequence[Mapping[str, Any]], digests: Sequence[str]
) -> list[Finding]:
    """``chain.scan_tools(server, tools)``, reusing poisoning findings for tools seen before.

    ``digests`` are the tools' fingerprints (:func:`weir.guard.memo.digest`), in order.
    Raises DetectorError when a check fails, as the chain does.
    """
    return review_tools(chain, server, tools, digests)[0]


def review_tools(
    chain: ChainLike, server: str, tools: Sequence[Mapping[str, Any]], digests: Sequence[str]
) -> tuple[list[Finding], dict[str, Held]]:
    """:func:`scan_tools`, and the tools the chain's pinning check holds (by name).

    A chain that is not a :class:`Chain` reports findings only: no tool is known to be held.
    """
    if not isinstance(chain, Chain) or not isinstance(tools, list) or len(digests) != len(tools):
        return list(chain.scan_tools(server, tools)), {}
    findings: list[Finding] = []
    held: dict[str, Held] = {}
    for check in chain.tool_checks:
        try:
            if isinstance(check, PoisoningDetector) and (options := _pure_options(check)) is not None:
                findings.extend(_poisoning(check, options, tools, digests))
            elif isinstance(check, Pins):
                review = check.review(server, tools)
                findings.extend(review.findings)
                held.update(review.held)
            else:
                findings.extend(check.check(server, tools))
        except Exception as exc:  # a check's bug must not let tools through unchecked
            raise DetectorError(f"tool check {check.id!r} failed: {exc!r}", server=server) from exc
    return findings, held


def approved(chain: ChainLike, server: str, tool: Mapping[str, Any]) -> bool:
    """Whether every pinning check of ``chain`` now has ``tool`` as approved (reads the pin stores).

    False for a chain without pinning checks: nothing it knows can lift a quarantine.
    """
    pins = [c for c in chain.tool_checks if isinstance(c, Pins)] if isinstance(chain, Chain) else []
    return bool(pins) and all(p.approved(server, tool) for p in pins)


def _pure_options(check: PoisoningDetector) -> Hashable | None:
    """What the check's findings depend on besides the tool, or None if its options are unknown."""
    if type(check) is PoisoningDetector and set(vars(check)) == _POISONING_STATE:
        return ("poisoning", check.hidden)
    return None


def _poisoning(
    check: PoisoningDetector, options: Hashable, tools: Sequence[Any], digests: Sequence[str]
) -> list[Finding]:
    out: list[Finding] = []
    for i, (tool, key) in enumerate(zip(tools, digests, strict=True)):
        if not isinstance(tool, Mapping):
            continue
        found = POISONING.get((options, key), functools.partial(_check_tool, check, tool))
        prefix = f"tools[{i}]."
        out.extend(f.model_copy(update={"path": prefix + (f.path or "")}) for f in found)
    return out


def _check_tool(check: PoisoningDetector, tool: Mapping[str, Any]) -> tuple[Finding, ...]:
    return tuple(check.check_tool(tool))
