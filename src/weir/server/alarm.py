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
from mcp_types import (
    CallToolResult,
    ContentBlock,
    ElicitRequest,
    ElicitRequestFormParams,
    ElicitResult,
    InputRequiredResult,
    TextContent,
)
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from pydantic import BaseModel, Field

from weir.labels.datalabel import BOTTOM, DataLabel
from weir.labels.finding import Finding
from weir.server.results import label_result

__all__ = [
    "CONTINUE_KEY",
    "ContinueAnswer",
    "ask_or_interrupt",
    "ask_to_continue",
    "malicious_label",
    "malicious_result",
]

CONTINUE_KEY = "dev.weir/continue"
"""The key of the continue-question in a 2026-07-28 ``inputRequests`` / ``inputResponses``."""


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


def _message(reason: str) -> str:
    return f"Potential malicious activity detected: {reason}\nContinue anyway?"


def _approved(answer: Any) -> bool:
    """An explicit accept with ``proceed: true``; anything else is a no."""
    if not isinstance(answer, ElicitResult) or answer.action != "accept":
        return False
    return isinstance(answer.content, dict) and answer.content.get("proceed") is True


async def ask_or_interrupt(ctx: Context[Any, Any], reason: str) -> bool | InputRequiredResult:
    """Ask whether the task may go on, in whichever way the connection's revision allows.

    On 2026-07-28 there is no back-channel mid-call: the first round returns an
    ``InputRequiredResult`` the tool must return as is; the client asks the user and retries the
    call, and on that round this returns the answer (True only for an explicit yes). On
    2025-11-25 it elicits mid-call (:func:`ask_to_continue`). A client that does not declare
    elicitation is not asked: the answer is False.
    """
    responses = ctx.input_responses or {}
    if CONTINUE_KEY in responses:
        return _approved(responses[CONTINUE_KEY])
    if ctx.protocol_version not in MODERN_PROTOCOL_VERSIONS:
        return await ask_to_continue(ctx, reason)
    capabilities = ctx.client_capabilities
    if capabilities is None or capabilities.elicitation is None:
        return False  # the client cannot ask anyone: stop (asking would fail the whole call)
    schema = ContinueAnswer.model_json_schema()
    form = ElicitRequestFormParams(message=_message(reason), requested_schema=schema)
    return InputRequiredResult(input_requests={CONTINUE_KEY: ElicitRequest(params=form)})


async def ask_to_continue(ctx: Context[Any, Any], reason: str) -> bool:
    """Ask the user mid-call (elicitation, 2025-11-25) whether the task may go on; False unless they say yes.

    A 2026-07-28 connection has no back-channel, so this answers False there: use
    :func:`ask_or_interrupt` to ask on both revisions.
    """
    message = _message(reason)
    try:
        answer = await ctx.elicit(message, ContinueAnswer)
    except Exception:  # no elicitation support, a modern client without a back-channel, a timeout: stop
        return False
    data = getattr(answer, "data", None)
    return getattr(answer, "action", None) == "accept" and isinstance(data, ContinueAnswer) and data.proceed
