"""What the host sees of one guarded call: the decisions, the result as released, the alarms."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from weir.labels.datalabel import DataLabel
from weir.labels.finding import Finding
from weir.policy.decision import Decision, Verdict

__all__ = ["CallOutcome", "ConfirmFn", "ConfirmRequest", "MaliciousActivity", "MaliciousFn"]


@dataclass(frozen=True)
class ConfirmRequest:
    """What the user is asked before a call the policy wants confirmed."""

    server: str
    tool: str
    arguments: Mapping[str, Any]
    decision: Decision
    """The pre-call decision (``effect`` confirm); its reasons say why the user is asked."""
    label: DataLabel
    """The agent session's label at this point (attribution shows where the data came from)."""

    @property
    def reasons(self) -> tuple[str, ...]:
        """One human-readable reason per matched rule."""
        return tuple(self.decision.reasons)


@dataclass(frozen=True)
class MaliciousActivity:
    """A malicious-activity signal: a server's ``maliciousActivityHint`` or a detector finding."""

    server: str
    tool: str
    findings: Sequence[Finding]
    """Detector findings of class malicious (empty when only the server raised the hint)."""
    label: DataLabel
    """The result's label (``malicious`` is set)."""

    def describe(self) -> str:
        """One line for a warning banner."""
        kinds = sorted({f"{f.detector}:{f.kind}" for f in self.findings})
        by = f" ({', '.join(kinds)})" if kinds else " (flagged by the server)"
        return f"potential malicious content from {self.server}/{self.tool}{by}"


ConfirmFn = Callable[[ConfirmRequest], Awaitable[bool] | bool]
"""Asks the user; True runs the call. Anything else — False, an exception — blocks it."""
MaliciousFn = Callable[[MaliciousActivity], Awaitable[None] | None]
"""Surfaces a malicious-activity signal to the user (SEP-1913 client responsibility 3)."""


@dataclass(frozen=True)
class CallOutcome:
    """One tool call through :class:`weir.client.WeirClient`."""

    server: str
    tool: str
    pre: Decision
    """The decision before the call (after a ``tools/resolve`` answer, when the tool offered one)."""
    result: dict[str, Any]
    """The result as released to the model: redacted, carrying a warning, or the blocking error."""
    post: Decision | None = None
    """The decision on the result (None when the call did not run)."""
    label: DataLabel = field(default_factory=DataLabel)
    """The result's label (BOTTOM when the call did not run)."""
    findings: Sequence[Finding] = ()
    """Detector findings in the result."""
    resolved: bool = False
    """The pre-call decision used the server's ``tools/resolve`` answer."""
    confirmed: bool | None = None
    """For a call that needed confirmation: the user's answer (None when none was needed)."""
    error: str | None = None
    """The server refused or failed the call (its MCP error message)."""
    malicious: MaliciousActivity | None = None
    """Set when the result carried a malicious-activity signal."""

    @property
    def ran(self) -> bool:
        """Whether the tool was actually called."""
        return self.post is not None or self.error is not None

    @property
    def blocked(self) -> bool:
        """Whether Weir withheld the call or its result."""
        return not self.ran or (self.post is not None and self.post.applied is Verdict.BLOCK)

    @property
    def succeeded(self) -> bool:
        """The tool ran, the server did not refuse it, and Weir released its result."""
        return self.post is not None and not self.blocked and self.result.get("isError") is not True

    @property
    def text(self) -> str:
        """The text blocks of the released result, joined (for printing)."""
        content = self.result.get("content")
        blocks = content if isinstance(content, list) else []
        return "\n".join(str(b.get("text")) for b in blocks if isinstance(b, dict) and "text" in b)
