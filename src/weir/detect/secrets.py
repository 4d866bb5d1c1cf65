"""The secrets detector: credentials in text, class ``credentials``.

Four families, most certain first: provider key formats (``secret_formats.FORMATS``, with
checksums where the format has one), private keys (PEM and OpenSSH blocks), credentials inside
connection strings (``scheme://user:password@host``), and values assigned to secret-ish names
(``password = "…"``, ``API_KEY=…``, ``Authorization: Bearer …``) — the last only when the value
is not a placeholder and, for generic names, looks random. Hashes, UUIDs, base64 blobs, IBANs
and git SHAs match none of the families on their own, which is what keeps them out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from weir.detect.anchors import Anchors
from weir.detect.checks import looks_placeholder, shannon_entropy
from weir.detect.secret_formats import FORMATS, SecretFormat, shape_kind
from weir.detect.spans import Candidate, resolve_overlaps
from weir.labels.finding import Finding, FindingClass

__all__ = ["SecretsDetector"]

_PEM_BEGIN = re.compile(r"-----BEGIN (?:[A-Z0-9]{1,12} ){0,3}PRIVATE KEY(?: BLOCK)?-----")
_PEM_BODY_MIN = 64  # base64 characters; "-----BEGIN PRIVATE KEY-----\n...\n" in docs has none
_PEM_WINDOW = 16_384  # a 4096-bit RSA key in PEM is about 3.3 KB
_NOT_BASE64 = re.compile(r"[^A-Za-z0-9+/=]+")

_CONNECTION = re.compile(r"://(?P<user>[^\s:/@\"'<>]{1,128}):(?P<secret>[^\s@/\"'<>]{1,256})@(?=[\w.\[\]-])")
# What follows a secret-ish name: the rest of the name, an assignment, and a value.
_TAIL = re.compile(
    r"(?P<suffix>[A-Za-z0-9_-]{0,20})[\"']?\s{0,5}(?P<op>:=|=>|=|:(?=[\s\"'`]))\s{0,5}"
    r"(?:\"(?P<dq>[^\"\n]{4,200})\"|'(?P<sq>[^'\n]{4,200})'|`(?P<bq>[^`\n]{4,200})`"
    r"|(?P<bare>[^\s\"'`,;(){}\[\]<>]{4,200}))"
)
# A name that ends like this holds something about the secret, not the secret: token_endpoint,
# secret_name, password_length, token_type, api_key_header, ...
_NOT_A_SECRET_NAME = re.compile(
    r"(?i:endpoint|url|uri|path|file|name|type|_id|ids|arn|ttl|expir\w*|length|len|size|count|prefix|header"
    r"|field|param\w*|env|var|format|kind|mode|version|hash|sha\w*|policy|rule\w*|hint|label|placeholder)$"
)
_DOTTED_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
_BEARER_VALUE = re.compile(r"\s{1,3}(?P<secret>[A-Za-z0-9._~+/-]{20,2000}=*)(?![A-Za-z0-9._~+/=-])")
_AWS_SECRET = re.compile(r"[A-Za-z0-9/+]{40}")
_TYPE_WORDS = frozenset(
    (
        "string", "str", "int", "bool", "boolean", "any", "optional", "required", "hidden", "text", "password",
        "secret", "token", "none", "null", "nil", "undefined", "true", "false", "empty",
    )
)  # fmt: skip
_CODE_FOLLOWERS = "(.[-"

_PASSWORD_WORDS = ("pass", "pwd")
# What may follow "pass"/"pwd" in a password's name: "word", "wd", "phrase", then a "_confirm"-like
# tail; "passed", "passes", "passing" are verbs, not names.
_PASSWORD_SUFFIX = re.compile(r"(?i:word|wd|phrase)?(?:[_-][A-Za-z0-9_-]{0,16})?")
# Anchors are the rarest-looking tail of each name ("ss_key" for access_key): the index looks up
# an anchor's first three characters, and "acc", "pri" or "enc" start thousands of ordinary
# words. The assignment is matched from the anchor's end, so a tail finds the same values.
_GENERIC_WORDS = (
    "ecret", "token", "i_key", "apikey", "i-key", "ss_key", "sskey", "h_key", "te_key", "tekey", "edential",
    "ng_key", "cryption_key", "n_key", "r_key",
)  # fmt: skip
_FAMILIES = len(FORMATS)  # priorities after the provider formats, most specific first
_PEM, _CONN, _PASS, _GENERIC, _BEAR = range(_FAMILIES, _FAMILIES + 5)
_ANCHORS: Anchors[tuple[int, SecretFormat | None]] = Anchors(
    [(a, (i, f), False) for i, f in enumerate(FORMATS) for a in f.anchors]
    + [("-----BEGIN ", (_PEM, None), False), ("://", (_CONN, None), False)]
    + [(w, (_PASS, None), True) for w in _PASSWORD_WORDS]
    + [(w, (_GENERIC, None), True) for w in _GENERIC_WORDS]
    + [("bearer ", (_BEAR, None), True), ("basic ", (_BEAR, None), True)]
)

_Candidate = Candidate
_FAMILY_KINDS = (
    "private-key", "connection-string-password", "password-assignment", "generic-secret", "aws-secret-key",
    "bearer-token",
)  # fmt: skip


class SecretsDetector:
    """Find credentials; every finding has class ``credentials`` and a span over the secret.

    ``keywords`` turns the assignment families (password/secret names, bearer tokens) on or
    off; ``min_entropy`` is the bits-per-character a value assigned to a generic secret name
    (``token = …``) needs; ``disabled`` lists finding kinds to drop (e.g. ``jwt``).
    """

    id = "secrets"

    KINDS = tuple(sorted({f.kind for f in FORMATS} | set(_FAMILY_KINDS)))
    """Every kind this detector reports."""

    def __init__(self, *, keywords: bool = True, min_entropy: float = 3.0, disabled: Sequence[str] = ()) -> None:
        unknown = set(disabled) - set(self.KINDS)
        if unknown:
            raise ValueError(f"unknown secret kinds {sorted(unknown)}; known: {', '.join(self.KINDS)}")
        self.keywords = keywords
        self.min_entropy = min_entropy
        self.disabled = frozenset(disabled)

    def __call__(self, text: str) -> list[Finding]:
        """The secrets in ``text``; overlapping candidates resolve to the most specific one."""
        kept = resolve_overlaps(c for c in self._candidates(text) if c[3] not in self.disabled)
        return [
            Finding(detector=self.id, kind=kind, cls=FindingClass.CREDENTIALS, start=s, end=e, confidence=c)
            for s, e, kind, c in kept
        ]

    def _candidates(self, text: str) -> Iterator[_Candidate]:
        for pos, needle, (priority, fmt) in _ANCHORS.find(text):
            if fmt is not None:
                yield from _format_at(text, pos, priority, fmt)
            elif priority == _PEM:
                yield from _private_key_at(text, pos)
            elif priority == _CONN:
                yield from _connection_at(text, pos)
            elif not self.keywords:
                continue
            elif priority == _PASS:
                yield from _password_at(text, pos, pos + len(needle))
            elif priority == _GENERIC:
                yield from self._generic_at(text, pos, pos + len(needle))
            else:
                yield from self._bearer_at(text, pos + len(needle) - 1)

    def _generic_at(self, text: str, name_start: int, at: int) -> Iterator[_Candidate]:
        m = _TAIL.match(text, at)
        if m is None:
            return
        group, value = _value_of(m)
        if _is_code(text, m, group) or _describes_secret(text, m, group) or not self._random(value):
            return
        name = text[max(0, name_start - 30) : m.end("suffix")].lower()
        if _AWS_SECRET.fullmatch(value) and ("aws" in name or "access" in name) and not _is_hex(value):
            yield _GENERIC, *m.span(group), "aws-secret-key", 0.9
        elif (kind := shape_kind(value)) is not None:
            # A provider's token shape whose checksum did not verify (a typo, a redacted digit, a
            # made-up example): assigned to a secret's name, it is that provider's token all the same.
            yield _GENERIC, *m.span(group), kind, 0.9
        else:
            yield _GENERIC, *m.span(group), "generic-secret", 0.75

    def _bearer_at(self, text: str, at: int) -> Iterator[_Candidate]:
        m = _BEARER_VALUE.match(text, at)
        if m is not None and self._random(m.group("secret")):
            yield _BEAR, *m.span("secret"), "bearer-token", 0.85

    def _random(self, value: str) -> bool:
        has_digit = any(c.isdigit() for c in value)
        has_alpha = any(c.isalpha() for c in value)
        return (
            len(value) >= 16
            and has_digit
            and has_alpha
            and not looks_placeholder(value)
            and shannon_entropy(value) >= self.min_entropy
        )


def _format_at(text: str, pos: int, priority: int, fmt: SecretFormat) -> Iterator[_Candidate]:
    for back in fmt.back:
        if pos - back < 0:
            continue
        m = fmt.pattern.match(text, pos - back)
        if m is not None and (fmt.check is None or fmt.check(m)):
            yield priority, *fmt.span(m), fmt.kind, fmt.confidence
            return


def _private_key_at(text: str, pos: int) -> Iterator[_Candidate]:
    m = _PEM_BEGIN.match(text, pos)
    if m is None:
        return
    # The body ends at the next "-----" (the footer, or the next header): every character is
    # in at most one body, which keeps a text of repeated headers linear.
    dashes = text.find("-----", m.end(), m.end() + _PEM_WINDOW)
    body_end = dashes if dashes >= 0 else min(len(text), m.end() + _PEM_WINDOW)
    body = text[m.end() : body_end]
    if len(_NOT_BASE64.sub("", body)) < _PEM_BODY_MIN or looks_placeholder(body[:200]):
        return
    end = body_end
    if text.startswith("-----END ", body_end):
        close = text.find("-----", body_end + 9, body_end + 80)
        end = close + 5 if close >= 0 else body_end
    yield _PEM, m.start(), end, "private-key", 1.0


def _connection_at(text: str, pos: int) -> Iterator[_Candidate]:
    m = _CONNECTION.match(text, pos)
    if m is None:
        return
    password = m.group("secret")
    if not looks_placeholder(password) and password.strip("*"):
        yield _CONN, *m.span("secret"), "connection-string-password", 0.9


def _password_at(text: str, pos: int, at: int) -> Iterator[_Candidate]:
    if pos > 0 and text[pos - 1].islower() and text[pos].islower():
        return  # "bypass", "compass": the word only ends in "pass" ("userPassword" is fine)
    m = _TAIL.match(text, at)
    if m is None or not _PASSWORD_SUFFIX.fullmatch(m.group("suffix")):
        return
    group, value = _value_of(m)
    if _is_code(text, m, group) or _describes_secret(text, m, group):
        return
    if looks_placeholder(value) or value.lower() in _TYPE_WORDS:
        return
    if group == "bare" and _identifier_like(value) and not _env_style(text, m):
        return
    yield _PASS, *m.span(group), "password-assignment", 0.8


def _describes_secret(text: str, m: re.Match[str], group: str) -> bool:
    """The name or the value say this is not the secret itself.

    ``token_endpoint = "https://…"`` (a name about the secret, or a URL value — credentials in
    URLs are the connection-string family's), or a type annotation ``private_key: Ed25519Key,``.
    """
    value = m.group(group)
    if _NOT_A_SECRET_NAME.search(m.group("suffix")) or "://" in value:
        return True
    follower = text[m.end(group) : m.end(group) + 1]
    return (
        m.group("op") == ":"
        and group == "bare"
        and follower in (",", ")", "=", "]")
        and bool(_DOTTED_NAME.fullmatch(value))
    )


def _is_hex(value: str) -> bool:
    return all(c in "0123456789abcdefABCDEF" for c in value)


def _value_of(m: re.Match[str]) -> tuple[str, str]:
    for group in ("dq", "sq", "bq", "bare"):
        value = m.group(group)
        if value is not None:
            return group, value
    return "bare", ""  # unreachable: the alternation always sets one group


def _is_code(text: str, m: re.Match[str], group: str) -> bool:
    """An unquoted value followed by ``(``, ``.`` or ``[`` is an expression, not a literal."""
    end = m.end(group)
    return group == "bare" and end < len(text) and text[end] in _CODE_FOLLOWERS


def _identifier_like(value: str) -> bool:
    return value.replace("_", "").replace(".", "").isalpha()


def _env_style(text: str, m: re.Match[str]) -> bool:
    """``DB_PASSWORD=hunter`` (dotenv, shell): an upper-case name glued to ``=``."""
    name_start = m.start()
    floor = max(0, name_start - 64)
    while name_start > floor and (text[name_start - 1].isalnum() or text[name_start - 1] == "_"):
        name_start -= 1
    name = text[name_start : m.start("bare")]
    return name.endswith("=") and name[:-1].isupper() and name[:-1].replace("_", "").isalnum()
