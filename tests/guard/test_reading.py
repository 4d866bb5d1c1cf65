"""The Guard's reading of a tool is exactly the labels layer's resolved profile."""

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.labels.strategies import json_values
from tests.labels.test_read_never_raises import tools
from weir.guard.reading import read_profile
from weir.labels.config import Override, ServerConfig, Trust
from weir.labels.overrides import resolve_profile

OVERRIDES = [
    Override(match="srv/*", annotations={"readOnlyHint": False}),
    Override.model_validate({"match": "*/send_*", "_meta": {"mcp.dev/effect": "external"}}),
    Override(match="other/*", annotations={"destructiveHint": True}),
]


@settings(max_examples=200)
@given(
    tools | json_values.filter(lambda v: isinstance(v, dict)),
    st.sampled_from([None, *Trust]),
    st.lists(st.sampled_from(OVERRIDES), max_size=2),
    st.sampled_from(["srv", "other"]),
)
def test_read_profile_is_the_resolved_profile_without_its_lint_notes(
    raw: Any, trust: Trust | None, overrides: list[Override], server: str
) -> None:
    servers = {} if trust is None else {server: ServerConfig(trust=trust)}
    mine = read_profile(raw, server=server, servers=servers, overrides=overrides)
    theirs = resolve_profile(raw, server=server, servers=servers, overrides=overrides).profile
    assert mine == theirs
    assert repr(mine) == repr(theirs)
    assert mine.model_fields_set == theirs.model_fields_set
