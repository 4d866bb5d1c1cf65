"""Helpers for MCP server authors: declare labels, label results, resolve, guard, raise alarms.

Works with the SDK's high-level ``MCPServer`` and low-level ``Server`` (``mcp`` 2.x); the
fastmcp 4.x adapter is :mod:`weir.server.fastmcp` (imported only on request). See
``docs/server.md``.
"""

from weir.labels.datalabel import DataLabel
from weir.labels.vocab import DataClass, Destination, Level, Outcome, SideEffect, Source
from weir.server.alarm import (
    CONTINUE_KEY,
    ContinueAnswer,
    ask_or_interrupt,
    ask_to_continue,
    malicious_label,
    malicious_result,
)
from weir.server.declare import DeclarationError, Returns, ToolLabels
from weir.server.registry import LabelsExtension, ServerLabels
from weir.server.requests import REFUSED, RequestGuard, RequestLabels, refuse
from weir.server.resolution import (
    RESOLVE_METHOD,
    ResolutionError,
    ResolveParams,
    Resolver,
    ResolveResult,
    narrowed,
)
from weir.server.results import (
    classified,
    data_label,
    label_block,
    label_items,
    label_result,
    labelled_result,
    labelled_text,
)

__all__ = [
    "CONTINUE_KEY",
    "REFUSED",
    "RESOLVE_METHOD",
    "ContinueAnswer",
    "DataClass",
    "DataLabel",
    "DeclarationError",
    "Destination",
    "LabelsExtension",
    "Level",
    "Outcome",
    "RequestGuard",
    "RequestLabels",
    "ResolutionError",
    "ResolveParams",
    "ResolveResult",
    "Resolver",
    "Returns",
    "ServerLabels",
    "SideEffect",
    "Source",
    "ToolLabels",
    "ask_or_interrupt",
    "ask_to_continue",
    "classified",
    "data_label",
    "label_block",
    "label_items",
    "label_result",
    "labelled_result",
    "labelled_text",
    "malicious_label",
    "malicious_result",
    "narrowed",
    "refuse",
]
