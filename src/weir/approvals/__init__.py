"""Confirmations an operator answers: the queue that holds calls, and the webhook that announces them.

``gateway.confirm_fallback: queue`` sends a *confirm* decision for a client that cannot be asked
to :class:`ApprovalQueue`; operators decide in the console or with ``weir approvals``.
"""

from weir.approvals.queue import ApprovalError, ApprovalQueue, Notifier, Outcome, PendingApproval

__all__ = ["ApprovalError", "ApprovalQueue", "Notifier", "Outcome", "PendingApproval"]
