"""Weir's exception tree.

Every error Weir raises on purpose is a ``WeirError``; foreign errors are translated at the
boundary that meets them (``raise ... from exc``) so callers catch one root::

    WeirError
    ├── ConfigError            a weir.yaml, override or policy file that cannot be used
    │   └── PolicyCompileError a rule whose `when` does not compile (carries line/column)
    ├── DetectorError          a detector could not run or could not load its model
    ├── UpstreamError          an MCP server behind the gateway failed, crashed or timed out
    ├── ProtocolError          a peer sent something that is not valid MCP / JSON-RPC
    ├── AuditError             the audit store could not append or verify
    ├── TraceError             a trace (weir.trace) that cannot be read or written (carries line)
    └── defined beside the code that raises them:
        CatalogError (weir.catalog)          a tool catalog that cannot be loaded
        PinError (weir.detect.pinning)       a tool pin that does not exist or has nothing to approve
        DeclarationError (weir.server)       a tool label declaration outside the vocabulary
        ResolutionError (weir.server)        a tools/resolve answer less safe than the listing
        EvidenceError (weir.labels.evidence) an evidence record that cannot be canonicalised
        ResolveFailed (weir.client.wire, an UpstreamError)  a server's error answer to tools/resolve
        RpcError (weir.gateway, a ProtocolError)  a JSON-RPC message refused with its code
        QuotaExceeded (weir.gateway.quotas)  a principal would hold more than its quota allows
        QuotaUnavailable (weir.gateway.quotas, a QuotaExceeded)  a quota the fleet's shared state could not count

Deciding never raises: a decision that cannot be made is a block whose ``Decision.error`` names
why (the policy engine, the Guard and the pipeline each fail closed at their boundary), so there
is no decision error to catch.

Each error carries the context it is about (server, tool, session) when it has one, so a
message printed at the top level says where things went wrong.
"""

from __future__ import annotations

__all__ = [
    "AuditError",
    "ConfigError",
    "DetectorError",
    "PolicyCompileError",
    "ProtocolError",
    "TraceError",
    "UpstreamError",
    "WeirError",
]


class WeirError(Exception):
    """The root of every error Weir raises on purpose."""

    def __init__(
        self,
        message: str,
        *,
        server: str | None = None,
        tool: str | None = None,
        session: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.server = server
        self.tool = tool
        self.session = session

    def __str__(self) -> str:
        where = [f"{k}={v}" for k, v in (("server", self.server), ("tool", self.tool)) if v]
        if self.session:
            where.append(f"session={self.session}")
        return f"{self.message} ({', '.join(where)})" if where else self.message


class ConfigError(WeirError):
    """A configuration, override or policy file that cannot be used as written."""


class PolicyCompileError(ConfigError):
    """A policy rule that does not compile; ``line`` and ``column`` point into the file."""

    def __init__(
        self,
        message: str,
        *,
        rule: str | None = None,
        line: int | None = None,
        column: int | None = None,
        path: str | None = None,
    ) -> None:
        super().__init__(message)
        self.rule = rule
        self.line = line
        self.column = column
        self.path = path

    def __str__(self) -> str:
        loc = ":".join(str(x) for x in (self.path, self.line, self.column) if x is not None)
        rule = f" in rule {self.rule!r}" if self.rule else ""
        return f"{loc + ': ' if loc else ''}{self.message}{rule}"


class DetectorError(WeirError):
    """A detector could not run or could not load what it ships with."""


class UpstreamError(WeirError):
    """An MCP server behind the gateway failed, crashed or did not answer in time."""


class ProtocolError(WeirError):
    """A peer sent a message that is not valid MCP or JSON-RPC."""


class AuditError(WeirError):
    """The audit store could not append an event or verify its chain."""


class TraceError(WeirError):
    """A trace that cannot be read or written; ``line`` is the 0-based line it is about, when known."""

    def __init__(self, message: str, *, line: int | None = None, path: str | None = None) -> None:
        super().__init__(message)
        self.line = line
        self.path = path

    def __str__(self) -> str:
        # 0-based, like the `line` of `weir replay` output, so an error and a decision cite the same number.
        where = [self.path] if self.path else []
        if self.line is not None:
            where.append(f"line {self.line} (0-based)")
        return f"{', '.join(where)}: {self.message}" if where else self.message
