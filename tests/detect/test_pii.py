"""The PII detector finds personal and financial identifiers, validated, and not their look-alikes."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evals.detect.generators.planted import PII_KINDS, pii_corpus
from evals.lib.values import card, iban
from weir.detect.pii import PiiDetector
from weir.labels import FindingClass

DETECT = PiiDetector()


def found(text: str) -> list[tuple[str, str]]:
    return [(f.kind, text[f.start : f.end]) for f in DETECT(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("mail john.doe+x@example.co.uk now", [("email", "john.doe+x@example.co.uk")]),
        ("call +44 20 7946 0958", [("phone", "+44 20 7946 0958")]),
        ("call (415) 555-2671 today", [("phone", "(415) 555-2671")]),
        ("mobile 07700 900123;", [("phone", "07700 900123")]),
        ("ssn 219-45-6789.", [("us-ssn", "219-45-6789")]),
        ("SSN: 219456789", [("us-ssn", "219456789")]),
        ("NINO AB 12 34 56 C", [("uk-nino", "AB 12 34 56 C")]),
        ("SIN: 046 454 286", [("ca-sin", "046 454 286")]),
        ("card 4111 1111 1111 1111", [("payment-card", "4111 1111 1111 1111")]),
        ("amex 3782-822463-10005", [("payment-card", "3782-822463-10005")]),
        ("IBAN DE89 3704 0044 0532 0130 00.", [("iban", "DE89 3704 0044 0532 0130 00")]),
        ("to GB82WEST12345698765432 now", [("iban", "GB82WEST12345698765432")]),
        ("from 203.0.113.9 at", [("ipv4", "203.0.113.9")]),
        ("peer 2001:db8::8a2e:370:7334 up", [("ipv6", "2001:db8::8a2e:370:7334")]),
        ("lives at 221 Baker Street, London", [("street-address", "221 Baker Street")]),
    ],
)
def test_each_kind_is_found_with_an_exact_span(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "ssn 000-12-3456, 666-12-3456, 900-12-3456, 123-00-4567, 123-45-0000",
        "card 4111 1111 1111 1112",
        "IBAN DE89 3704 0044 0532 0130 01",
        "localhost 127.0.0.1, any 0.0.0.0, loop ::1",
        "version 1.2.3.4 released",
        "at 2026-01-15 10:30:45 the job ran",
        "uuid 123e4567-e89b-12d3-a456-426614174000",
        "sha e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "order 1234567 costs $12,345.67",
        "clock 12:30:45 and mac 00:1a:2b:3c:4d:5e",
        "GB is a prefix: GB 12 34 56 A",
    ],
)
def test_invalid_identifiers_and_numeric_look_alikes_are_not_reported(text: str) -> None:
    assert found(text) == []


def test_payment_cards_and_ibans_are_financial_the_rest_pii() -> None:
    rng = random.Random(11)
    (c,) = DETECT(f"card {card(rng)}")
    (i,) = DETECT(f"iban {iban(rng)}")
    (e,) = DETECT("a@b.org")
    assert (c.cls, i.cls, e.cls) == (FindingClass.FINANCIAL, FindingClass.FINANCIAL, FindingClass.PII)


def test_a_card_failing_luhn_and_an_iban_failing_mod97_are_never_reported() -> None:
    rng = random.Random(12)
    for _ in range(50):
        assert found(f"card {card(rng, valid=False)} declined") == []
        assert found(f"iban {iban(rng, valid=False)} rejected") == []


def test_recall_and_precision_on_a_fresh_generated_corpus_are_high() -> None:
    corpus = pii_corpus(seed=99, per_kind=15, negatives=120)
    planted = hits = false_positives = 0
    for example in corpus:
        findings = DETECT(example["text"])
        spans = [(s, e) for s, e, _ in example["spans"]]
        planted += len(spans)
        hits += sum(any(f.start < e and s < f.end for f in findings) for s, e in spans)
        false_positives += sum(not any(f.start < e and s < f.end for s, e in spans) for f in findings)
    assert planted == 15 * len(PII_KINDS)
    assert hits / planted >= 0.95
    assert false_positives <= 3


def test_kinds_option_limits_what_is_reported_and_rejects_unknown_kinds() -> None:
    only = PiiDetector(kinds=["email"])
    assert [f.kind for f in only("a@b.org 203.0.113.9")] == ["email"]
    with pytest.raises(ValueError, match="unknown PII kinds"):
        PiiDetector(kinds=["shoe-size"])


@settings(max_examples=200)
@given(st.text())
def test_the_detector_never_raises_on_any_string(text: str) -> None:
    for f in DETECT(text):
        assert 0 <= f.start < f.end <= len(text)


@settings(max_examples=80)
@given(st.text(alphabet="0123456789 .-+():@AZaz", max_size=400))
def test_the_detector_never_raises_on_digit_and_punctuation_soup(text: str) -> None:
    DETECT(text)


@pytest.mark.parametrize(
    "text",
    [
        'Specifier("== 1.2.3.0") and foo==1.0.0.1',
        "as in section 7.2.1.1, page 4",
        '"::ffff:0:0/96", "64:ff9b::/96"',
        "00000010  02 00 3e 00 01 00 00 00  c5 ff",
        "[0.70710678+0.j        , 0.70710678-0.j]",
        "[4220315081820346526, 717]",
        "+1.12345679+1.12345679j",
    ],
)
def test_numbers_seen_in_real_packages_are_not_pii(text: str) -> None:
    assert found(text) == []
