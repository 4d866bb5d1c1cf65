"""Shared setup for the seed scenarios: a Guard over a weir.yaml given as data."""

from typing import Any

import pytest

from weir.config import WeirConfig
from weir.guard import Guard


@pytest.fixture
def make_guard() -> Any:
    def make(**config: Any) -> Guard:
        return Guard(WeirConfig.model_validate(config))

    return make
