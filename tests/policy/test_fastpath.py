"""The Python translation of rule conditions answers exactly as CEL does, or leaves the answer to CEL."""

from __future__ import annotations

import copy
import enum
import functools
from typing import Any

import cel
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weir.policy.compiler import compile_phase, referenced_facts
from weir.policy.facts import skeleton
from weir.policy.fastpath import compile_conditions, convertible
from weir.policy.packs import PACKS, load_pack
from weir.policy.rules import FACT_ROOTS

EXTRA = [
    "tool.sensitive_data == true",
    "tool.sensitive_data != null",
    "session.level > 1 || session.level <= 0",
    "tool.name in ['a', 'b'] && !(tool.name == 'c')",
    "session.classes.all(c, c in tool.input_classes)",
    "args_from_untrusted.exists(a, a.kind == tool.name || a.step >= session.level)",
    "[1, 'a', true].exists(x, x == session.level)",
    # Nested macros: the inner one reads the outer one's variable and a root the outer does not.
    "args_from_untrusted.exists(a, session.classes.exists(c, c == a.kind) && !a.malicious)",
    "session.classes.all(c, args_from_untrusted.exists(a, a.kind == c || tool.name == c))",
    "arguments.to == 'x' && request.meta.k",
]


@functools.cache
def _conditions() -> list[str]:
    """Every condition of the shipped packs, then EXTRA (read when a test first asks, not at import)."""
    return sorted({r.when for pack in PACKS for r in load_pack(pack)}) + EXTRA


@functools.cache
def _used() -> dict[str, list[str]]:
    """The fields conditions read: replacing these is what can change a verdict."""
    used: dict[str, list[str]] = {root: [] for root in FACT_ROOTS}
    for when in _conditions():
        for path in referenced_facts(when):
            root, _, rest = path.partition(".")
            if rest and rest.split(".")[0] not in used[root]:
                used[root].append(rest.split(".")[0])
    return used


POOL = [True, False, None, 0, 1, 2, "a", "pii", "email", "é", "", 1.0, 0.5, 2**70]
scalar = st.sampled_from(POOL)
value = st.one_of(scalar, scalar, st.lists(scalar, max_size=3), st.dictionaries(st.sampled_from(["k", "to"]), scalar))
# Built once here, not in the composite (a strategy made per draw is built and validated again
# for every example).
_item_names = st.sampled_from(["kind", "malicious", "corroborated", "open", "sender", "whole", "query", "step"])
_taints = st.lists(st.one_of(st.dictionaries(_item_names, value, max_size=8), scalar), max_size=3)
_arguments = st.dictionaries(st.sampled_from(["to", "k"]), value, max_size=2)
_request_meta = st.dictionaries(st.sampled_from(["k"]), value, max_size=1)
_roots = st.sampled_from(FACT_ROOTS)


@st.composite
def facts(draw: st.DrawFn) -> dict[str, Any]:
    """The neutral skeleton with some fields (and whole roots) replaced by values of any kind."""
    out = copy.deepcopy(skeleton())
    for root in ("tool", "session", "result", "server"):
        for name in _used()[root]:
            if draw(st.booleans()):
                out[root][name] = draw(value)
    out["args_from_untrusted"] = draw(_taints)
    out["arguments"] = draw(_arguments)
    out["request"] = {"annotations": {}, "meta": draw(_request_meta)}
    if draw(st.booleans()):
        out.pop(draw(_roots))
    return out


_PROGRAMS: dict[str, Any] = {}


def _cel(when: str, values: dict[str, Any]) -> tuple[str, Any]:
    program = _PROGRAMS.get(when) or _PROGRAMS.setdefault(when, cel.compile(when))
    try:
        return "value", program.execute(values)
    except Exception as exc:  # any CEL failure: the engine would block naming it
        return "error", type(exc).__name__


_FAST: dict[str, Any] = {}


# One drawn set of facts is put to every condition: drawing the facts costs ten times what one
# condition costs, and the examples of one condition are no better for being its own. 200
# examples: each condition sees four times the 50 it saw when it was a parametrized test of its
# own, for about half the CPU.
@settings(max_examples=200, deadline=None)
@given(values=facts())
def test_a_translated_condition_answers_as_cel_or_not_at_all(values: dict[str, Any]) -> None:
    if not convertible(values):
        return  # the engine checks this first and leaves such facts to CEL
    for when in _conditions():
        fast = _FAST.get(when) or _FAST.setdefault(when, compile_conditions([when], FACT_ROOTS))
        assert fast is not None, f"outside the subset: {when}"
        try:
            (got,) = fast(values)
        except Exception:  # left to CEL: always allowed
            continue
        assert _cel(when, values) == ("value", got), when


