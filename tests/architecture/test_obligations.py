"""Promises are executed: every field of a decision's obligations is read by the code that carries
it out (the gateway or the client), and the ones nobody executes yet are named here, so the list
can only shrink.

Read from the source with ``ast`` (nothing is imported): an attribute access ``<x>.<field>`` in
the gateway, the client or the shared pipeline counts as reading the field.
"""

from __future__ import annotations

import ast
from pathlib import Path

from weir.policy.decision import Obligations

SRC = Path(__file__).resolve().parents[2] / "src" / "weir"
EXECUTORS = ("gateway", "client", "pipeline")
NOT_YET_EXECUTED: set[str] = set()
"""Obligations no executor reads yet (docs/policy.md says so too)."""


def _read_fields() -> set[str]:
    fields = set(Obligations.model_fields)
    found: set[str] = set()
    for package in EXECUTORS:
        for path in (SRC / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Attribute) and node.attr in fields and isinstance(node.ctx, ast.Load):
                    found.add(node.attr)
    return found


def test_every_obligation_is_read_by_an_executor_or_listed_as_not_yet() -> None:
    assert set(Obligations.model_fields) - _read_fields() == NOT_YET_EXECUTED


def test_the_executed_obligations_are_the_ones_the_gateway_carries_out() -> None:
    assert _read_fields() >= {"retry_allowed", "concurrency_class", "progress", "cache_allowed", "audit_level"}
