"""The policy layer: rules (YAML + CEL, or seed 004's form), packs, the engine, decisions.

Pure: no I/O beyond reading a policy file named in the configuration.
"""

from weir.policy.config import Mode, PolicyConfig
from weir.policy.decision import AuditLevel, Decision, Obligations, RuleMatch, Verdict
from weir.policy.engine import Engine
from weir.policy.facts import Facts, ToolFacts, tool_facts
from weir.policy.packs import PACKS, load_pack
from weir.policy.rules import Rule, load_rules_text, rules_from_data

__all__ = [
    "PACKS",
    "AuditLevel",
    "Decision",
    "Engine",
    "Facts",
    "Mode",
    "Obligations",
    "PolicyConfig",
    "Rule",
    "RuleMatch",
    "ToolFacts",
    "Verdict",
    "load_pack",
    "load_rules_text",
    "rules_from_data",
    "tool_facts",
]
