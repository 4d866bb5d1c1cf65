"""The facts the Guard builds have their declared types, and typed rule code answers as the general code."""

from __future__ import annotations

import functools
from typing import Any

import cel
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.flow.strategies import labels
from tests.labels.strategies import profiles
from weir.flow.provenance import ArgTaint
from weir.flow.session import Session
from weir.labels.config import ServerConfig, Trust
from weir.labels.profile import ToolProfile
from weir.policy.activation import call_facts, result_facts
from weir.policy.engine import Engine
from weir.policy.facts import Facts, tool_facts
from weir.policy.fastpath import compile_conditions
from weir.policy.packs import PACKS, load_pack
from weir.policy.rules import FACT_ROOTS, rules_from_data
from weir.policy.schema import ITEM, ROOTS, FactType, conforms, root_conforms, wire_fields

EXTRA = [
    "tool.sensitive_data == true || tool.ai_processing != false",
    "tool.sensitive_data == null",
    "tool.sensitive_data && session.untrusted",
    "session.level > 1 || session.level <= 0 || session.internal_level < tool.return_level",
    "tool.name in ['a', 'é'] && !(tool.outcome == 'benign')",
    "session.classes.all(c, c in tool.input_classes) && session.scopes.exists(s, s == 'GDPR')",
    "args_from_untrusted.exists(a, a.kind == tool.name || a.step >= session.level || a.value == 'x')",
    "args_from_untrusted.exists(a, a.kind == 'iban') && session.classes.exists(a, a == 'pii')",
    "server.trusted == (server.trust == 'trusted') && server.name != 'x'",
    "session.annotations.openWorldHint == true || request.meta.k == 1",
    "arguments.to == 'x' && tool.level == 1",
    "tool.return_level == true || session.untrusted == 1 || tool.source in tool.sources",
    "result.level >= 2 && 'pii' in result.classes && !result.is_error && result.blocks > 0",
]

_TEXTS = ["pii", "financial", "credentials", "email", "iban", "domain", "public", "irreversible", "benign", "a", ""]
_WIRE = [*_TEXTS, "é", "GDPR", "x"]


def _typed(kind: FactType) -> st.SearchStrategy[Any]:
    text = st.sampled_from(_TEXTS)
    wire = st.sampled_from(_WIRE)
    if kind is FactType.ITEMS:
        return st.lists(st.fixed_dictionaries({k: _typed(t) for k, t in ITEM.items()}), max_size=3)
    return {
        FactType.BOOL: st.booleans(),
        FactType.INT: st.integers(0, 4),
        FactType.OPT_BOOL: st.none() | st.booleans(),
        FactType.TEXT: text,
        FactType.WIRE_TEXT: wire,
        FactType.TEXTS: st.lists(text, max_size=3),
        FactType.WIRE_TEXTS: st.lists(wire, max_size=3),
        FactType.ANY: st.dictionaries(st.sampled_from(["k", "to", "openWorldHint"]), st.sampled_from([True, 1, "x"])),
    }[kind]


def _root(schema: dict[str, FactType] | FactType) -> st.SearchStrategy[Any]:
    if isinstance(schema, FactType):
        return _typed(schema)
    return st.fixed_dictionaries({k: _typed(t) for k, t in schema.items()})


typed_facts = st.fixed_dictionaries({root: _root(schema) for root, schema in ROOTS.items()})
"""Any facts of the declared types (wire text checked convertible, as the engine does first)."""


def _outcome(fn: Any, values: dict[str, Any]) -> tuple[str, Any]:
    try:
        (got,) = fn(values)
    except Exception:
        return "left to CEL", None
    return "value", got


_CODE: dict[tuple[str, bool], Any] = {}


def _compiled(when: str, typed: bool) -> Any:
    key = (when, typed)
    if key not in _CODE:
        _CODE[key] = compile_conditions([when], FACT_ROOTS, typed=typed)
    return _CODE[key]


_PROGRAMS: dict[str, Any] = {}


@functools.cache
def _conditions() -> list[str]:
    """Every condition of the shipped packs, then EXTRA (read when a test first asks, not at import)."""
    return sorted({r.when for pack in PACKS for r in load_pack(pack)}) + EXTRA


