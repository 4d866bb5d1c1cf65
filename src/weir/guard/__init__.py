"""The Guard: the one decision path (sessions + policy + detectors) every caller shares.

The names load their modules on first use (:mod:`weir._lazy`): :class:`GuardConfig` is a section
of every weir.yaml, and reading one needs none of the decision path (flow, numpy, CEL).
"""

from typing import TYPE_CHECKING

from weir._lazy import exports

if TYPE_CHECKING:
    from weir.guard.checks import CallCheck, ChainLike, ResultCheck, ToolsReview
    from weir.guard.config import GuardConfig
    from weir.guard.core import Guard
    from weir.guard.shaping import DECISION_KEY

__all__ = ["DECISION_KEY", "CallCheck", "ChainLike", "Guard", "GuardConfig", "ResultCheck", "ToolsReview"]

__getattr__, __dir__ = exports(
    __name__,
    {
        "CallCheck": "weir.guard.checks",
        "ChainLike": "weir.guard.checks",
        "DECISION_KEY": "weir.guard.shaping",
        "Guard": "weir.guard.core",
        "GuardConfig": "weir.guard.config",
        "ResultCheck": "weir.guard.checks",
        "ToolsReview": "weir.guard.checks",
    },
)
