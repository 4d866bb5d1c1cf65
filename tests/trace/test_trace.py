"""The trace format: what the writer appends, the reader gives back; a bad line is named precisely."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weir.trace import (
    CallEvent,
    ResultEvent,
    SessionEvent,
    ToolsEvent,
    TraceError,
    TraceWriter,
    dump_event,
    iter_trace,
    read_trace,
)

json_leaf = st.none() | st.booleans() | st.integers() | st.text(max_size=12)
json_values = st.recursive(
    json_leaf,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
names = st.text(min_size=1, max_size=10)
objects = st.dictionaries(st.text(max_size=6), json_values, max_size=4)
events = st.one_of(
    st.builds(SessionEvent, names),
    st.builds(ToolsEvent, names, st.lists(st.fixed_dictionaries({"name": names}, optional={"_meta": objects}))),
    st.builds(CallEvent, names, names, objects, objects),
    st.builds(ResultEvent, names, names, objects),
)


@settings(max_examples=60, deadline=None)  # file I/O per example: no per-example time limit on a loaded box
@given(st.lists(events, max_size=6))
def test_every_written_event_reads_back_equal_on_its_own_line(tmp_path_factory: Any, recorded: list[Any]) -> None:
    path = tmp_path_factory.mktemp("t") / "trace.jsonl"
    with TraceWriter(path) as writer:
        for event in recorded:
            writer.write(event)
    lines = read_trace(path)
    assert [tl.event for tl in lines] == recorded
    assert [tl.line for tl in lines] == list(range(len(recorded)))


def test_writer_opens_a_session_only_when_the_session_changes(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    with TraceWriter(path) as writer:
        writer.tools("mail", [{"name": "send_email"}])
        writer.call("s1", "mail", "send_email", {"to": ["a@b.example"]})
        writer.result("s1", "mail", "send_email", {"content": []})
        writer.call("s2", "mail", "send_email", {})
        writer.result("s1", "mail", "send_email", {"content": [], "isError": True})
    kinds = [(type(tl.event).__name__, getattr(tl.event, "id", None)) for tl in read_trace(path)]
    assert kinds == [
        ("ToolsEvent", None),
        ("SessionEvent", "s1"),
        ("CallEvent", None),
        ("ResultEvent", None),
        ("SessionEvent", "s2"),
        ("CallEvent", None),
        ("SessionEvent", "s1"),
        ("ResultEvent", None),
    ]


def test_writer_flushes_each_event_before_returning(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    writer = TraceWriter(path)
    writer.call("s", "bank", "transfer", {"amount": 5})
    # Read through a second handle while the writer is still open: a gateway killed now loses nothing.
    assert [type(tl.event) for tl in read_trace(path)] == [SessionEvent, CallEvent]
    writer.close()


def test_writer_appends_to_an_existing_trace(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text(dump_event(SessionEvent("old")) + "\n", encoding="utf-8")
    with TraceWriter(path) as writer:
        writer.write(SessionEvent("new"))
    assert [tl.event for tl in read_trace(path)] == [SessionEvent("old"), SessionEvent("new")]


def test_a_value_json_cannot_hold_is_a_trace_error_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    with TraceWriter(path) as writer, pytest.raises(TraceError, match="cannot record CallEvent"):
        writer.call("s", "files", "write_file", {"content": object()})
    assert path.read_text(encoding="utf-8") == ""


def test_call_without_arguments_or_meta_reads_as_empty_objects() -> None:
    (tl,) = iter_trace(['{"event":"call","server":"web","tool":"fetch_page"}'])
    assert tl.event == CallEvent("web", "fetch_page", {}, {})


def test_meta_is_read_from_the_underscore_key_and_written_back_there() -> None:
    text = '{"event":"call","server":"s","tool":"t","arguments":{},"_meta":{"dev.weir/session":"x"}}'
    (tl,) = iter_trace([text])
    assert isinstance(tl.event, CallEvent)
    assert tl.event.meta == {"dev.weir/session": "x"}
    assert json.loads(dump_event(tl.event)) == json.loads(text)


def test_blank_lines_are_skipped_but_still_counted() -> None:
    lines = ['{"event":"session","id":"a"}', "", "   ", '{"event":"session","id":"b"}']
    assert [(tl.line, tl.event) for tl in iter_trace(lines)] == [(0, SessionEvent("a")), (3, SessionEvent("b"))]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"event":"call",', "not valid JSON: Expecting property name enclosed in double quotes at column 17"),
        ("[1, 2]", "an event must be a JSON object, not an array"),
        ('{"server":"x"}', "no `event` key; expected one of: call, result, session, tools"),
        ('{"event":"reply"}', '`event` is "reply"; expected one of: call, result, session, tools'),
        ('{"event":["call"]}', '`event` is ["call"]; expected one of: call, result, session, tools'),
        ('{"event":{"a":1}}', '`event` is {"a": 1}; expected one of: call, result, session, tools'),
        ('{"event":"call","server":"mail"}', "call event: missing key tool"),
        ('{"event":"result"}', "result event: missing keys result, server, tool"),
        (
            '{"event":"call","server":"m","tool":"t","argument":{}}',
            "call event: unknown key 'argument' (allowed: _meta, arguments, event, server, tool)",
        ),
        ('{"event":"call","server":"m","tool":"t","arguments":[1]}', "call event: `arguments` must be a JSON object"),
        ('{"event":"session","id":""}', "session event: `id` must be a non-empty string, not an empty string"),
        ('{"event":"session","id":7}', "session event: `id` must be a non-empty string, not the number 7"),
        ('{"event":"tools","server":"m","tools":{}}', "`tools` must be a JSON array of Tool objects, not an object"),
        ('{"event":"tools","server":"m","tools":[{"title":"x"}]}', "tools event: tools[0] has no `name` string"),
        (
            '{"event":"result","server":"m","tool":"t","result":null}',
            "result event: `result` must be a JSON object, not null",
        ),
    ],
)
def test_a_malformed_line_names_its_line_and_what_is_wrong(text: str, message: str) -> None:
    lines = ['{"event":"session","id":"ok"}', text]
    with pytest.raises(TraceError) as caught:
        list(iter_trace(lines, path="t.jsonl"))
    assert caught.value.line == 1
    assert message in str(caught.value)
    assert str(caught.value).startswith("t.jsonl, line 1 (0-based): ")


def test_a_missing_file_is_a_trace_error_naming_the_path(tmp_path: Path) -> None:
    with pytest.raises(TraceError, match=r"nope\.jsonl: cannot read trace"):
        read_trace(tmp_path / "nope.jsonl")


def test_a_file_that_is_not_utf8_is_a_trace_error(tmp_path: Path) -> None:
    path = tmp_path / "bin.jsonl"
    path.write_bytes(b'{"event":"session","id":"\xff"}\n')
    with pytest.raises(TraceError, match="not UTF-8 text"):
        read_trace(path)
