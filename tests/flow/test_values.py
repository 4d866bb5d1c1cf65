"""Value extraction and normalisation: the same identifier written two ways is one value."""

from collections.abc import Iterator
from hashlib import blake2b
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.flow import reference_provenance as reference
from tests.flow.strategies import texts
from weir.flow.scanning import WHOLE
from weir.flow.values import Kind, extract, fingerprint, number_key, walk_leaves, whole_key


def keys(text: str) -> set[tuple[Kind, str]]:
    return set(extract(text))


def test_an_iban_with_spaces_and_without_is_the_same_value() -> None:
    spaced = keys("Please pay to DE89 3704 0044 0532 0130 00 by Friday")
    compact = keys("iban DE89370400440532013000")
    assert (Kind.IBAN, "DE89370400440532013000") in spaced
    assert (Kind.IBAN, "DE89370400440532013000") in compact


def test_an_iban_shaped_value_counts_even_with_a_wrong_checksum() -> None:
    # A fabricated IBAN in an injected e-mail is still an account the agent must not pay.
    assert (Kind.IBAN, "GB94BARC20040387654123") in keys("IBAN: GB94 BARC 2004 0387 6541 23   BIC: BARCGB22")


def test_upper_case_tokens_without_account_digits_are_not_ibans() -> None:
    assert not any(k == Kind.IBAN for k, _ in extract("REF AB12CDEFGHIJKLMNOP and XY99ZZZZZZZZZZZ1"))


def test_email_addresses_are_case_folded_and_give_their_domain() -> None:
    found = keys("Reply to Eve.Smith@Evil-Corp.example please.")
    assert (Kind.EMAIL, "eve.smith@evil-corp.example") in found
    assert (Kind.DOMAIN, "evil-corp.example") in found


def test_urls_drop_fragments_and_trailing_slashes_and_give_their_domain() -> None:
    found = keys("see https://WWW.Example.com/a/b/#top, then more")
    assert (Kind.URL, "https://www.example.com/a/b") in found
    assert (Kind.DOMAIN, "example.com") in found


def test_file_names_are_not_domains() -> None:
    assert not any(k == Kind.DOMAIN for k, _ in extract("open salaries.xlsx and notes.txt"))


def test_phone_numbers_written_differently_share_a_fingerprint() -> None:
    a = next(v for k, v in extract("call +1 (555) 123-4567") if k in (Kind.PHONE, Kind.ACCOUNT))
    b = next(v for k, v in extract("number 5551234567") if k in (Kind.PHONE, Kind.ACCOUNT))
    assert fingerprint(Kind.PHONE, a) == fingerprint(Kind.ACCOUNT, b)


def test_amounts_in_different_notations_normalise_alike() -> None:
    assert (Kind.NUMBER, "1234.5") in keys("Total: 1,234.50 EUR")
    assert (Kind.NUMBER, "1234.5") in keys("Summe: 1.234,50 EUR")
    assert number_key(1234.5) == "1234.5"


def test_small_counters_are_not_remembered_as_numbers() -> None:
    assert number_key(3) is None
    assert number_key(2.0) is None
    assert number_key(250) == "250"


def test_whole_strings_ignore_case_and_spacing() -> None:
    assert whole_key("  Quarterly   Report ") == whole_key("quarterly report")


def test_fingerprints_are_stable_63_bit_integers() -> None:
    fp = fingerprint(Kind.EMAIL, "a@b.example")
    assert fp == fingerprint(Kind.EMAIL, "a@b.example")
    assert 0 <= fp < 2**63
    assert fp != fingerprint(Kind.TEXT, "a@b.example")


def test_fingerprints_keep_the_meaning_stored_snapshots_give_them() -> None:
    # Snapshots store fingerprints: these are the values of blake2b("<kind>:<key>", 8 bytes) >> 1.
    assert fingerprint(Kind.EMAIL, "a@b.example") == reference.fingerprint(Kind.EMAIL, "a@b.example")
    assert (
        fingerprint(Kind.EMAIL, "a@b.example")
        == int.from_bytes(blake2b(b"1:a@b.example", digest_size=8).digest(), "big") >> 1
    )
    assert fingerprint(Kind.PHONE, "551234567") == fingerprint(Kind.ACCOUNT, "551234567")


@settings(max_examples=200)
@given(st.sampled_from(list(Kind)), st.text(max_size=300))
def test_fingerprints_equal_hashing_the_namespaced_text_afresh(kind: Kind, key: str) -> None:
    first = fingerprint(kind, key)
    assert first == reference.fingerprint(kind, key)
    assert fingerprint(kind, key) == first  # the namespace's state is copied, never consumed


def test_walk_leaves_names_every_scalar_by_json_path() -> None:
    leaves = dict(walk_leaves({"to": "x", "payee": {"ibans": ["A", "B"]}, "n": 3}))
    assert leaves == {"to": "x", "payee.ibans[0]": "A", "payee.ibans[1]": "B", "n": 3}


def _reference_leaves(value: Any, path: str = "", depth: int = 0) -> Iterator[tuple[str, Any]]:
    """The plain recursive walk: every scalar through its own call, cut below depth 32."""
    if depth > 32:
        return
    if isinstance(value, dict):
        for key, sub in value.items():
            yield from _reference_leaves(sub, f"{path}.{key}" if path else str(key), depth + 1)
    elif isinstance(value, list | tuple):
        for i, sub in enumerate(value):
            yield from _reference_leaves(sub, f"{path}[{i}]", depth + 1)
    else:
        yield path, value


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=12,
)


@settings(max_examples=150)
@given(_JSON)
def test_walk_leaves_yields_what_the_plain_recursive_walk_yields(value: Any) -> None:
    assert list(walk_leaves(value)) == list(_reference_leaves(value))


def test_walk_leaves_stops_at_the_same_depth_as_the_plain_walk() -> None:
    for depth in (30, 31, 32, 33, 40):
        nested: Any = "leaf"
        for i in range(depth):
            nested = [nested, i] if i % 2 else {"k": nested, "n": i}
        assert list(walk_leaves(nested)) == list(_reference_leaves(nested))


@settings(max_examples=300)
@given(texts, st.booleans())
def test_extraction_finds_exactly_what_the_earlier_extraction_found(text: str, derive: bool) -> None:
    # Long texts too: short ones are searched whole, long ones run by run (weir.flow.scanning).
    for padded in (text, text + " " * WHOLE, "x" * WHOLE + "\n" + text):
        assert extract(padded, derive=derive) == list(reference.extract(padded, derive=derive))


@given(st.sampled_from(list(Kind)), st.text(max_size=20))
def test_fingerprints_are_the_earlier_fingerprints(kind: Kind, key: str) -> None:
    assert fingerprint(kind, key) == reference.fingerprint(kind, key)


def test_numbers_in_text_without_a_separator_are_accounts_not_amounts() -> None:
    assert keys("ref 40021877") == {(Kind.ACCOUNT, "40021877")}
    assert (Kind.NUMBER, "84.2") in keys("pay 84,20 now")
