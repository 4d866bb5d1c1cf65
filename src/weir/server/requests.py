"""What a request says about the agent session, and refusing on it (seed 003, SEP-1913 §server 2–3).

A client that propagates labels sends the session's join in the request's
``_meta.annotations`` (issue 711 / SEP-1913 spelling, or the trust-annotations extension).
Servers MUST respect those annotations and MAY refuse: :class:`RequestLabels` reads them
(through the labels readers, never raising) and :func:`refuse` answers with an MCP error the
client cannot mistake for a result.

Absent annotations mean *unknown*, not safe: :attr:`RequestLabels.declared` tells a server
whether the client said anything at all, so a cautious tool can refuse unlabelled requests too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_REQUEST

from weir.labels.datalabel import DataLabel
from weir.labels.keys import ANNOTATIONS, TRUST_ANNOTATIONS, WEIR_ANNOTATIONS, WEIR_SESSION
from weir.labels.provenance import Diagnostic
from weir.labels.read import read_data_meta
from weir.labels.vocab import Level
from weir.labels.write import write_data_meta

__all__ = ["REFUSED", "RequestGuard", "RequestLabels", "refuse"]

REFUSED = INVALID_REQUEST
"""The JSON-RPC error code a refusal carries (seed 004's reference server uses InvalidRequest)."""

_LABEL_KEYS = (ANNOTATIONS, TRUST_ANNOTATIONS, WEIR_ANNOTATIONS)


@dataclass(frozen=True)
class RequestLabels:
    """The labels a tool call's ``_meta`` carries about the agent session behind it."""

    label: DataLabel
    """The session's label as the client sent it (BOTTOM when it sent none)."""
    declared: bool
    """Whether the request carried any label at all (False: unknown, not safe)."""
    session: str | None = None
    """The agent session id the client named (``_meta["dev.weir/session"]``), if any."""
    diagnostics: tuple[Diagnostic, ...] = ()
    """What in the request's annotations could not be taken at face value."""

    @classmethod
    def from_meta(cls, meta: Any) -> RequestLabels:
        """Read a request's ``_meta`` (a dict, the SDK's meta mapping, or None). Never raises."""
        if not isinstance(meta, Mapping):
            return cls(DataLabel(), declared=False)
        label, diagnostics = read_data_meta(meta)
        session = meta.get(WEIR_SESSION)
        return cls(
            label,
            declared=any(k in meta for k in _LABEL_KEYS),
            session=session if isinstance(session, str) else None,
            diagnostics=diagnostics,
        )

    @property
    def open_world(self) -> bool:
        """The session holds open-world (untrusted) data: issue 711 ``openWorldHint``."""
        return self.label.untrusted

    @property
    def sensitive(self) -> bool:
        """The session holds sensitive data (level medium or above, or any class)."""
        return self.label.level >= Level.MEDIUM or bool(self.label.classes)

    @property
    def private(self) -> bool:
        """The session holds data private to an organisation."""
        return self.label.private or self.label.level >= Level.LOW

    @property
    def malicious(self) -> bool:
        """Something earlier in the session was flagged as malicious."""
        return self.label.malicious


RequestGuard = Callable[[RequestLabels, Mapping[str, Any]], str | None]
"""A server-side check before a tool runs: the request's labels and the arguments in, a reason
to refuse out (None lets the call run). It must not have side effects."""


def refuse(reason: str, *, tool: str | None = None, label: DataLabel | None = None) -> NoReturn:
    """Refuse the call with an MCP error (``InvalidRequest``) naming ``reason``.

    The error's ``data`` carries ``{"refusedBy": "dev.weir/request-guard", "tool", "annotations"}``
    so a client can show which of the session's labels caused it.
    """
    data: dict[str, Any] = {"refusedBy": "dev.weir/request-guard"}
    if tool is not None:
        data["tool"] = tool
    if label is not None:
        data["annotations"] = write_data_meta(label).get(ANNOTATIONS, {})
    raise MCPError(REFUSED, reason, data)
