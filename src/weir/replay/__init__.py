"""Trying policies against recorded traffic: replay, explain one decision, check a policy file.

A platform engineer records sessions with ``weir gateway --record`` and, before rolling out a
candidate policy, replays them (``weir replay``), asks why a call was decided as it was
(``weir policy explain``) and checks the candidate compiles (``weir policy check``). Every
decision comes from :class:`weir.guard.Guard`, the path the gateway enforces with.
"""

from weir.replay.candidate import candidate_policy, with_policy
from weir.replay.check import PolicyCheck, check_policy, check_policy_text
from weir.replay.explain import Explanation, RuleExplanation, explain_call, explain_line
from weir.replay.run import Replay, ReplayDecision, replay

__all__ = [
    "Explanation",
    "PolicyCheck",
    "Replay",
    "ReplayDecision",
    "RuleExplanation",
    "candidate_policy",
    "check_policy",
    "check_policy_text",
    "explain_call",
    "explain_line",
    "replay",
    "with_policy",
]