@pytest.mark.parametrize("pack", PACKS)
def test_every_shipped_pack_runs_on_the_python_path(pack: str) -> None:
    rules = load_pack(pack)
    for phase in ("call", "result"):
        compiled = compile_phase(rules, phase)
        assert compiled.general() is not None or not compiled.rules


@pytest.mark.parametrize(
    "when",
    [
        "size(session.classes) > 0",
        "session.level + 1 > 2",
        "has(tool.name)",
        "tool.name.startsWith('a')",
        'tool.name == "a\\"b"',
        "session.level > 1.5",
        "tool.read_only ? true : false",
        "r'raw' == tool.name",
        "session.classes.map(c, c).size() > 0",
        "args_from_untrusted.exists(tool, tool.malicious)",
    ],
)
def test_a_condition_outside_the_subset_is_left_to_cel(when: str) -> None:
    assert compile_conditions([when], FACT_ROOTS) is None


@pytest.mark.parametrize(
    ("when", "expected"),
    [
        ("tool.sensitive_data == true", False),
        ("tool.sensitive_data == null", True),
        ("tool.sensitive_data != true", True),
        ("session.level == false", False),
        ("session.level in ['0']", False),
        ("'pii' in session.classes", True),
        ("session.classes.exists(c, c == 'pii') && !session.classes.all(c, c == 'user')", True),
    ],
)
def test_cel_equality_across_kinds_is_kept(when: str, expected: bool) -> None:
    values = skeleton()
    values["tool"]["sensitive_data"] = None
    values["session"]["classes"] = ["pii", "financial"]
    fast = compile_conditions([when], FACT_ROOTS)
    assert fast is not None
    assert fast(values) == [expected]
    assert cel.compile(when).execute(values) is expected


def test_a_string_cel_cannot_hold_is_not_convertible() -> None:
    assert convertible({"a": ["x", 1, None, 2.5, ("é",)]})
    assert not convertible({"a": ["\ud800"]})
    assert not convertible({1: "a"})
    assert not convertible({"a": {1, 2}})


@pytest.mark.parametrize("op", ["==", "!=", "<", "<=", ">", ">=", "in"])
def test_every_pair_of_value_kinds_compares_as_in_cel_or_is_left_to_it(op: str) -> None:
    when = f"arguments.x {op} arguments.y"
    fast = compile_conditions([when], FACT_ROOTS)
    assert fast is not None
    for x in POOL:
        for y in [*POOL, [x], ["a", 1], []]:
            values = {"arguments": {"x": x, "y": y}}
            try:
                (got,) = fast(values)
            except Exception:
                continue
            assert _cel(when, values) == ("value", got), (x, op, y)


def test_membership_in_a_list_of_texts_tells_kinds_apart() -> None:
    fast = compile_conditions(["arguments.x in ['a', '1', 'true']"], FACT_ROOTS)
    assert fast is not None
    for x in POOL:
        values = {"arguments": {"x": x}}
        try:
            (got,) = fast(values)
        except Exception:
            continue
        assert _cel("arguments.x in ['a', '1', 'true']", values) == ("value", got), x


def test_kinds_at_the_edges_are_judged_by_value_not_by_exact_class() -> None:
    fast = compile_conditions(["arguments.x == arguments.y"], FACT_ROOTS)
    assert fast is not None
    for unholdable in (2**63, -(2**63) - 1, "\ud800", "é\ud800"):
        with pytest.raises(Exception):  # noqa: B017, PT011 - any raise hands the decision to CEL
            fast({"arguments": {"x": unholdable, "y": unholdable}})
    for edge in (2**63 - 1, -(2**63), "é"):
        assert fast({"arguments": {"x": edge, "y": edge}}) == [True]

    class Text(str):
        __slots__ = ()

    class Number(enum.IntEnum):
        ONE = 1

    assert fast({"arguments": {"x": Text("a"), "y": "a"}}) == [True]
    assert fast({"arguments": {"x": Number.ONE, "y": 1}}) == [True]
    assert fast({"arguments": {"x": True, "y": 1}}) == [False]
