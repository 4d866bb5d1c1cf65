"""JSON-RPC 2.0 on raw dicts: parsing with a size limit, classifying, building replies.

The gateway never turns a message into an SDK model: typed models drop keys they do not
know, and the gateway's promise is that what it does not act on passes through unchanged.
"""

from __future__ import annotations

import json
from typing import Any, Final

from weir.errors import ProtocolError

__all__ = [
    "INTERNAL_ERROR",
    "INVALID_PARAMS",
    "INVALID_REQUEST",
    "MAX_DEPTH",
    "METHOD_NOT_FOUND",
    "PARSE_ERROR",
    "UPSTREAM_ERROR",
    "Message",
    "RpcError",
    "dumps",
    "error",
    "is_notification",
    "is_request",
    "is_response",
    "parse",
    "result",
    "too_deep",
]

PARSE_ERROR: Final = -32700
INVALID_REQUEST: Final = -32600
METHOD_NOT_FOUND: Final = -32601
INVALID_PARAMS: Final = -32602
INTERNAL_ERROR: Final = -32603
UPSTREAM_ERROR: Final = -32010
"""Implementation-defined band (-32000..-32019): an upstream server failed."""

Message = dict[str, Any]


class RpcError(ProtocolError):
    """A JSON-RPC error to send back: carries the code and the id it answers (when known)."""

    def __init__(self, code: int, message: str, *, id: Any = None, data: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.id = id
        self.data = data

    def to_message(self) -> Message:
        """The error response for the wire."""
        return error(self.id, self.code, self.message, self.data)


def dumps(message: Message) -> bytes:
    """Compact UTF-8 JSON, one line (newline-delimited framing relies on it)."""
    return _ENCODER.encode(message).encode()


def parse(data: bytes | str, *, limit: int) -> Message:
    """Parse one message, refusing oversized input, invalid JSON, batches and non-objects.

    Raises :class:`RpcError` with the precise JSON-RPC code; the id is recovered when the
    message was valid JSON so the error can answer the request it belongs to.
    """
    size = len(data.encode() if isinstance(data, str) else data)
    if size > limit:
        raise RpcError(INVALID_REQUEST, f"message of {size} bytes exceeds the limit of {limit} bytes")
    try:
        value = _DECODER.decode(_text(data))
    except RecursionError:
        raise RpcError(INVALID_REQUEST, f"message nested deeper than {MAX_DEPTH} levels") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise RpcError(PARSE_ERROR, f"invalid JSON: {exc}") from exc
    if isinstance(value, list):
        raise RpcError(INVALID_REQUEST, "JSON-RPC batches are not supported by MCP")
    if not isinstance(value, dict):
        raise RpcError(INVALID_REQUEST, f"a JSON-RPC message must be an object, not {type(value).__name__}")
    _check_shape(value)
    if too_deep(value):
        raise RpcError(INVALID_REQUEST, f"message nested deeper than {MAX_DEPTH} levels", id=_safe_id(value.get("id")))
    return value


MAX_DEPTH: Final = 128
"""Objects and arrays nested deeper than this are refused: no MCP message needs it, and every later
reader of the message (labels, detectors, the audit trail's canonical JSON) may then walk it."""


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether ``value`` nests objects and arrays more than ``limit`` levels deep (iterative, linear)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            return True
        if isinstance(node, dict):
            stack.extend((child, depth + 1) for child in node.values() if isinstance(child, dict | list))
        elif isinstance(node, list):
            stack.extend((child, depth + 1) for child in node if isinstance(child, dict | list))
    return False


def _text(data: bytes | str) -> str:
    """The document as json.loads would decode it (it builds a new decoder per call; we do not)."""
    if isinstance(data, str):
        if data.startswith("\ufeff"):
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", data, 0)
        return data
    return data.decode(json.detect_encoding(data), "surrogatepass")


def _refuse_constant(name: str) -> Any:
    # Python's json accepts NaN and Infinity; JSON does not, and neither can the audit trail.
    raise ValueError(f"{name} is not a JSON value")


# Built once: json.loads/json.dumps with any option build a new decoder/encoder per call.
_DECODER = json.JSONDecoder(parse_constant=_refuse_constant)
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def _check_shape(msg: Message) -> None:
    msg_id = msg.get("id")
    if msg.get("jsonrpc") != "2.0":
        raise RpcError(INVALID_REQUEST, 'missing or wrong "jsonrpc": must be "2.0"', id=_safe_id(msg_id))
    # JSON-RPC answers a request whose id could not be read with an error whose id is null.
    null_error = msg_id is None and "error" in msg and "method" not in msg
    if "id" in msg and not _valid_id(msg_id) and not null_error:
        raise RpcError(INVALID_REQUEST, '"id" must be a string or an integer')
    if "method" in msg:
        if not isinstance(msg["method"], str) or not msg["method"]:
            raise RpcError(INVALID_REQUEST, '"method" must be a non-empty string', id=msg_id)
        if "params" in msg and not isinstance(msg["params"], dict):
            raise RpcError(INVALID_PARAMS, '"params" must be an object', id=msg_id)
        return
    if "id" not in msg or ("result" in msg) == ("error" in msg):
        raise RpcError(INVALID_REQUEST, "neither a request, a notification nor a response", id=_safe_id(msg_id))


def _valid_id(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _safe_id(value: Any) -> Any:
    return value if _valid_id(value) else None


def is_request(msg: Message) -> bool:
    """A request: a method and an id."""
    return "method" in msg and "id" in msg


def is_notification(msg: Message) -> bool:
    """A notification: a method and no id."""
    return "method" in msg and "id" not in msg


def is_response(msg: Message) -> bool:
    """A result or error response."""
    return "method" not in msg and "id" in msg


def result(msg_id: Any, value: dict[str, Any]) -> Message:
    """A result response."""
    return {"jsonrpc": "2.0", "id": msg_id, "result": value}


def error(msg_id: Any, code: int, message: str, data: Any = None) -> Message:
    """An error response (``data`` only when given)."""
    body: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        body["data"] = data
    return {"jsonrpc": "2.0", "id": msg_id, "error": body}
