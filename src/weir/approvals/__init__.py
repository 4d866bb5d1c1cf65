"""Confirmations an operator answers: the queue that holds calls, and the webhook that announces them.

``gateway.confirm_fallback: queue`` sends a *confirm* decision for a client that cannot be asked
to :class:`ApprovalQueue`; operators decide in the console or with ``weir approvals``.

The names load :mod:`weir.approvals.queue` on first use (:mod:`weir._lazy`): the queue decides
with the guard, and ``weir.approvals.config``, a section of every weir.yaml, must not bring the
whole decision path into a program that only reads a config.
"""

from typing import TYPE_CHECKING

from weir._lazy import exports

if TYPE_CHECKING:
    from weir.approvals.queue import ApprovalError, ApprovalQueue, Notifier, Outcome, PendingApproval

__all__ = ["ApprovalError", "ApprovalQueue", "Notifier", "Outcome", "PendingApproval"]

__getattr__, __dir__ = exports(__name__, dict.fromkeys(__all__, "weir.approvals.queue"))
