"""The policy layer: rules (YAML + CEL, or seed 004's form), packs, the engine, decisions.

Pure: no I/O beyond reading a policy file named in the configuration.

The names load their modules on first use (:mod:`weir._lazy`), so that importing one module of
the package (a config section, a protocol) does not import all of them.
"""

from typing import TYPE_CHECKING

from weir._lazy import exports

if TYPE_CHECKING:
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

__getattr__, __dir__ = exports(
    __name__,
    {
        "AuditLevel": "weir.policy.decision",
        "Decision": "weir.policy.decision",
        "Engine": "weir.policy.engine",
        "Facts": "weir.policy.facts",
        "Mode": "weir.policy.config",
        "Obligations": "weir.policy.decision",
        "PACKS": "weir.policy.packs",
        "PolicyConfig": "weir.policy.config",
        "Rule": "weir.policy.rules",
        "RuleMatch": "weir.policy.decision",
        "ToolFacts": "weir.policy.facts",
        "Verdict": "weir.policy.decision",
        "load_pack": "weir.policy.packs",
        "load_rules_text": "weir.policy.rules",
        "rules_from_data": "weir.policy.rules",
        "tool_facts": "weir.policy.facts",
    },
)
