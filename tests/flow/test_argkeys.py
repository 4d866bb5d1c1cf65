"""Argument keys: each value's identifiers, fingerprints and wholeness, worked out once."""

from typing import Any

from hypothesis import given, settings

from tests.flow import reference_provenance as reference
from tests.flow.strategies import scalars
from weir.flow.argkeys import ArgKey, arg_keys, clear_caches, whole_text
from weir.flow.values import Kind, fingerprint


def _reference_keys(leaf: Any) -> tuple[ArgKey, ...]:
    whole = reference.whole_text(leaf)
    return tuple(
        ArgKey(kind, key, reference.fingerprint(kind, key), kind in (Kind.TEXT, Kind.NUMBER) or key == whole)
        for kind, key in reference.data_keys(leaf, derive=False)
    )


@settings(max_examples=300)
@given(scalars)
def test_an_arguments_keys_are_what_the_earlier_code_derived(leaf: Any) -> None:
    assert arg_keys(leaf) == _reference_keys(leaf)
    assert arg_keys(leaf) == _reference_keys(leaf)  # and the same again from the cache


def test_numbers_are_fingerprinted_by_their_value_whatever_their_type() -> None:
    for number in (120.5, 120.50, 84.2, 100, 100.0, 99, 2**60, -3.14159):
        assert arg_keys(number) == _reference_keys(number)
    assert arg_keys(100) == arg_keys(100.0)
    assert arg_keys(120.5) != arg_keys(120.51)
    assert arg_keys(True) == ()


def test_an_identifier_that_is_the_whole_value_is_marked_whole() -> None:
    by_kind = {k.kind: k for k in arg_keys("DE89 3704 0044 0532 0130 00")}
    assert by_kind[Kind.IBAN].whole
    assert by_kind[Kind.IBAN].fingerprint == fingerprint(Kind.IBAN, "DE89370400440532013000")
    (account,) = [k for k in arg_keys("KD 40021877 RE 2026-11-0458812") if k.kind is Kind.ACCOUNT]
    assert not account.whole


def test_a_cleared_cache_gives_the_same_keys_and_a_changed_value_different_ones() -> None:
    before = arg_keys("DE89 3704 0044 0532 0130 00")
    assert whole_text("DE89 3704 0044 0532 0130 00") == "DE89370400440532013000"
    clear_caches()
    assert arg_keys("DE89 3704 0044 0532 0130 00") == before
    assert arg_keys("DE89 3704 0044 0532 0130 01") != before
    assert whole_text("DE89 3704 0044 0532 0130 01") == "DE89370400440532013001"


def test_long_values_are_worked_out_uncached_to_the_same_keys() -> None:
    body = "pay DE89 3704 0044 0532 0130 00 " + "x" * 600
    assert arg_keys(body) == _reference_keys(body)
