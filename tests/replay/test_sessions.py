"""Agent sessions stay apart in a recording: interleaving them changes no decision."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from weir.config import load_config
from weir.replay import replay
from weir.replay.examples import config_path, trace_path
from weir.trace import CallEvent, ResultEvent, SessionEvent, ToolsEvent, TraceWriter, read_trace

CONFIG = load_config(config_path())
TRACES = ("mail-invoice-bank-details-changed", "bill-pay-new-payee", "web-donation-official")


def _parts(name: str) -> tuple[list[ToolsEvent], str, list[CallEvent | ResultEvent]]:
    lines = read_trace(trace_path(name))
    tools = [tl.event for tl in lines if isinstance(tl.event, ToolsEvent)]
    (session,) = [tl.event.id for tl in lines if isinstance(tl.event, SessionEvent)]
    steps = [tl.event for tl in lines if isinstance(tl.event, CallEvent | ResultEvent)]
    return tools, session, steps


def _alone(name: str) -> list[tuple[str, str, str]]:
    return [(d.phase, d.tool, d.effect) for d in replay(read_trace(trace_path(name)), CONFIG).decisions]


ALONE = {name: _alone(name) for name in TRACES}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(order=st.permutations([i for i, name in enumerate(TRACES) for _ in range(len(_parts(name)[2]))]))
def test_interleaved_sessions_are_decided_as_if_each_had_run_alone(tmp_path: Path, order: list[int]) -> None:
    parts = [_parts(name) for name in TRACES]
    path = tmp_path / "mixed.jsonl"
    path.unlink(missing_ok=True)  # tmp_path outlives one example, and the writer appends
    with TraceWriter(path) as writer:
        for tools, _, _ in parts:
            for event in tools:
                writer.write(event)
        cursor = [0] * len(parts)
        for which in order:
            _, session, steps = parts[which]
            event = steps[cursor[which]]
            cursor[which] += 1
            if isinstance(event, CallEvent):
                writer.call(session, event.server, event.tool, event.arguments, event.meta)
            else:
                writer.result(session, event.server, event.tool, event.result)
    mixed = replay(read_trace(path), CONFIG)
    for name, (_, session, _) in zip(TRACES, parts, strict=True):
        assert [(d.phase, d.tool, d.effect) for d in mixed.decisions if d.session == session] == ALONE[name]
