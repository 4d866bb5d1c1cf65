"""``weir lint``: checks a server's tool catalog for missing, invalid and contradictory safety claims.

Rules live in :mod:`weir.lint.rules` (one module per family) and register themselves in
:data:`~weir.lint.registry.RULES`; :func:`lint_catalog` runs them and the functions of
:mod:`weir.lint.output` write the report for people, as JSON or as SARIF 2.1.0.
"""

from weir.lint.output import format_human, to_json, to_sarif
from weir.lint.registry import RULES, Hit, Rule, ToolContext, rule
from weir.lint.report import LintFinding, LintReport, lint_catalog

__all__ = [
    "RULES",
    "Hit",
    "LintFinding",
    "LintReport",
    "Rule",
    "ToolContext",
    "format_human",
    "lint_catalog",
    "rule",
    "to_json",
    "to_sarif",
]
