"""A real Redis for the state tests (tests/fleetparts.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fleetparts import Redis, redis_server


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[Redis]:
    pytest.importorskip("redis", reason="the fleet extra's client (pip install 'weir[fleet]')")
    with redis_server(tmp_path) as server:
        yield server
