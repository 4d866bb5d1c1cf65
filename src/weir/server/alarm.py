"""Raising a malicious-activity signal mid-task (SEP-1913, server responsibility 5).

A server that notices something malicious half-way through a task — a prompt injection in a
page it fetched, a secret where none belongs — SHOULD either return early or ask the user
(elicitation) before going on. :func:`malicious_result` is the early return: an error result
that says why, keeps whatever partial content the author chooses to hand back, and carries
``maliciousActivityHint`` (plus any other labels) in its ``_meta``. :func:`ask_to_continue` is
the elicitation: it asks the user and answers False — stop — whenever the user declines, the
client cannot be asked, or anything goes wrong (fail closed).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult, ContentBlock, TextContent
from pydantic import BaseModel, Field

from weir.labels.datalabel import BOTTOM, DataLabel
from weir.labels.finding import Finding
from weir.server.results import label_result

__all__ = ["ContinueAnswer", "ask_to_continue", "malicious_label", "malicious_result"]


class ContinueAnswer(BaseModel):
    """The form a user fills in when a server asks whether to go on."""

    proceed: bool = Field(default=False, title="Continue despite the warning")
    """True only when the user explicitly chose to continue."""


def malicious_label(
    *, findings: Iterable[Finding] = (), attribution: Iterable[str] = (), untrusted: bool = True
) -> DataLabel:
    """The label of content flagged as malicious (open-world by default: that is where attacks come from)."""
    return DataLabel(
        malicious=True,
        untrusted=untrusted,
        findings=frozenset(findings),
        attribution=frozenset(attribution),
    )


def malicious_result(
    reason: str,
    *,
    label: DataLabel = BOTTOM,
    partial: Sequence[ContentBlock] | str = (),
    findings: Iterable[Finding] = (),
    attribution: Iterable[str] = (),
) -> CallToolResult:
    """An early-return error result that raises ``maliciousActivityHint`` and says why.

    ``partial`` is what the tool already has and is willing to hand back; it travels inside the
    flagged result, so a client that propagates labels taints whatever the model does with it.
    """
    flagged = label.join(malicious_label(findings=findings, attribution=attribution))
    blocks: list[ContentBlock] = [TextContent(type="text", text=f"Stopped: potential malicious activity. {reason}")]
    blocks += [TextContent(type="text", text=partial)] if isinstance(partial, str) else list(partial)
    return label_result(CallToolResult(content=blocks, is_error=True), flagged)


async def ask_to_continue(ctx: Context[Any, Any], reason: str) -> bool:
    """Ask the user (elicitation) whether the task may go on; False unless they explicitly say yes."""
    message = f"Potential malicious activity detected: {reason}\nContinue anyway?"
    try:
        answer = await ctx.elicit(message, ContinueAnswer)
    except Exception:  # no elicitation support, a modern client without a back-channel, a timeout: stop
        return False
    data = getattr(answer, "data", None)
    return getattr(answer, "action", None) == "accept" and isinstance(data, ContinueAnswer) and data.proceed
