"""The Guard: the one decision path (sessions + policy + detectors) every caller shares."""

from weir.guard.checks import CallCheck, ChainLike, ResultCheck, ToolsReview
from weir.guard.config import GuardConfig
from weir.guard.core import Guard
from weir.guard.shaping import DECISION_KEY

__all__ = ["DECISION_KEY", "CallCheck", "ChainLike", "Guard", "GuardConfig", "ResultCheck", "ToolsReview"]
