"""A tools/resolve answer is held to the tool-resolution draft and to the tool's static definition."""

from __future__ import annotations

from typing import Any

import pytest

from weir.labels.read import read_tool
from weir.labels.resolve_answer import RESOLVE_EXTENSIONS, check_answer, failed_answer, offers_resolution

HINTS = {"readOnlyHint": False, "destructiveHint": False, "idempotentHint": False, "openWorldHint": True}
ACTION = "io.modelcontextprotocol/action-metadata"


def _static(annotations: dict[str, Any] | None = None, meta: dict[str, Any] | None = None) -> Any:
    return read_tool({"name": "post", "annotations": annotations or {}, "_meta": meta or {}}, server="s").profile


def _answer(**over: Any) -> dict[str, Any]:
    return {"resultType": "complete", "name": "post", "annotations": dict(HINTS), **over}


def test_a_well_formed_answer_within_the_bounds_is_believed() -> None:
    checked = check_answer(_answer(), name="post", static=_static(HINTS), trusted=False)
    assert checked.problems == ()
    assert checked.answer == _answer()


@pytest.mark.parametrize(
    ("answer", "problem"),
    [
        ("nope", "tools/resolve answered str, not an object"),
        (_answer(resultType="input_required"), "resultType must be 'complete', not 'input_required'"),
        (_answer(name="other"), "name 'other' is not the tool asked about ('post')"),
        (_answer(annotations=[]), "annotations must be an object holding the four core hints"),
        (
            _answer(annotations={**HINTS, "idempotentHint": None}),
            "annotations.idempotentHint must be a boolean, not NoneType",
        ),
        (_answer(annotations={**HINTS, "title": "Post"}), "annotations.title may not be resolved"),
        (_answer(inputSchema={}), "inputSchema is the tool's own (from tools/list) and may not be resolved"),
    ],
)
def test_a_malformed_answer_fails_with_its_problem(answer: Any, problem: str) -> None:
    checked = check_answer(answer, name="post", static=_static(), trusted=True)
    assert checked.answer is None
    assert problem in checked.problems


@pytest.mark.parametrize(
    ("static", "resolved", "problem"),
    [
        ({"readOnlyHint": True}, {"readOnlyHint": False}, "readOnlyHint: the listing promises read-only"),
        (
            {"destructiveHint": False},
            {"destructiveHint": True},
            "destructiveHint: the listing promises non-destructive",
        ),
        ({"idempotentHint": True}, {"idempotentHint": False}, "idempotentHint: the listing promises idempotent writes"),
        ({"openWorldHint": False}, {"openWorldHint": True}, "openWorldHint: the listing promises a closed world"),
    ],
)
def test_each_conservative_bound_of_the_draft_is_enforced(
    static: dict[str, Any], resolved: dict[str, Any], problem: str
) -> None:
    checked = check_answer(
        _answer(annotations={**HINTS, **resolved}), name="post", static=_static(static), trusted=True
    )
    assert checked.answer is None
    assert [p for p in checked.problems if p.startswith(problem)] != []


def test_the_core_defaults_apply_before_the_bounds() -> None:
    # No static claim: destructive and open-world by default, so any resolved value is within bounds.
    everything = {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": False, "openWorldHint": True}
    assert check_answer(_answer(annotations=everything), name="post", static=_static(), trusted=True).problems == ()
    read_only = {**everything, "readOnlyHint": True, "destructiveHint": False}
    assert check_answer(_answer(annotations=read_only), name="post", static=_static(), trusted=True).problems == ()


def test_a_read_only_resolution_need_not_be_idempotent_even_when_the_listing_is() -> None:
    resolved = {**HINTS, "readOnlyHint": True, "idempotentHint": False}
    checked = check_answer(
        _answer(annotations=resolved), name="post", static=_static({"idempotentHint": True}), trusted=True
    )
    assert checked.problems == ()


def test_a_hint_left_out_keeps_the_listings_value_as_in_seed_004s_refinement() -> None:
    static = _static({"readOnlyHint": True, "openWorldHint": False})
    partial = _answer(annotations={"readOnlyHint": True, "returnMetadata": {"source": "internal"}})
    checked = check_answer(partial, name="post", static=static, trusted=True)
    assert checked.problems == ()
    opened = _answer(annotations={"openWorldHint": True})
    assert check_answer(opened, name="post", static=static, trusted=True).problems == (
        "openWorldHint: the listing promises a closed world, the answer opens it",
    )


def test_unnegotiated_extension_meta_is_ignored_not_failed() -> None:
    meta = {"vendor.example/cost": {"usd": 1}, ACTION: {"outcome": "benign"}, "progress": 1}
    checked = check_answer(
        _answer(_meta=meta, annotations={**HINTS, "sensitiveDataHint": False}),
        name="post",
        static=_static(meta={ACTION: {"outcome": ["benign", "irreversible"]}}),
        trusted=True,
    )
    assert checked.problems == ()
    assert checked.ignored == ("_meta['vendor.example/cost']",)
    assert checked.answer is not None
    assert checked.answer["_meta"] == {ACTION: {"outcome": "benign"}, "progress": 1}
    assert set(RESOLVE_EXTENSIONS) >= {"io.modelcontextprotocol/tool-resolution", ACTION}


def test_a_set_outside_the_listed_possible_set_fails_for_any_server() -> None:
    static = _static(meta={ACTION: {"inputMetadata": {"destination": ["internal", "user"]}}})
    answer = _answer(_meta={ACTION: {"inputMetadata": {"destination": "public"}}})
    checked = check_answer(answer, name="post", static=static, trusted=True)
    assert checked.problems == ("destinations: ['public'] is outside the listed possible set",)


def test_an_untrusted_server_cannot_add_an_accepts_financial_claim_a_trusted_one_can() -> None:
    answer = _answer(_meta={ACTION: {"inputMetadata": {"sensitivity": "financial"}}})
    untrusted = check_answer(answer, name="post", static=_static(HINTS), trusted=False)
    assert untrusted.answer is None
    assert untrusted.problems == ("input_classes: the answer adds a claim (['financial']) the listing did not make",)
    assert check_answer(answer, name="post", static=_static(HINTS), trusted=True).problems == ()


def test_an_untrusted_server_may_add_a_claim_that_only_asks_for_more_care() -> None:
    answer = _answer(_meta={ACTION: {"requiresReview": True}})
    assert check_answer(answer, name="post", static=_static(HINTS), trusted=False).problems == ()


def test_a_failed_resolution_is_reported_and_invalid_arguments_are_flagged() -> None:
    internal = check_answer(failed_answer(-32603, "boom"), name="post", static=_static(), trusted=True)
    assert internal.problems == ("tools/resolve failed (-32603): boom",)
    assert internal.invalid_arguments is False
    invalid = check_answer(failed_answer(-32602, "bad path"), name="post", static=_static(), trusted=True)
    assert invalid.invalid_arguments is True


@pytest.mark.parametrize(
    ("capabilities", "offered"),
    [
        ({}, True),
        ({"extensions": {"io.modelcontextprotocol/tool-resolution": {}}}, True),
        ({"extensions": {"io.modelcontextprotocol/tool-resolution": {"v2": True}}}, False),
        ({"extensions": {"io.modelcontextprotocol/tool-resolution": "yes"}}, False),
    ],
)
def test_a_server_advertising_unknown_settings_is_not_asked(capabilities: dict[str, Any], offered: bool) -> None:
    assert offers_resolution(capabilities) is offered