# One drawn set of facts is put to every condition: drawing the facts costs more than the three
# answers of a condition, and the examples of one condition are no better for being its own. 160
# examples: each condition sees four times the 40 it saw as a parametrized test of its own.
@settings(max_examples=160, deadline=None)
@given(values=typed_facts)
def test_typed_code_answers_as_the_general_code_and_as_cel(values: dict[str, Any]) -> None:
    for when in _conditions():
        typed, general = _compiled(when, True), _compiled(when, False)
        assert typed is not None, when
        assert general is not None, when
        got = _outcome(typed, values)
        assert got == _outcome(general, values), when
        if got[0] == "value":
            program = _PROGRAMS.get(when) or _PROGRAMS.setdefault(when, cel.compile(when))
            assert program.execute(values) is got[1], when


@settings(max_examples=60, deadline=None)
@given(profile=profiles(), seen=st.lists(labels, max_size=3), result=labels, trusted=st.booleans())
def test_the_facts_the_guard_builds_have_their_schema_types(
    profile: Any, seen: list[Any], result: Any, trusted: bool
) -> None:
    session = Session("s")
    for i, label in enumerate(seen):
        session.observe(
            server="mail", tool=f"read{i}", label=label, values={"content": [f"pay DE89370400440532013{i}00"]}
        )
    taints = session.check_call({"iban": "DE89370400440532013000", "to": "bob@example.com", "n": 2.5})
    config = ServerConfig(trust=Trust.TRUSTED if trusted else Trust.UNTRUSTED)
    tool = tool_facts(profile)
    made = call_facts(session=session, tool=tool, server="bank", server_config=config, arguments={}, taints=taints)
    after = result_facts(session=session, tool=tool, server="bank", server_config=None, label=result, result={})
    assert made.typed
    assert after.typed
    for facts in (made, after):
        for root, value in facts.values.items():
            assert root_conforms(root, value), root


def test_a_taint_fact_has_exactly_the_item_fields() -> None:
    taint = ArgTaint("to", "x", "email", 0, "mail", "read", 1, False, False, False)
    assert conforms([taint.as_fact()], FactType.ITEMS)
    assert not conforms([{**taint.as_fact(), "kind": 1}], FactType.ITEMS)


def test_only_wire_text_the_rules_read_is_checked_per_decision() -> None:
    fields = {"tool": frozenset({"name"}), "session": frozenset({"level", "scopes"}), "request": None}
    checks = dict(wire_fields(fields, frozenset({"kind", "value", "exists"})))
    assert "tool" not in checks  # checked once per tool
    assert checks["session"] == frozenset({"scopes"})
    assert checks["request"] is None
    assert wire_fields({"args_from_untrusted": None}, frozenset({"kind", "malicious"})) == ()


def _guard_like_facts(value: str) -> Facts:
    taint = ArgTaint("to", value, "email", 0, "mail", "read", 1, False, False, False)
    return call_facts(
        session=Session("s"),
        tool=tool_facts(ToolProfile(name="send")),
        server="bank",
        server_config=None,
        arguments={"to": value},
        taints=[taint],
    )


def test_wire_text_cel_cannot_hold_fails_closed_on_typed_facts_too() -> None:
    rule = {"name": "v", "effect": "warn", "when": "args_from_untrusted.exists(a, a.value == 'x')"}
    engine = Engine(rules_from_data([rule]))
    assert engine.decide(_guard_like_facts("x"), phase="call").rule_names == ("v",)
    broken = engine.decide(_guard_like_facts("\ud800"), phase="call")
    assert broken.effect.value == "block"
    assert broken.error is not None


@functools.cache
def _engine(pack: str) -> Engine:
    """One engine per pack for the module (made when a test first asks, not at import)."""
    return Engine(load_pack(pack))


@pytest.mark.parametrize("pack", PACKS)
@settings(max_examples=60, deadline=None)
@given(values=typed_facts)
def test_a_pack_decides_typed_facts_as_it_decides_the_same_facts_untyped(pack: str, values: dict[str, Any]) -> None:
    engine = _engine(pack)
    for phase in ("call", "result"):
        typed = engine.decide(Facts(dict(values), typed=True), phase=phase)
        plain = engine.decide(dict(values), phase=phase)
        assert (typed.effect, typed.rule_names, typed.error) == (plain.effect, plain.rule_names, plain.error)
