"""A server reads the session's labels from a request's `_meta` and can refuse on them."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mcp.shared.exceptions import MCPError

from weir.labels.vocab import DataClass
from weir.server import REFUSED, RequestLabels, data_label, refuse


def test_a_request_without_annotations_is_unknown_not_safe() -> None:
    request = RequestLabels.from_meta({"progressToken": 3})
    assert request.declared is False
    assert not request.open_world


def test_issue_711_and_extension_annotations_are_read() -> None:
    meta = {
        "annotations": {"openWorldHint": True, "attribution": ["https://news.example"]},
        "io.modelcontextprotocol/trust-annotations": {"sensitive": True},
        "dev.weir/session": "s-1",
    }
    request = RequestLabels.from_meta(meta)
    assert request.declared is True
    assert request.open_world is True
    assert request.sensitive is True
    assert request.session == "s-1"
    assert request.label.attribution == {"https://news.example"}


@settings(max_examples=100, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(), lambda c: st.lists(c) | st.dictionaries(st.text(), c)
    )
)
def test_any_meta_whatsoever_is_read_without_raising(meta: Any) -> None:
    RequestLabels.from_meta(meta)
    RequestLabels.from_meta({"annotations": meta})


def test_refuse_raises_an_invalid_request_error_naming_the_labels() -> None:
    label = data_label(untrusted=True, classes=[DataClass.PII])
    with pytest.raises(MCPError) as caught:
        refuse("no open-world data to public places", tool="write_file", label=label)
    assert caught.value.code == REFUSED
    assert caught.value.message == "no open-world data to public places"
    assert caught.value.data["tool"] == "write_file"
    assert caught.value.data["annotations"]["openWorldHint"] is True
