"""The PII detector: personal and financial identifiers in text, classes ``pii`` and ``financial``.

Kinds: ``email``, ``phone`` (international ``+CC`` numbers, North American and 0-prefixed
national formats), ``us-ssn`` (with the SSA validity rules), ``uk-nino``, ``ca-sin`` (Luhn, near
the words "SIN"/"social insurance"), ``payment-card`` (Luhn and issuer ranges; financial),
``iban`` (country length and mod-97; financial), ``ipv4`` / ``ipv6`` (validated, loopback and
unspecified addresses excluded), ``street-address`` (number + capitalised name + street type).

The numeric patterns only run where :func:`~weir.detect.numeric.numeric_candidates` (one
vectorised pass) says a numeric identifier can be; e-mail addresses are anchored on ``@`` and
street addresses on their street-type word.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterator, Sequence

from weir.detect.anchors import Anchors
from weir.detect.checks import IBAN_LENGTHS, iban_ok, luhn_ok
from weir.detect.numeric import numeric_candidates
from weir.detect.spans import Candidate, resolve_overlaps
from weir.labels.finding import Finding, FindingClass

__all__ = ["PiiDetector"]

_NUMBER = re.compile(r"(?<![\w.+/:-])\+?\(?\d(?:[ ().-]{0,2}\d){6,24}(?![\w/:]|[.-]\d)")
_IPV4 = re.compile(r"(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?![\w]|\.\d)")
_IBAN = re.compile(r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?(?![A-Za-z0-9])")
_NINO = re.compile(r"(?<![A-Za-z0-9])([A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]) ?\d{2} ?\d{2} ?\d{2} ?[A-D](?![A-Za-z0-9])")
_SSN = re.compile(r"(\d{3})-(\d{2})-(\d{4})")
_NANP = re.compile(r"(?:\+?1[ .-]?)?\(?[2-9]\d{2}\)?[ .-]?[2-9]\d{2}[ .-]\d{4}")
_DECIMALS = re.compile(r"\.\d{5,}")
_TRUNK = re.compile(r"\(?0[1-9]")
_SIN = re.compile(r"\d{3}[ -]\d{3}[ -]\d{3}")
_CARD_GROUPS = re.compile(r"\d{4}([ -]?)\d{4}\1\d{4}\1\d{1,7}|\d{4}([ -]?)\d{6}\2\d{4,5}")
_EMAIL_DOMAIN = re.compile(r"[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}(?![A-Za-z0-9-])")
_EMAIL_LOCAL = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._%+-")
_STREET_NAME = re.compile(r"(?<![\w-])\d{1,6}[A-Za-z]?(?: [A-Z][a-z'.-]{1,30}){1,4}\Z")
_STREET_TYPES = (
    "Street", "St.", "Avenue", "Ave", "Road", "Rd.", "Boulevard", "Blvd", "Lane", "Ln.", "Drive", "Dr.",
    "Court", "Ct.", "Place", "Pl.", "Terrace", "Way", "Highway", "Hwy", "Parkway", "Pkwy", "Square", "Close",
    "Crescent",
)  # fmt: skip
# Capitalised street types are rare: regular expressions find them faster than numpy up to 4 K.
_STREETS: Anchors[str] = Anchors([(" " + t, t, False) for t in _STREET_TYPES], short_share=8.0)
_BAD_NINO_PREFIXES = frozenset({"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"})
_SSN_INVALID = frozenset({"078051120", "219099999", "123456789"})
_SIN_CONTEXT = re.compile(r"(?i:\bSIN\b|social insurance)")
_SSN_CONTEXT = re.compile(r"(?i:\bSSN\b|social security)")
_VERSION_CONTEXT = re.compile(r"(?i:version|section|chapter|release|\brev|\bv|[=<>~!]=|[<>^])\.?\s{0,2}\Z")
_FINANCIAL = frozenset({"payment-card", "iban"})
# Priorities when spans overlap: checksummed formats beat shape-only ones.
_PRIORITY = {"iban": 0, "payment-card": 1, "us-ssn": 2, "uk-nino": 2, "ca-sin": 2, "email": 3, "ipv4": 4}
_PRIORITY_DEFAULT = 5


class PiiDetector:
    """Find personal and financial identifiers; spans cover exactly the identifier.

    ``kinds`` restricts the detector to the listed kinds (default: all of them).
    """

    id = "pii"
    KINDS = (
        "email", "phone", "us-ssn", "uk-nino", "ca-sin", "payment-card", "iban", "ipv4", "ipv6", "street-address",
    )  # fmt: skip
    """Every kind this detector reports."""

    def __init__(self, *, kinds: Sequence[str] | None = None) -> None:
        unknown = set(kinds or ()) - set(self.KINDS)
        if unknown:
            raise ValueError(f"unknown PII kinds {sorted(unknown)}; known: {', '.join(self.KINDS)}")
        self.kinds = frozenset(kinds if kinds is not None else self.KINDS)

    def __call__(self, text: str) -> list[Finding]:
        """The identifiers in ``text``; overlapping candidates resolve to the checksummed one."""
        candidates = (c for c in self._candidates(text) if c[3] in self.kinds)
        return [
            Finding(
                detector=self.id,
                kind=kind,
                cls=FindingClass.FINANCIAL if kind in _FINANCIAL else FindingClass.PII,
                start=start,
                end=end,
                confidence=confidence,
            )
            for start, end, kind, confidence in resolve_overlaps(candidates)
        ]

    def _candidates(self, text: str) -> Iterator[Candidate]:
        if "@" in text:
            yield from _emails(text)
        if " " in text:
            yield from _streets(text)
        numeric = numeric_candidates(text)
        for start, end in numeric.numbers:
            yield from _numbers(text, start, end)
            if text.count(".", start, end) >= 3:
                yield from _ipv4s(text, start, end)
        for start in numeric.letter_digit:
            yield from _iban_at(text, start)
            yield from _nino_at(text, start)
        for start, end in numeric.hex_colon:
            yield from _ipv6(text, start, end)


def _c(kind: str, start: int, end: int, confidence: float) -> Candidate:
    return _PRIORITY.get(kind, _PRIORITY_DEFAULT), start, end, kind, confidence


def _emails(text: str) -> Iterator[Candidate]:
    at = text.find("@")
    while at >= 0:
        start = at
        while start > max(0, at - 64) and text[start - 1] in _EMAIL_LOCAL:
            start -= 1
        local = text[start:at]
        m = _EMAIL_DOMAIN.match(text, at + 1)
        if m is not None and local and not local.startswith(".") and not local.endswith("."):
            yield _c("email", start, m.end(), 0.95)
        at = text.find("@", at + 1)


def _streets(text: str) -> Iterator[Candidate]:
    for pos, needle, _ in _STREETS.find(text):
        after = pos + len(needle)
        if after < len(text) and (text[after].isalnum()):
            continue
        m = _STREET_NAME.search(text, max(0, pos - 80), pos)
        if m is not None:
            yield _c("street-address", m.start(), after, 0.7)


def _numbers(text: str, start: int, end: int) -> Iterator[Candidate]:
    # endpos two past the run, so the pattern's look-ahead sees what follows it.
    for m in _NUMBER.finditer(text, start, min(len(text), end + 2)):
        found = _classify(text, m.group(), m.start())
        if found is not None:
            yield found
            continue
        # Two numbers separated by a space read as one run: try its space-separated parts.
        offset = m.start()
        for part in m.group().split(" "):
            if len(part) >= 7:
                found = _classify(text, part, offset)
                if found is not None:
                    yield found
            offset += len(part) + 1


def _classify(text: str, value: str, start: int) -> Candidate | None:
    if value.startswith("(") and ")" not in value[:6]:
        # "(094-44-3283)": the opening parenthesis belongs to the prose, not the number.
        value, start = value[1:], start + 1
    end = start + len(value)
    digits = "".join(c for c in value if c.isdigit())
    before = text[max(0, start - 40) : start]
    if _SSN.fullmatch(value):
        return _c("us-ssn", start, end, 0.9) if _ssn_ok(digits) else None
    if len(digits) == 9 and digits.isdigit() and value == digits and _SSN_CONTEXT.search(before) and _ssn_ok(digits):
        return _c("us-ssn", start, end, 0.85)
    grouped_or_usual = value != digits or len(digits) in (15, 16)  # a bare 19-digit run is an id
    if (
        grouped_or_usual
        and 13 <= len(digits) <= 19
        and _CARD_GROUPS.fullmatch(value)
        and luhn_ok(digits)
        and _issuer_ok(digits)
    ):
        return _c("payment-card", start, end, 0.95)
    if _SIN.fullmatch(value) and luhn_ok(digits) and _SIN_CONTEXT.search(before):
        return _c("ca-sin", start, end, 0.85)
    if _phone_ok(value, digits):
        return _c("phone", start, end, 0.8)
    return None


def _ssn_ok(digits: str) -> bool:
    area, group, serial = digits[:3], digits[3:5], digits[5:]
    return (
        area not in ("000", "666")
        and not area.startswith("9")
        and group != "00"
        and serial != "0000"
        and digits not in _SSN_INVALID
    )


def _issuer_ok(digits: str) -> bool:
    """Known issuer (IIN) ranges with their card lengths."""
    n, two, four = len(digits), int(digits[:2]), int(digits[:4])
    six = int(digits[:6])
    return (
        (digits[0] == "4" and n in (13, 16, 19))  # Visa
        or ((51 <= two <= 55 or 2221 <= four <= 2720) and n == 16)  # Mastercard
        or (two in (34, 37) and n == 15)  # American Express
        or ((four == 6011 or two == 65 or 644 <= int(digits[:3]) <= 649 or 622126 <= six <= 622925) and n >= 16)
        or (3528 <= four <= 3589 and n >= 16)  # JCB
        or ((two in (36, 38, 39) or 300 <= int(digits[:3]) <= 305) and n >= 14)  # Diners Club
        or (two == 62 and n >= 16)  # UnionPay
        or (digits[:4] in ("5018", "5020", "5038", "6304", "6759", "6761", "6763") and n >= 12)  # Maestro
    )


def _phone_ok(value: str, digits: str) -> bool:
    if _DECIMALS.search(value):
        return False  # "0.70710678": a decimal fraction, not a group of a phone number
    if value.startswith("+"):
        # E.164: a country code not starting with 0, at most 15 digits; +1 is always 11 digits.
        return digits[0] != "0" and 8 <= len(digits) <= 15 and (digits[0] != "1" or len(digits) == 11)
    if _NANP.fullmatch(value):
        return True
    # National formats with a trunk prefix 0 (UK, DE, FR, ...): 10-11 digits, written grouped.
    return _TRUNK.match(value) is not None and 10 <= len(digits) <= 11 and any(c in " -" for c in value)


def _ipv4s(text: str, start: int, end: int) -> Iterator[Candidate]:
    for m in _IPV4.finditer(text, start, min(len(text), end + 2)):
        try:
            addr = ipaddress.IPv4Address(m.group())
        except ValueError:
            continue
        value = m.group()
        if addr.is_loopback or addr.is_multicast or value.startswith("0.") or value.endswith((".0", ".255")):
            continue  # not a host: loopback, multicast, "this network", network or broadcast address
        if _VERSION_CONTEXT.search(text, max(0, m.start() - 12), m.start()):
            continue
        yield _c("ipv4", *m.span(), 0.9)


def _ipv6(text: str, start: int, end: int) -> Iterator[Candidate]:
    value = text[start:end]
    if start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_."):
        return
    if end < len(text) and (text[end].isalnum() or text[end] in "_/"):
        return  # "/" makes it a network prefix ("64:ff9b::/96"), not a host
    try:
        addr = ipaddress.IPv6Address(value)
    except ValueError:
        return
    if not (addr.is_loopback or addr.is_unspecified) and len(value.replace(":", "")) >= 4:
        yield _c("ipv6", start, end, 0.85)


def _iban_at(text: str, start: int) -> Iterator[Candidate]:
    m = _IBAN.match(text, start)
    if m is None:
        return
    compact = m.group().replace(" ", "")
    length = _iban_length(compact)
    if length and iban_ok(compact[:length]):
        # The run may have swallowed a following group; end the span at the IBAN's last char.
        seen, stop = 0, m.start()
        while seen < length:
            seen += text[stop] != " "
            stop += 1
        yield _c("iban", m.start(), stop, 1.0)


def _iban_length(compact: str) -> int:
    length = IBAN_LENGTHS.get(compact[:2], 0)
    return length if len(compact) >= length else 0


def _nino_at(text: str, start: int) -> Iterator[Candidate]:
    m = _NINO.match(text, start)
    if m is not None and m.group(1) not in _BAD_NINO_PREFIXES:
        yield _c("uk-nino", *m.span(), 0.85)
