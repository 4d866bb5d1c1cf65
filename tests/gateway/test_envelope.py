"""The in-memory envelope conversions agree with the SDK's own union adapter and model dump."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mcp.shared.message import SessionMessage
from mcp_types import JSONRPCRequest, JSONRPCResponse, jsonrpc_message_adapter
from pydantic import ValidationError

from weir.gateway.wire.envelope import to_message, to_session

_scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text()
_json = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
_objects = st.dictionaries(st.text(max_size=8), _json, max_size=4)
_ids = st.integers() | st.text(max_size=8)
_methods = st.sampled_from(["tools/call", "notifications/progress", "ping", "x/unknown"])


@st.composite
def messages(draw: st.DrawFn) -> dict[str, Any]:
    """Any valid JSON-RPC message, as it would arrive on a wire."""
    kind = draw(st.sampled_from(["request", "notification", "result", "error"]))
    msg: dict[str, Any] = {"jsonrpc": "2.0"}
    if kind in ("request", "result", "error"):
        msg["id"] = draw(_ids) if kind != "error" else draw(_ids | st.none())
    if kind in ("request", "notification"):
        msg["method"] = draw(_methods)
        params = draw(st.none() | _objects)
        if params is not None:
            msg["params"] = params
    elif kind == "result":
        msg["result"] = draw(_objects)
    else:
        error: dict[str, Any] = {"code": draw(st.integers()), "message": draw(st.text(max_size=12))}
        data = draw(st.none() | _json)
        if data is not None:
            error["data"] = data
        msg["error"] = error
    return msg


@settings(max_examples=150)
@given(messages())
def test_reading_an_envelope_gives_what_the_full_json_dump_gives(msg: dict[str, Any]) -> None:
    envelope = jsonrpc_message_adapter.validate_python(msg)
    assert to_message(envelope) == envelope.model_dump(by_alias=True, mode="json", exclude_unset=True)


@settings(max_examples=150)
@given(messages())
def test_building_an_envelope_gives_what_the_union_adapter_gives(msg: dict[str, Any]) -> None:
    built = to_session(msg)
    assert isinstance(built, SessionMessage)
    assert built.message == jsonrpc_message_adapter.validate_python(msg)
    assert to_message(built.message) == msg


def test_payloads_pass_through_without_a_copy() -> None:
    params = {"name": "t", "arguments": {"nested": [1, {"x": "y"}]}, "_meta": {"vendor/key": 1}}
    request = JSONRPCRequest(jsonrpc="2.0", id=3, method="tools/call", params=params)
    assert to_message(request)["params"]["arguments"] is params["arguments"]
    result = {"content": [], "io.vendor/unknown": {"kept": True}}
    assert to_message(JSONRPCResponse(jsonrpc="2.0", id=3, result=result))["result"] == result


@pytest.mark.parametrize(
    "bad",
    [
        {"jsonrpc": "2.0", "id": 1.5, "result": {}},
        {"jsonrpc": "2.0", "id": True, "result": {}},
        {"jsonrpc": "1.0", "id": 1, "result": {}},
        {"jsonrpc": "2.0", "id": 1, "result": ["not", "an", "object"]},
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": "text"},
        {"jsonrpc": "2.0", "id": 1, "error": {"message": "no code"}},
        {"jsonrpc": "2.0", "method": 7},
        {"jsonrpc": "2.0"},
    ],
)
def test_a_malformed_envelope_is_refused_with_a_validation_error(bad: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        to_session(bad)
