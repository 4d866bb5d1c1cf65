"""Validity checks that turn a pattern match into a finding: checksums, entropy, placeholders.

A format with a checksum (GitHub and npm tokens, payment cards, IBANs, Canadian SINs) is only
reported when the checksum holds; that is what keeps look-alikes out. Pure functions, no state.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
from collections import Counter

__all__ = [
    "BASE62",
    "IBAN_LENGTHS",
    "base62_crc32_ok",
    "iban_ok",
    "jwt_ok",
    "looks_placeholder",
    "luhn_ok",
    "shannon_entropy",
]

BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
"""The alphabet GitHub and npm use for the checksum tail of their tokens."""

IBAN_LENGTHS: dict[str, int] = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22,
    "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28,
    "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23,
    "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26,
    "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20,
    "LV": 21, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30, "NL": 18,
    "NO": 15, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24,
    "SC": 31, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "ST": 25, "SV": 28, "TL": 23, "TN": 24,
    "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
}  # fmt: skip
"""Registered IBAN length per country (ISO 13616 registry)."""

_PLACEHOLDER = re.compile(
    r"example|sample|dummy|placeholder|changeme|change_me|your[_-]?|redacted|xxxx|\*\*\*|\.\.\.|<[^>]*>"
    r"|\$\{|\{\{|%\(|^(?:test|fake|secret|password|passw0rd|pass|passwd|pwd|pw|user|username|token|null|none"
    r"|true|false|undefined)$",
    re.IGNORECASE,
)


def luhn_ok(digits: str) -> bool:
    """The Luhn (mod 10) check used by payment cards and Canadian SINs; digits only."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def iban_ok(iban: str) -> bool:
    """Country length and the ISO 7064 mod-97 check of an IBAN without spaces, upper case."""
    if IBAN_LENGTHS.get(iban[:2]) != len(iban) or not iban[2:4].isdigit():
        return False
    moved = iban[4:] + iban[:4]
    try:
        number = int("".join(str(int(ch, 36)) for ch in moved))
    except ValueError:
        return False
    return number % 97 == 1


def base62_crc32_ok(payload: str, tail: str) -> bool:
    """Whether ``tail`` is the 6-character base62 CRC32 of ``payload`` (GitHub/npm tokens)."""
    value = binascii.crc32(payload.encode("ascii", "replace"))
    digits = []
    for _ in range(6):
        value, rem = divmod(value, 62)
        digits.append(BASE62[rem])
    return "".join(reversed(digits)) == tail


def shannon_entropy(value: str) -> float:
    """Bits of entropy per character of ``value`` (0 for the empty string)."""
    if not value:
        return 0.0
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in Counter(value).values())


def looks_placeholder(value: str) -> bool:
    """Whether a would-be secret is obviously a placeholder, template or documentation example.

    Documentation examples (``AKIAIOSFODNN7EXAMPLE``), ``<your-key>``, ``${TOKEN}``,
    ``xxxx``, ``***`` and runs of one repeated character are not credentials; redacting them would
    be harmless but reporting them teaches users to ignore findings.
    """
    if _PLACEHOLDER.search(value):
        return True
    return len(set(value.strip("\"'` "))) <= 2


def jwt_ok(token: str) -> bool:
    """Whether a three-part token's header decodes to a JSON object naming an ``alg``."""
    header = token.split(".", 1)[0]
    try:
        raw = base64.urlsafe_b64decode(header + "=" * (-len(header) % 4))
        parsed = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return False
    return isinstance(parsed, dict) and isinstance(parsed.get("alg"), str)
