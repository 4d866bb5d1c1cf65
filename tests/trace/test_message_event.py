"""The trace's `message` event: written and read back exactly, and a malformed one says what is wrong."""

from __future__ import annotations

import io
import json

import pytest

from weir.errors import TraceError
from weir.trace import MessageEvent, TraceWriter, dump_event, iter_trace, parse_event


def test_a_message_event_round_trips() -> None:
    event = MessageEvent(
        "notes", "resources/read", "to_client", {"contents": [{"uri": "m://x", "text": "hi"}]}, "resource", "m://x"
    )
    assert parse_event(json.loads(dump_event(event))) == event
    answer = MessageEvent("notes", "sampling/createMessage", "to_server", {"role": "assistant"})
    line = json.loads(dump_event(answer))
    assert "kind" not in line
    assert "item" not in line
    assert parse_event(line) == answer


def test_a_message_event_belongs_to_the_current_session() -> None:
    out = io.StringIO()
    TraceWriter(out).record(MessageEvent("notes", "notifications/message", "to_client", {"data": "x"}), "s1")
    events = [tl.event for tl in iter_trace(out.getvalue().splitlines())]
    assert [type(e).__name__ for e in events] == ["SessionEvent", "MessageEvent"]


@pytest.mark.parametrize(
    ("line", "why"),
    [
        (
            {"server": "s", "method": "m", "direction": "up", "message": {}},
            "`direction` must be to_client or to_server",
        ),
        ({"server": "s", "method": "m", "direction": "to_client", "message": []}, "`message` must be a JSON object"),
        ({"server": "s", "method": "m", "direction": "to_client"}, "missing key message"),
        ({"server": "s", "method": "m", "direction": "to_client", "message": {}, "kind": 3}, "`kind` must be a string"),
        ({"server": "s", "method": "m", "direction": "to_client", "message": {}, "x": 1}, "unknown key 'x'"),
    ],
)
def test_a_malformed_message_event_names_its_line_and_fault(line: dict[str, object], why: str) -> None:
    text = json.dumps({"event": "message", **line})
    with pytest.raises(TraceError, match=why) as caught:
        list(iter_trace(["", text]))
    assert caught.value.line == 1
