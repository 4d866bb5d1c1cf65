"""Newline framing: lines split as bytes arrive, however the input is chunked."""

from __future__ import annotations

import asyncio

from hypothesis import given, settings
from hypothesis import strategies as st

from weir.gateway.downstream.stdio import LineSplitter, Oversized, read_lines

LIMIT = 8


def _expected(data: bytes, limit: int) -> list[object]:
    """The reference: split the whole input at once."""
    *complete, last = data.split(b"\n")
    out: list[object] = []
    for line in complete:
        if len(line) > limit:
            out.append(("oversized", len(line)))
        elif line.strip():
            out.append(line)
    if last.strip() and len(last) <= limit:
        out.append(last)
    return out


def _shown(lines: list[bytes | Oversized]) -> list[object]:
    return [("oversized", x.size) if isinstance(x, Oversized) else x for x in lines]


_bytes = st.lists(st.sampled_from([b"a", b" ", b"\n", b"xyz", b"0123456789", b"\r"]), max_size=30).map(b"".join)


@settings(max_examples=200)
@given(_bytes, st.lists(st.integers(min_value=1, max_value=12), min_size=1, max_size=10))
def test_any_chunking_gives_the_lines_of_the_whole_input(data: bytes, cuts: list[int]) -> None:
    splitter = LineSplitter(LIMIT)
    got: list[bytes | Oversized] = []
    pos, i = 0, 0
    while pos < len(data):
        size = cuts[i % len(cuts)]
        got += splitter.feed(data[pos : pos + size])
        pos, i = pos + size, i + 1
    got += splitter.end()
    assert _shown(got) == _expected(data, LIMIT)


def test_an_oversized_line_is_reported_with_its_full_size_and_the_next_line_survives() -> None:
    splitter = LineSplitter(4)
    assert splitter.feed(b"abcdef") == []
    assert _shown(splitter.feed(b"gh\nok\n")) == [("oversized", 8), b"ok"]
    assert splitter.end() == []


def test_reading_lines_from_a_stream_reader_uses_the_same_splitting() -> None:
    async def scenario() -> list[object]:
        reader = asyncio.StreamReader()
        reader.feed_data(b'{"a":1}\n\n0123456789\nlast')
        reader.feed_eof()
        return _shown([line async for line in read_lines(reader, LIMIT)])

    assert asyncio.run(scenario()) == [b'{"a":1}', ("oversized", 10), b"last"]
