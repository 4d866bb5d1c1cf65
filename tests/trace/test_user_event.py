"""The ``user`` trace event: the user's words as a trusted host passed them (docs/replay.md)."""

import json

import pytest

from weir.errors import TraceError
from weir.trace import UserEvent, dump_event, iter_trace, parse_event


def test_a_user_event_round_trips() -> None:
    event = UserEvent("Pay the invoice from Acme")
    assert dump_event(event) == '{"event":"user","text":"Pay the invoice from Acme"}'
    assert parse_event(json.loads(dump_event(event))) == event


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ('{"event":"user"}', "user event: missing key text"),
        ('{"event":"user","text":""}', "`text` must be a non-empty string"),
        ('{"event":"user","text":"hi","who":"me"}', "unknown key 'who'"),
    ],
)
def test_a_malformed_user_event_is_refused_with_its_line(line: str, says: str) -> None:
    with pytest.raises(TraceError, match=says) as caught:
        list(iter_trace(["", line]))
    assert caught.value.line == 1
