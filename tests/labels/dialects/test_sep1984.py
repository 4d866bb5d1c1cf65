"""SEP-1984's six hints are tri-state: absent, true, false are three different claims."""

import pytest

from weir.labels.dialects.sep1984 import HINTS
from weir.labels.read import read_tool


@pytest.mark.parametrize(("key", "field"), sorted(HINTS.items()))
def test_each_hint_is_tri_state(key: str, field: str) -> None:
    assert getattr(read_tool({"name": "t", "annotations": {}}).profile, field) is None
    assert getattr(read_tool({"name": "t", "annotations": {key: True}}).profile, field) is True
    assert getattr(read_tool({"name": "t", "annotations": {key: False}}).profile, field) is False
