"""Parsing untrusted bytes: never a crash, always a message or a precise JSON-RPC error."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weir.gateway.wire import jsonrpc
from weir.gateway.wire.jsonrpc import RpcError


@given(st.binary(max_size=300))
@settings(max_examples=200)
def test_any_bytes_parse_to_a_message_or_a_json_rpc_error(data: bytes) -> None:
    outcome: object
    try:
        outcome = jsonrpc.parse(data, limit=200)
    except RpcError as exc:
        outcome = exc
    if isinstance(outcome, RpcError):
        assert outcome.code in {jsonrpc.PARSE_ERROR, jsonrpc.INVALID_REQUEST, jsonrpc.INVALID_PARAMS}
        assert outcome.to_message()["error"]["message"]
    else:
        assert isinstance(outcome, dict)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=10,
)


@given(st.dictionaries(st.sampled_from(["jsonrpc", "id", "method", "params", "result", "error"]), json_values))
@settings(max_examples=200)
def test_any_json_object_is_classified_or_refused(obj: dict[str, object]) -> None:
    try:
        msg = jsonrpc.parse(json.dumps(obj), limit=10_000)
    except RpcError:
        return
    kinds = [jsonrpc.is_request(msg), jsonrpc.is_notification(msg), jsonrpc.is_response(msg)]
    assert kinds.count(True) == 1


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        (b"{", jsonrpc.PARSE_ERROR),
        (b'{"jsonrpc": "2.0", "id": 1, "method": "x", "params": {"a": NaN}}', jsonrpc.PARSE_ERROR),
        (b'{"jsonrpc": "2.0", "id": 1, "method": "x", "params": {"a": -Infinity}}', jsonrpc.PARSE_ERROR),
        (b"[]", jsonrpc.INVALID_REQUEST),
        (b"3", jsonrpc.INVALID_REQUEST),
        (b'{"jsonrpc": "2.0", "id": true, "method": "x"}', jsonrpc.INVALID_REQUEST),
        (b'{"jsonrpc": "2.0", "id": 1, "method": ""}', jsonrpc.INVALID_REQUEST),
        (b'{"jsonrpc": "2.0", "id": 1, "method": "x", "params": 5}', jsonrpc.INVALID_PARAMS),
        (b'{"jsonrpc": "2.0", "id": 1, "result": {}, "error": {}}', jsonrpc.INVALID_REQUEST),
    ],
)
def test_malformed_messages_get_the_precise_code(raw: bytes, code: int) -> None:
    with pytest.raises(RpcError) as info:
        jsonrpc.parse(raw, limit=1000)
    assert info.value.code == code


def test_the_id_of_a_readable_request_is_kept_in_its_error() -> None:
    with pytest.raises(RpcError) as info:
        jsonrpc.parse(b'{"jsonrpc": "2.0", "id": 9, "method": "x", "params": []}', limit=1000)
    assert info.value.to_message()["id"] == 9


def test_an_oversized_message_names_its_size_and_the_limit() -> None:
    with pytest.raises(RpcError, match="message of 11 bytes exceeds the limit of 10 bytes"):
        jsonrpc.parse(b"x" * 11, limit=10)


def test_an_error_answering_an_unreadable_id_is_accepted() -> None:
    msg = jsonrpc.parse(b'{"jsonrpc": "2.0", "id": null, "error": {"code": -32600, "message": "m"}}', limit=1000)
    assert jsonrpc.is_response(msg)


def _refuse(name: str) -> object:
    raise ValueError(name)


_documents = st.one_of(
    st.binary(max_size=80),
    st.text(max_size=80),
    st.builds(lambda v: json.dumps({"jsonrpc": "2.0", "id": 1, "result": {"v": v}}), json_values),
    st.builds(lambda v: json.dumps(v).encode("utf-16"), json_values),
    st.builds(lambda v: "\ufeff" + json.dumps(v), json_values),
    st.builds(lambda v: b"\xef\xbb\xbf" + json.dumps(v).encode(), json_values),
    st.sampled_from([b"NaN", b'{"a": Infinity}', b'{"a": -Infinity}', "[1, NaN]"]),
)


@given(_documents)
@settings(max_examples=200)
def test_parsing_accepts_and_refuses_json_exactly_as_json_loads_does(data: bytes | str) -> None:
    try:
        expected: object = json.loads(data, parse_constant=_refuse)
    except (ValueError, UnicodeDecodeError):
        expected = ValueError
    try:
        got: object = jsonrpc.parse(data, limit=10_000)
    except RpcError as exc:
        got = ValueError if exc.code == jsonrpc.PARSE_ERROR else exc
    if expected is ValueError or got is ValueError:
        assert got is expected
    elif isinstance(got, dict):
        assert got == expected


@given(json_values)
@settings(max_examples=100)
def test_dumping_gives_the_compact_utf8_json_of_json_dumps(value: object) -> None:
    message = {"jsonrpc": "2.0", "id": 1, "result": {"value": value}}
    expected = json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode()
    assert jsonrpc.dumps(message) == expected
