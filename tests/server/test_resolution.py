"""tools/resolve narrows possible sets from the arguments, and is never less safe than tools/list."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weir.labels.vocab import DataClass, Destination, Level, Outcome, Source
from weir.server import ResolutionError, Returns, ToolLabels, narrowed
from weir.server.resolution import resolution_result

STATIC = ToolLabels(
    read_only=False,
    destructive=True,
    open_world=False,
    destinations=[Destination.INTERNAL, Destination.PUBLIC],
    outcomes=[Outcome.BENIGN, Outcome.IRREVERSIBLE],
    returns=Returns(source=[Source.INTERNAL, Source.UNTRUSTED_PUBLIC], sensitivity=[DataClass.NONE, DataClass.PII]),
    result_level=Level.LOW,
)


def _narrow(resolved: ToolLabels) -> Any:
    return narrowed(STATIC.profile("t"), resolved.profile("t"))


def test_a_resolution_inside_the_possible_set_narrows_it() -> None:
    out = _narrow(ToolLabels(destinations=Destination.INTERNAL, returns=Returns(source=Source.INTERNAL)))
    assert out.destinations == {Destination.INTERNAL}
    assert out.return_sources == {Source.INTERNAL}
    assert out.resolved is True


def test_what_the_resolution_leaves_out_keeps_the_static_declaration() -> None:
    out = _narrow(ToolLabels(destinations=Destination.INTERNAL))
    assert out.outcomes == {Outcome.BENIGN, Outcome.IRREVERSIBLE}
    assert out.read_only is False
    assert out.result_level is Level.LOW


def test_a_hint_the_static_declaration_left_open_may_be_narrowed() -> None:
    assert _narrow(ToolLabels(destructive=False)).destructive is False


@pytest.mark.parametrize(
    ("resolved", "field"),
    [
        (ToolLabels(destinations=Destination.EPHEMERAL), "destinations"),
        (ToolLabels(returns=Returns(sensitivity=DataClass.FINANCIAL)), "return_classes"),
        (ToolLabels(open_world=True), "open_world"),
        (ToolLabels(result_level=Level.NONE), "result_level"),
    ],
)
def test_a_resolution_less_safe_than_the_declaration_is_refused(resolved: ToolLabels, field: str) -> None:
    with pytest.raises(ResolutionError, match=field):
        _narrow(resolved)


def test_a_broken_promise_is_refused_even_when_it_sounds_safer() -> None:
    static = ToolLabels(read_only=True)
    with pytest.raises(ResolutionError, match="read_only: the static declaration promises True"):
        narrowed(static.profile("t"), ToolLabels(read_only=False).profile("t"))


def test_a_tool_that_declared_nothing_may_resolve_to_anything() -> None:
    out = narrowed(ToolLabels().profile("t"), ToolLabels(outcomes=Outcome.BENIGN, read_only=True).profile("t"))
    assert out.outcomes == {Outcome.BENIGN}
    assert out.read_only is True


@settings(max_examples=100, deadline=None)
@given(
    st.frozensets(st.sampled_from(list(Outcome)), min_size=1),
    st.frozensets(st.sampled_from(list(Outcome)), min_size=1),
)
def test_resolving_succeeds_exactly_when_the_answer_lies_inside_the_declaration(
    static: frozenset[Outcome], resolved: frozenset[Outcome]
) -> None:
    declared, answer = ToolLabels(outcomes=static).profile("t"), ToolLabels(outcomes=resolved).profile("t")
    if resolved <= static:
        assert narrowed(declared, answer).outcomes == resolved
    else:
        with pytest.raises(ResolutionError):
            narrowed(declared, answer)


@pytest.mark.anyio
async def test_a_resolver_gets_a_private_copy_of_the_arguments() -> None:
    arguments: dict[str, Any] = {"path": "hr/x", "nested": {"k": [1]}}

    def resolver(args: dict[str, Any]) -> ToolLabels:
        args["nested"]["k"].append(2)
        args["path"] = "changed"
        return ToolLabels(destinations=Destination.INTERNAL)

    result = await resolution_result("t", STATIC, resolver, arguments)
    assert arguments == {"path": "hr/x", "nested": {"k": [1]}}
    assert result.annotations["inputMetadata"]["destination"] == "internal"
    assert result.result_type == "complete"


@pytest.mark.anyio
async def test_an_async_resolver_works_and_a_wrong_answer_type_is_an_error() -> None:
    async def good(args: dict[str, Any]) -> ToolLabels:
        return ToolLabels(outcomes=Outcome.BENIGN)

    assert (await resolution_result("t", STATIC, good, {})).annotations["inputMetadata"]["outcomes"] == "benign"
    with pytest.raises(ResolutionError, match="must return ToolLabels, not dict"):
        await resolution_result("t", STATIC, lambda args: {"outcomes": "benign"}, {})  # type: ignore[arg-type,return-value]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
