"""Checksums and validity checks behind the pattern detectors."""

import random

from hypothesis import given
from hypothesis import strategies as st

from evals.lib.values import github_token, iban
from weir.detect.checks import base62_crc32_ok, iban_ok, jwt_ok, looks_placeholder, luhn_ok, shannon_entropy


def test_luhn_accepts_valid_card_numbers_and_rejects_a_changed_digit() -> None:
    assert luhn_ok("4111111111111111")
    assert luhn_ok("378282246310005")
    assert not luhn_ok("4111111111111112")


@given(st.text(alphabet="0123456789", min_size=2, max_size=19), st.integers(0, 18), st.integers(1, 9))
def test_changing_one_digit_always_breaks_a_valid_luhn_number(digits: str, where: int, delta: int) -> None:
    if not luhn_ok(digits):
        return
    i = where % len(digits)
    changed = digits[:i] + str((int(digits[i]) + delta) % 10) + digits[i + 1 :]
    assert not luhn_ok(changed)


def test_iban_checks_country_length_and_mod_97() -> None:
    assert iban_ok("DE89370400440532013000")
    assert iban_ok("GB82WEST12345698765432")
    assert not iban_ok("DE89370400440532013001")
    assert not iban_ok("DE8937040044053201300")  # one character short for DE
    assert not iban_ok("XX89370400440532013000")


def test_generated_ibans_validate_unless_made_invalid() -> None:
    rng = random.Random(5)
    for _ in range(50):
        assert iban_ok(iban(rng, grouped=False))
        assert not iban_ok(iban(rng, valid=False, grouped=False))


def test_github_token_checksum_is_the_base62_crc32_of_the_body() -> None:
    token = github_token(random.Random(6))
    assert base62_crc32_ok(token[4:34], token[34:])
    assert not base62_crc32_ok(token[4:34], token[34:-1] + ("a" if token[-1] != "a" else "b"))


def test_jwt_header_must_decode_to_json_with_an_alg() -> None:
    assert jwt_ok("eyJhbGciOiJIUzI1NiJ9.eyJ4IjoxfQ.sig")
    assert not jwt_ok("eyJub3QiOiJqd3QifQ.eyJ4IjoxfQ.sig")
    assert not jwt_ok("eyJ!!!.x.y")


def test_placeholders_are_recognised() -> None:
    for value in ("AKIAIOSFODNN7EXAMPLE", "<your-key>", "${TOKEN}", "xxxxxxxx", "********", "changeme", "aaaaaaa"):
        assert looks_placeholder(value), value
    assert not looks_placeholder("Zk3s9Qm2Lp8Xw4Rt7Yv1")


def test_entropy_is_higher_for_random_strings_than_for_repetition() -> None:
    assert shannon_entropy("") == 0.0
    assert shannon_entropy("aaaa") == 0.0
    assert shannon_entropy("Zk3s9Qm2Lp8Xw4Rt7Yv1") > 4.0
