"""Trying policies against recorded traffic: replay, and explain one decision.

A platform engineer records sessions with ``weir gateway --record`` and, before rolling out a
candidate policy, replays them (``weir replay``) and asks why a call was decided as it was
(``weir policy explain``); checking that the candidate compiles is the policy layer's
(:mod:`weir.policy.check`). Every decision comes from the call pipeline's stages over
:class:`weir.guard.Guard`, the path the gateway enforces with.
"""

from weir.replay.candidate import candidate_policy, with_policy
from weir.replay.explain import Explanation, RuleExplanation, explain_call, explain_line
from weir.replay.run import Replay, ReplayDecision, replay

__all__ = [
    "Explanation",
    "Replay",
    "ReplayDecision",
    "RuleExplanation",
    "candidate_policy",
    "explain_call",
    "explain_line",
    "replay",
    "with_policy",
]
