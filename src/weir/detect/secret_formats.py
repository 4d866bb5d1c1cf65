"""The provider credential formats the secrets detector knows, as data.

Each format is a regular expression (which may not start inside a run of token characters),
the literal anchors that every match contains at a known
offset from its start (found for all formats at once by :class:`~weir.detect.anchors.Anchors`),
the group that is the secret itself, and an optional validity check. Patterns are only ever
``match``-ed at an anchor, are bounded, and no quantified group can match the same text two
ways, so a scan is linear in the text. The list is ordered from most to least specific: when two
formats match overlapping text, the earlier one wins.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from weir.detect.checks import base62_crc32_ok, jwt_ok, looks_placeholder, shannon_entropy

__all__ = ["FORMATS", "SHAPES", "SecretFormat", "shape_kind"]


@dataclass(frozen=True, slots=True)
class SecretFormat:
    """One credential format: how to find it and how to tell it from a look-alike."""

    kind: str
    """Finding kind, e.g. ``github-token``."""
    pattern: re.Pattern[str]
    """Where it is; group ``secret`` (or the whole match) is the span to report."""
    anchors: tuple[str, ...]
    """Literals (three characters or more) every match contains."""
    back: tuple[int, ...] = (0,)
    """Offsets from an anchor back to where a match may start."""
    check: Callable[[re.Match[str]], bool] | None = None
    """Extra validity check (checksum, decoded header, entropy); ``None`` = the pattern suffices."""
    confidence: float = 0.95
    """Confidence of a match that passes the check."""

    def span(self, m: re.Match[str]) -> tuple[int, int]:
        """The span of the secret inside a match."""
        return m.span("secret") if "secret" in self.pattern.groupindex else m.span()


def _crc_tail(m: re.Match[str]) -> bool:
    return base62_crc32_ok(m.group("body"), m.group("crc"))


def _not_placeholder(m: re.Match[str]) -> bool:
    return not looks_placeholder(m.group())


def _random_looking(m: re.Match[str]) -> bool:
    value = m.group("secret") if "secret" in m.re.groupindex else m.group()
    return not looks_placeholder(value) and shannon_entropy(value) >= 3.0


def _anthropic(m: re.Match[str]) -> bool:
    return m.group().endswith("AA") and _random_looking(m)


def _jwt(m: re.Match[str]) -> bool:
    return jwt_ok(m.group())


def _f(
    kind: str,
    pattern: str,
    anchors: str | tuple[str, ...],
    check: Callable[[re.Match[str]], bool] | None = _random_looking,
    confidence: float = 0.95,
    *,
    back: tuple[int, ...] = (0,),
) -> SecretFormat:
    anchors = (anchors,) if isinstance(anchors, str) else anchors
    if not pattern.startswith(("(?<", "https://")):
        pattern = _START + pattern
    return SecretFormat(kind, re.compile(pattern), anchors, back, check, confidence)


def _each(prefix: str, chars: str) -> tuple[str, ...]:
    return tuple(prefix + c for c in chars)


_B62 = "A-Za-z0-9"
_URLSAFE = "A-Za-z0-9_-"
_END = r"(?![A-Za-z0-9_-])"
# A token starts where a run of token characters starts. Besides precision ("task-…" holds no
# "sk-" key), this keeps scans linear: of "eyJeyJeyJ…" only the first anchor may start a match.
_START = r"(?<![A-Za-z0-9_-])"

_HEX = "0123456789abcdef"
_DIGITS = "0123456789"

FORMATS: tuple[SecretFormat, ...] = (
    # Checksummed formats first: a verified checksum is certainty.
    _f(
        "github-token",
        rf"gh[pousr]_(?P<body>[{_B62}]{{30}})(?P<crc>[{_B62}]{{6}})(?![{_B62}])",
        _each("gh", "pousr"),
        _crc_tail,
        1.0,
    ),
    _f("npm-token", rf"npm_(?P<body>[{_B62}]{{30}})(?P<crc>[{_B62}]{{6}})(?![{_B62}])", "npm_", _crc_tail, 1.0),
    _f("github-fine-grained-token", rf"github_pat_[{_B62}]{{22}}_[{_B62}]{{59}}(?![{_B62}])", "github_pat_"),
    _f("anthropic-key", rf"sk-ant-[a-z]{{3,6}}\d\d-[{_URLSAFE}]{{80,120}}{_END}", "sk-ant-", _anthropic, 0.99),
    _f(
        "openai-key",
        rf"sk-(?:proj-|svcacct-|admin-)?[{_URLSAFE}]{{8,200}}T3BlbkFJ[{_URLSAFE}]{{8,200}}{_END}",
        "sk-",
    ),
    _f("openai-key", rf"sk-(?:proj|svcacct|admin)-[{_URLSAFE}]{{80,250}}{_END}", "sk-", confidence=0.9),
    _f(
        "aws-access-key",
        r"(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}(?![A-Za-z0-9])",
        ("AKIA", "ASIA", "ABIA", "ACCA"),
        _not_placeholder,
    ),
    _f("gcp-api-key", rf"AIza[{_URLSAFE}]{{35}}{_END}", "AIza"),
    _f("gcp-oauth-client-secret", rf"GOCSPX-[{_URLSAFE}]{{28}}{_END}", "GOCSPX-"),
    _f("google-oauth-token", rf"ya29\.[{_URLSAFE}]{{30,2000}}{_END}", "ya29."),
    _f("azure-storage-key", r"AccountKey=(?P<secret>[A-Za-z0-9+/]{86}==)", "AccountKey="),
    _f(
        "azure-shared-access-key",
        r"SharedAccessKey=(?P<secret>[A-Za-z0-9+/]{42,44}=?)(?![A-Za-z0-9+/=])",
        "SharedAccessKey=",
    ),
    _f(
        "azure-client-secret",
        r"(?<![\w~.-])[\w~.]{3}\dQ~[\w~.-]{31,34}(?![\w~.-])",
        tuple(d + "Q~" for d in _DIGITS),
        back=(3,),
    ),
    _f(
        "gitlab-token",
        rf"gl(?:pat|ptt|dt|rt|oas|cbt|imt|ft|soat|agent)-[{_URLSAFE}]{{20,64}}{_END}",
        ("glpat-", "glptt-", "gldt-", "glrt-", "gloas-", "glcbt-", "glimt-", "glft-", "glsoat-", "glagent-"),
    ),
    _f("gitlab-runner-token", rf"GR1348941[{_URLSAFE}]{{20}}{_END}", "GR1348941"),
    _f("slack-token", r"xox[abposer]-[0-9A-Za-z]{1,20}-[0-9A-Za-z-]{8,250}(?![0-9A-Za-z-])", "xox"),
    _f("slack-app-token", r"xapp-\d-[A-Z0-9]{9,12}-\d{10,14}-[a-f0-9]{40,80}(?![a-f0-9])", "xapp-"),
    _f(
        "slack-webhook",
        r"https://hooks\.slack\.com/(?:services|workflows)/T[A-Z0-9]{8,12}/[A-Z0-9]{8,12}/[A-Za-z0-9]{20,32}",
        "https://hooks.slack.com/",
    ),
    _f(
        "stripe-key",
        r"(?<![A-Za-z0-9])(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{24,99}(?![0-9A-Za-z])",
        ("sk_live_", "sk_test_", "rk_live_", "rk_test_"),
    ),
    _f("stripe-webhook-secret", r"whsec_[0-9A-Za-z]{32,64}(?![0-9A-Za-z])", "whsec_"),
    _f("twilio-api-key", r"(?<![0-9A-Za-z])SK[0-9a-f]{32}(?![0-9A-Za-z])", _each("SK", _HEX)),
    _f("sendgrid-key", rf"SG\.[{_URLSAFE}]{{22}}\.[{_URLSAFE}]{{43}}{_END}", "SG."),
    _f(
        "pypi-token",
        rf"pypi-AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)[{_URLSAFE}]{{50,400}}{_END}",
        "pypi-AgE",
        check=None,
        confidence=1.0,
    ),
    _f("huggingface-token", rf"(?<![{_B62}])(?:hf_|api_org_)[{_B62}]{{34,40}}(?![{_B62}])", ("hf_", "api_org_")),
    _f("digitalocean-token", r"do[por]_v1_[a-f0-9]{64}(?![a-f0-9])", ("dop_v1_", "doo_v1_", "dor_v1_")),
    _f("databricks-token", r"(?<![0-9A-Za-z])dapi[a-f0-9]{32}(?:-\d)?(?![0-9A-Za-z])", "dapi"),
    _f("shopify-token", r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}(?![0-9A-Za-z])", ("shpat_", "shpca_", "shppa_", "shpss_")),
    _f("mailgun-key", r"(?<![0-9A-Za-z-])key-[0-9a-z]{32}(?![0-9A-Za-z])", "key-"),
    _f("postman-key", r"PMAK-[a-f0-9]{24}-[a-f0-9]{34}(?![0-9A-Za-z])", "PMAK-"),
    _f("linear-key", r"lin_api_[A-Za-z0-9]{40}(?![0-9A-Za-z])", "lin_api_"),
    _f(
        "grafana-token",
        r"(?:glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|glc_[A-Za-z0-9+/]{32,400}={0,2})(?![0-9A-Za-z])",
        ("glsa_", "glc_"),
    ),
    _f("doppler-token", r"dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}(?![0-9A-Za-z])", "dp."),
    _f("docker-hub-token", rf"dckr_pat_[{_URLSAFE}]{{27}}{_END}", "dckr_pat_"),
    _f("rubygems-key", r"rubygems_[a-f0-9]{48}(?![0-9A-Za-z])", "rubygems_"),
    _f("pulumi-token", r"pul-[a-f0-9]{40}(?![0-9A-Za-z])", "pul-"),
    _f("telegram-bot-token", rf"(?<![0-9])\d{{8,10}}:AA[{_URLSAFE}]{{33}}{_END}", ":AA", back=(8, 9, 10)),
    _f(
        "discord-webhook",
        rf"https://discord(?:app)?\.com/api/webhooks/\d{{16,20}}/[{_URLSAFE}]{{60,70}}{_END}",
        "https://discord",
    ),
    _f("square-token", rf"sq0(?:atp|csp)-[{_URLSAFE}]{{22,43}}{_END}", ("sq0atp-", "sq0csp-")),
    _f("age-secret-key", r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}", "AGE-SECRET-KEY-1", None, 1.0),
    _f(
        "jwt",
        rf"eyJ[{_URLSAFE}]{{8,4000}}\.eyJ[{_URLSAFE}]{{8,8000}}\.[{_URLSAFE}]{{16,1000}}{_END}",
        "eyJ",
        _jwt,
        0.9,
    ),
)
"""Every provider format, most specific first."""

SHAPES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("github-token", re.compile(rf"gh[pousr]_[{_B62}]{{36}}")),
    ("npm-token", re.compile(rf"npm_[{_B62}]{{36}}")),
)
"""Provider token shapes whose checksum decides a match in ``FORMATS``. On their own, a failed
checksum means a look-alike; as the value assigned to a secret's name (``GITHUB_TOKEN=ghp_…``) the
value is a secret whatever its checksum, and its shape says whose: see :func:`shape_kind`."""


def shape_kind(value: str) -> str | None:
    """The provider kind whose token shape ``value`` has exactly (``None``: no known shape)."""
    for kind, shape in SHAPES:
        if shape.fullmatch(value):
            return kind
    return None
