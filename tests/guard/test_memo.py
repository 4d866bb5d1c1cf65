"""Tool catalogs as the Guard shares them: exact digests, bounded memos, nothing stale."""

import copy
import functools
from typing import Any

from hypothesis import given, settings

from tests.guard.tools import PAY, READ_FILE
from tests.labels.strategies import json_values
from weir.config import WeirConfig
from weir.guard import Guard, memo


def test_equal_structures_share_a_digest_and_any_difference_separates_them() -> None:
    assert memo.digest({"a": [1, "x"], "b": None}) == memo.digest({"a": [1, "x"], "b": None})
    variants: list[Any] = [
        {"a": 1, "b": 2},
        {"b": 2, "a": 1},  # key order: readers and detectors report in it
        {"a": 1.0, "b": 2},
        {"a": True, "b": 2},
        {"a": "1", "b": 2},
        {1: 1, "b": 2},
        {"a": (1,), "b": 2},
        {"a": [1], "b": 2},
    ]
    assert len({memo.digest(v) for v in variants}) == len(variants)


@settings(max_examples=200)
@given(json_values, json_values)
def test_json_values_share_a_digest_only_when_equal_and_in_the_same_order(a: Any, b: Any) -> None:
    if repr(a) != repr(b):
        assert memo.digest(a) != memo.digest(b)
    assert memo.digest(a) == memo.digest(copy.deepcopy(a))


def test_a_value_that_cannot_be_pickled_is_never_found_in_a_cache() -> None:
    odd = {"name": "t", "gen": (x for x in range(0))}
    assert memo.digest(odd) != memo.digest(odd)
    assert memo.digest(["x", odd]) != memo.digest(["x", odd])
    assert memo.is_unique(memo.digest(odd))
    assert not memo.is_unique(memo.digest(READ_FILE))


def test_a_list_digest_follows_its_items_and_their_order() -> None:
    assert memo.digest([READ_FILE, PAY]) == memo.digest([dict(READ_FILE), dict(PAY)])
    assert memo.digest([READ_FILE, PAY]) != memo.digest([PAY, READ_FILE])
    assert memo.digest([READ_FILE]) != memo.digest([READ_FILE, PAY])


def test_a_memo_computes_once_stays_bounded_and_clears() -> None:
    kept: memo.Memo[int, int] = memo.Memo(limit=3)
    calls: list[int] = []

    def make(n: int) -> int:
        calls.append(n)
        return n * n

    assert [kept.get(n, functools.partial(make, n)) for n in (1, 2, 1, 2)] == [1, 4, 1, 4]
    assert calls == [1, 2]
    for n in range(10):
        kept.get(n, functools.partial(make, n))
        assert len(kept) <= 3
    memo.clear_caches()
    assert len(kept) == 0


def test_a_changed_tool_under_the_same_name_is_read_again_by_a_new_guard() -> None:
    config = WeirConfig.model_validate({"servers": {"srv": {"trust": "trusted"}}})
    first = Guard(config).register_tools("srv", [{**READ_FILE, "name": "op"}])
    second = Guard(config).register_tools("srv", [{**PAY, "name": "op"}])
    assert first.profiles["op"].read_only is True
    assert second.profiles["op"].read_only is False
    assert second.profiles["op"].destructive is True


def test_the_same_tool_under_another_trust_or_override_is_read_again() -> None:
    trusted = WeirConfig.model_validate({"servers": {"srv": {"trust": "trusted"}}})
    untrusted = WeirConfig.model_validate({"servers": {"srv": {"trust": "untrusted"}}})
    overridden = WeirConfig.model_validate(
        {
            "servers": {"srv": {"trust": "trusted"}},
            "overrides": [{"match": "srv/read_file", "annotations": {"readOnlyHint": False}}],
        }
    )
    believed = Guard(trusted).register_tools("srv", [READ_FILE]).profiles["read_file"]
    doubted = Guard(untrusted).register_tools("srv", [READ_FILE]).profiles["read_file"]
    corrected = Guard(overridden).register_tools("srv", [READ_FILE]).profiles["read_file"]
    assert believed.read_only is True
    assert doubted != believed
    assert corrected.read_only is False


def test_guards_share_one_profile_per_tool_until_the_caches_are_cleared() -> None:
    config = WeirConfig.model_validate({"servers": {"srv": {"trust": "trusted"}}})
    a = Guard(config).register_tools("srv", [READ_FILE]).profiles["read_file"]
    b = Guard(config).register_tools("srv", [dict(READ_FILE)]).profiles["read_file"]
    assert a is b
    memo.clear_caches()
    c = Guard(config).register_tools("srv", [READ_FILE]).profiles["read_file"]
    assert c is not a
    assert c == a
