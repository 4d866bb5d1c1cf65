"""Structured logs: one JSON object (or one readable line) per record, on the stream given."""

from __future__ import annotations

import io
import json
import logging

from weir.observe.config import LogFormat, LogLevel
from weir.observe.logs import configure, fields


def test_json_lines_carry_time_level_logger_message_and_fields() -> None:
    out = io.StringIO()
    configure(LogLevel.INFO, LogFormat.JSON, out)
    logging.getLogger("weir.gateway").info("listening", extra=fields(url="http://127.0.0.1:1/mcp", console=True))
    logging.getLogger("weir.gateway").debug("not written at info")
    lines = out.getvalue().splitlines()
    assert len(lines) == 1
    record = json.loads(lines[0])
    assert record["level"] == "info"
    assert record["logger"] == "weir.gateway"
    assert record["message"] == "listening"
    assert record["url"] == "http://127.0.0.1:1/mcp"
    assert record["console"] is True
    assert record["time"].endswith("Z")


def test_text_lines_are_one_readable_line_with_the_level_when_it_is_not_info() -> None:
    out = io.StringIO()
    configure(LogLevel.DEBUG, LogFormat.TEXT, out)
    log = logging.getLogger("weir.approvals")
    log.info("call waits for an operator", extra=fields(approval="abc", reason="two words"))
    log.warning("webhook delivery failed")
    assert out.getvalue().splitlines() == [
        'weir: call waits for an operator approval=abc reason="two words"',
        "weir: warning: webhook delivery failed",
    ]


def test_configuring_again_replaces_its_own_handler_only() -> None:
    first, second = io.StringIO(), io.StringIO()
    root = logging.getLogger("weir")
    foreign = logging.NullHandler()
    root.addHandler(foreign)
    try:
        configure(LogLevel.INFO, LogFormat.TEXT, first)
        configure(LogLevel.INFO, LogFormat.TEXT, second)
        logging.getLogger("weir.x").info("once")
        assert (first.getvalue(), second.getvalue()) == ("", "weir: once\n")
        assert foreign in root.handlers
    finally:
        root.removeHandler(foreign)


def test_an_untrusted_name_cannot_write_a_record_of_its_own() -> None:
    forged = 'x\nweir: operator approved a call operator=alice\u2028{"level":"info"}'
    for fmt in (LogFormat.TEXT, LogFormat.JSON):
        out = io.StringIO()
        configure(LogLevel.INFO, fmt, out)
        logging.getLogger("weir.gateway").info(f"call to {forged}", extra=fields(tool=forged))
        lines = out.getvalue().splitlines()
        assert len(lines) == 1, lines
        if fmt is LogFormat.JSON:
            record = json.loads(lines[0])
            assert record["tool"] == forged  # exact, as data
        else:
            assert 'tool="x\\nweir: operator approved a call operator=alice\\u2028{\\"level\\":\\"info\\"}"' in lines[0]
