"""SDK-typed JSON-RPC envelopes to the gateway's raw dicts and back, for the in-memory hops.

The SDK hands an in-process peer typed envelopes (``JSONRPCRequest`` and friends) whose
``params``/``result`` are plain dicts of JSON values already: the SDK dumps every payload in
JSON mode before it builds an envelope. So the gateway reads the envelope's fields instead of
dumping the whole message again, and shares the payload dicts instead of copying them (the
SDK's own in-memory transport shares them too). The way back validates the envelope against
the one model its keys name rather than trying the whole union: the payload is re-validated
by the receiving SDK session anyway, and a malformed envelope still raises pydantic's precise
``ValidationError``.
"""

from __future__ import annotations

from mcp.shared.message import SessionMessage
from mcp_types import (
    JSONRPCError,
    JSONRPCMessage,
    JSONRPCNotification,
    JSONRPCRequest,
    JSONRPCResponse,
)

from weir.gateway.wire.jsonrpc import Message

__all__ = ["to_message", "to_session"]


def to_message(envelope: JSONRPCMessage) -> Message:
    """The raw dict of a typed envelope, as ``model_dump(mode="json", exclude_unset=True)`` gives it.

    ``params`` is left out when it is ``None`` (JSON-RPC has no null params; the SDK never
    sets one). Errors are rare and small, so their ``error`` object is dumped as before.
    """
    if isinstance(envelope, JSONRPCResponse):
        return {"jsonrpc": "2.0", "id": envelope.id, "result": envelope.result}
    if isinstance(envelope, JSONRPCRequest):
        out: Message = {"jsonrpc": "2.0", "id": envelope.id, "method": envelope.method}
    elif isinstance(envelope, JSONRPCNotification):
        out = {"jsonrpc": "2.0", "method": envelope.method}
    else:
        return envelope.model_dump(by_alias=True, mode="json", exclude_unset=True)
    if envelope.params is not None:
        out["params"] = envelope.params
    return out


def to_session(message: Message) -> SessionMessage:
    """The typed envelope for a raw dict, validated as the one kind its keys say it is.

    Raises ``pydantic.ValidationError`` for a malformed envelope, as the SDK's union
    adapter does.
    """
    kind: type[JSONRPCRequest | JSONRPCNotification | JSONRPCResponse | JSONRPCError]
    if "method" in message:
        kind = JSONRPCRequest if "id" in message else JSONRPCNotification
    elif "error" in message:
        kind = JSONRPCError
    else:
        kind = JSONRPCResponse
    return SessionMessage(kind.model_validate(message))
