"""Tool definitions as a client is shown them: a secret written into one is redacted.

A tool's description, title, annotations and schema are text the model reads, like a result. The
tool review (poisoning, pins, provenance of untrusted definitions) reads each definition as the
server wrote it; what the client is shown has every credential the detector chain finds in it
replaced by ``[REDACTED:credentials]``, as in a result. The tool's ``name`` is never rewritten:
it is how the tool is called.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from weir.detect.redact import redact_json
from weir.labels.finding import Finding, FindingClass

__all__ = ["shown_definitions"]


def shown_definitions(chain: object, tools: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Tool name → the definition to show, for each tool whose strings hold a credential.

    ``chain`` is the Guard's detector chain (anything with ``scan_json``); without one, or for a
    tool with nothing to redact, the tool is shown as listed and is not in the answer. Raises what
    the chain raises: the caller fails closed.
    """
    scan = getattr(chain, "scan_json", None)
    if scan is None:
        return {}
    shown: dict[str, dict[str, Any]] = {}
    for tool in tools:
        name = tool.get("name") if isinstance(tool, Mapping) else None
        if not isinstance(name, str):
            continue
        secrets = [f for f in scan(tool) if _redactable(f)]
        if secrets:
            shown[name] = redact_json(dict(tool), secrets)
    return shown


def _redactable(finding: Finding) -> bool:
    return finding.cls is FindingClass.CREDENTIALS and finding.path not in (None, "name")
