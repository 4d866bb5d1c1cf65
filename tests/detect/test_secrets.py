"""The secrets detector finds every provider format and stays silent on look-alikes."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evals.lib.values import SECRET_KINDS, github_token, iban, secret, secret_lookalike
from weir.detect.secrets import SecretsDetector
from weir.labels import FindingClass

DETECT = SecretsDetector()


def kinds(text: str) -> list[str]:
    return [f.kind for f in DETECT(text)]


@pytest.mark.parametrize("kind", SECRET_KINDS)
def test_every_provider_format_is_found_with_its_kind_and_exact_span(kind: str) -> None:
    rng = random.Random(f"test-{kind}")
    for _ in range(5):
        value = secret(rng, kind)
        text = f"config dump:\n  value: {value}\n  region: eu-west-1\n"
        found = DETECT(text)
        assert [f.kind for f in found] == [kind], (value, found)
        assert text[found[0].start : found[0].end] == value
        assert found[0].cls is FindingClass.CREDENTIALS


def test_a_github_token_with_a_wrong_checksum_is_not_reported() -> None:
    rng = random.Random(1)
    for prefix in ("ghp_", "gho_", "npm_"):
        assert kinds(f"token {github_token(rng, prefix, valid=False)}") == []
        assert kinds(f"token {github_token(rng, prefix)}") != []


@pytest.mark.parametrize(
    "text",
    [
        "token: {value}",
        "GITHUB_TOKEN={value}",
        'export GH_TOKEN="{value}"',
        '{{"github_token": "{value}"}}',
    ],
)
def test_a_github_shaped_value_assigned_to_a_secret_name_is_a_github_token_whatever_its_checksum(text: str) -> None:
    # Issue 22: a realistic ghp_ token whose checksum did not verify was reported as generic-secret.
    rng = random.Random(3)
    for value in (github_token(rng, valid=False), "ghp_16C7e42F292c6912E7710c838347Ae178B4a"):
        (finding,) = DETECT(text.format(value=value))
        assert finding.kind == "github-token"
        assert finding.confidence < 1.0  # only a verified checksum is certainty
        assert text.format(value=value)[finding.start : finding.end] == value


def test_the_checksummed_github_token_reports_full_confidence() -> None:
    (finding,) = DETECT(github_token(random.Random(2)))
    assert finding.confidence == 1.0


@pytest.mark.parametrize("seed", range(6))
def test_look_alikes_in_neutral_contexts_are_never_reported(seed: int) -> None:
    rng = random.Random(f"lookalike-{seed}")
    for _ in range(60):
        tag, value = secret_lookalike(rng)
        for text in (f"commit {value}", f"sha256: {value}", f'{{"id": "{value}"}}', f"see {value} now"):
            assert kinds(text) == [], (tag, text)


@pytest.mark.parametrize(
    "text",
    [
        "AKIAIOSFODNN7EXAMPLE",
        "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "export GITHUB_TOKEN=${GITHUB_TOKEN}",
        'password = "********"',
        "password: <your-password>",
        "password = os.environ['DB_PASSWORD']",
        "password = get_password()",
        "password: string",
        "the password is required",
        "postgres://user:password@localhost/db",
        "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----",
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "123e4567-e89b-12d3-a456-426614174000",
        "eyJub3QiOiJqd3QifQ.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmnopqrstuvwxyz",
    ],
)
def test_placeholders_and_non_secrets_are_not_reported(text: str) -> None:
    assert kinds(text) == []


def test_an_iban_is_not_a_secret() -> None:
    rng = random.Random(3)
    for _ in range(20):
        assert kinds(f"IBAN {iban(rng)}") == []


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ('password = "hunter2!x"', "password-assignment", "hunter2!x"),
        ("DB_PASSWORD=supersecret", "password-assignment", "supersecret"),
        ('{"passwd": "c0rrect-h0rse"}', "password-assignment", "c0rrect-h0rse"),
        ("postgres://admin:s3cr3tP4ss@db.example.com:5432/app", "connection-string-password", "s3cr3tP4ss"),
        ("API_TOKEN=Zk3s9Qm2Lp8Xw4Rt7Yv1Nb6Hc5Jd0Fa2", "generic-secret", "Zk3s9Qm2Lp8Xw4Rt7Yv1Nb6Hc5Jd0Fa2"),
        (
            "aws_secret_access_key = Zk3s9Qm2Lp8Xw4Rt7Yv1Nb6Hc5Jd0Fa2/Ke+9Tu3",
            "aws-secret-key",
            "Zk3s9Qm2Lp8Xw4Rt7Yv1Nb6Hc5Jd0Fa2/Ke+9Tu3",
        ),
        ("Authorization: Basic dXNlcjpwYXNzd29yZDEyMzQ1Njc4OQ==", "bearer-token", "dXNlcjpwYXNzd29yZDEyMzQ1Njc4OQ=="),
    ],
)
def test_assigned_secrets_are_reported_with_a_span_over_the_value(text: str, kind: str, value: str) -> None:
    (finding,) = DETECT(text)
    assert (finding.kind, text[finding.start : finding.end]) == (kind, value)


def test_a_jwt_inside_a_bearer_header_is_reported_once_as_the_more_specific_jwt() -> None:
    token = secret(random.Random(4), "jwt")
    assert kinds(f"Authorization: Bearer {token}") == ["jwt"]


def test_disabled_kinds_and_keyword_rules_can_be_switched_off() -> None:
    token = secret(random.Random(5), "jwt")
    assert SecretsDetector(disabled=["jwt"])(token) == []
    assert SecretsDetector(keywords=False)("DB_PASSWORD=supersecret") == []


@settings(max_examples=200)
@given(st.text())
def test_the_detector_never_raises_on_any_string(text: str) -> None:
    for f in DETECT(text):
        assert 0 <= f.start < f.end <= len(text)


@settings(max_examples=60)
@given(
    st.lists(
        st.sampled_from(["ghp_", "sk-", "AKIA", "password=", "://a:b@", "eyJ", "-----BEGIN ", "x", "1"]), max_size=200
    )
)
def test_the_detector_never_raises_on_adversarial_concatenations_of_anchors(parts: list[str]) -> None:
    DETECT("".join(parts))


@pytest.mark.parametrize(
    "text",
    [
        "Convert the passed :pep:`621` metadata",
        "bypass = 12345678ab",
        "when implementing a client, pass :data:`h11.Request`",
        "def sign(self, private_key: ed25519.Ed25519PrivateKey, f_p: int) -> None:",
        'upstream_token_endpoint="https://oauth2.googleapis.com/token9"',
        "see postgresql://user:pass@localhost/db",
        'password_length = "12345678"',
        "token_type: Bearer2024abc",
    ],
)
def test_code_and_prose_seen_in_real_packages_are_not_secrets(text: str) -> None:
    assert kinds(text) == []


def test_unknown_kinds_in_disabled_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown secret kinds"):
        SecretsDetector(disabled=["gihtub-token"])
    assert "github-token" in SecretsDetector.KINDS
