"""Secret and PII values for planting: random but valid for their format, and their look-alikes.

Everything is derived from a seeded :class:`random.Random`, so a corpus is reproducible from its
seed; ``evals/detect/generators/planted.py`` writes the held-out sets with fixed seeds, and the
tests draw fresh examples from other seeds. Values are random but valid for their format (a
GitHub token carries its real CRC32 tail, a card passes Luhn within its issuer range, an IBAN
has its mod-97 check digits); look-alikes are the values that must NOT be reported: UUIDs,
hashes, git SHAs, base64 blobs, IBANs (for secrets), placeholder and documentation keys, tokens
with a wrong checksum, invalid SSNs, cards failing Luhn, version numbers, dates, prices.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import random
import string
import uuid
from collections.abc import Callable

from weir.detect.checks import BASE62, IBAN_LENGTHS

__all__ = ["SECRET_KINDS", "card", "github_token", "iban", "secret", "secret_lookalike"]

_ALNUM = string.ascii_letters + string.digits
_URLSAFE = _ALNUM + "_-"


def _s(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _crc_tail(body: str) -> str:
    value = binascii.crc32(body.encode())
    digits = []
    for _ in range(6):
        value, rem = divmod(value, 62)
        digits.append(BASE62[rem])
    return "".join(reversed(digits))


def github_token(rng: random.Random, prefix: str = "ghp_", *, valid: bool = True) -> str:
    """A GitHub-format token (``npm_`` works too) whose CRC32 tail is right unless ``valid=False``."""
    body = _s(rng, _ALNUM, 30)
    tail = _crc_tail(body)
    if not valid:
        tail = tail[:-1] + ("A" if tail[-1] != "A" else "B")
    return prefix + body + tail


def _jwt(rng: random.Random) -> str:
    def b64(obj: object) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).rstrip(b"=").decode()

    header = b64({"alg": rng.choice(["HS256", "RS256", "ES256"]), "typ": "JWT"})
    payload = b64({"sub": str(rng.randrange(10**9)), "iat": rng.randrange(1_600_000_000, 1_800_000_000)})
    return f"{header}.{payload}.{_s(rng, _URLSAFE, 43)}"


def _pem(rng: random.Random) -> str:
    body = base64.b64encode(rng.randbytes(rng.choice([600, 1190]))).decode()
    lines = "\n".join(body[i : i + 64] for i in range(0, len(body), 64))
    label = rng.choice(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    return f"-----BEGIN {label}-----\n{lines}\n-----END {label}-----"


_SECRETS: dict[str, Callable[[random.Random], str]] = {
    "github-token": lambda r: github_token(r, r.choice(["ghp_", "gho_", "ghu_", "ghs_", "ghr_"])),
    "npm-token": lambda r: github_token(r, "npm_"),
    "github-fine-grained-token": lambda r: f"github_pat_{_s(r, _ALNUM, 22)}_{_s(r, _ALNUM, 59)}",
    "anthropic-key": lambda r: f"sk-ant-api03-{_s(r, _URLSAFE, 93)}AA",
    "openai-key": lambda r: f"sk-proj-{_s(r, _URLSAFE, 74)}T3BlbkFJ{_s(r, _URLSAFE, 74)}",
    "aws-access-key": lambda r: r.choice(["AKIA", "ASIA"]) + _s(r, string.ascii_uppercase + "234567", 16),
    "gcp-api-key": lambda r: "AIza" + _s(r, _URLSAFE, 35),
    "gcp-oauth-client-secret": lambda r: "GOCSPX-" + _s(r, _URLSAFE, 28),
    "azure-client-secret": lambda r: f"{_s(r, _ALNUM, 3)}{r.randrange(10)}Q~{_s(r, _ALNUM + '_~.-', 34)}",
    "gitlab-token": lambda r: "glpat-" + _s(r, _URLSAFE, 20),
    "slack-token": lambda r: f"xoxb-{_s(r, string.digits, 12)}-{_s(r, string.digits, 13)}-{_s(r, _ALNUM, 24)}",
    "stripe-key": lambda r: r.choice(["sk_live_", "rk_live_", "sk_test_"]) + _s(r, _ALNUM, 24),
    "twilio-api-key": lambda r: "SK" + _s(r, "0123456789abcdef", 32),
    "sendgrid-key": lambda r: f"SG.{_s(r, _URLSAFE, 22)}.{_s(r, _URLSAFE, 43)}",
    "pypi-token": lambda r: "pypi-AgEIcHlwaS5vcmc" + _s(r, _URLSAFE, 120),
    "huggingface-token": lambda r: "hf_" + _s(r, _ALNUM, 34),
    "digitalocean-token": lambda r: "dop_v1_" + _s(r, "0123456789abcdef", 64),
    "databricks-token": lambda r: "dapi" + _s(r, "0123456789abcdef", 32),
    "shopify-token": lambda r: "shpat_" + _s(r, "0123456789abcdef", 32),
    "mailgun-key": lambda r: "key-" + _s(r, string.digits + string.ascii_lowercase, 32),
    "telegram-bot-token": lambda r: f"{r.randrange(10**8, 10**10)}:AA{_s(r, _URLSAFE, 33)}",
    "jwt": _jwt,
    "private-key": _pem,
}
SECRET_KINDS = tuple(sorted(_SECRETS))
"""Every provider-format kind the generator plants (assignment kinds are planted by context)."""


def secret(rng: random.Random, kind: str) -> str:
    """A fresh random secret of ``kind`` (one of :data:`SECRET_KINDS`)."""
    return _SECRETS[kind](rng)


def _luhn_digit(partial: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(partial)):
        d = int(ch)
        if i % 2 == 0:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return str((10 - total % 10) % 10)


def card(rng: random.Random, *, valid: bool = True) -> str:
    """A payment card number in an issuer range, grouped by 4 (Amex 4-6-5), Luhn-valid unless not."""
    prefix, length = rng.choice([("4", 16), ("51", 16), ("55", 16), ("2221", 16), ("37", 15), ("6011", 16)])
    partial = prefix + _s(rng, string.digits, length - len(prefix) - 1)
    check = _luhn_digit(partial)
    if not valid:
        check = str((int(check) + rng.randrange(1, 10)) % 10)
    digits = partial + check
    sep = rng.choice([" ", "-", ""])
    if length == 15:
        return sep.join((digits[:4], digits[4:10], digits[10:]))
    return sep.join(digits[i : i + 4] for i in range(0, 16, 4))


def iban(rng: random.Random, *, valid: bool = True, grouped: bool | None = None) -> str:
    """An IBAN of a random registered country, mod-97-valid unless ``valid=False``."""
    country = rng.choice(["DE", "GB", "FR", "NL", "ES", "IT", "CH", "BE", "PL", "SE"])
    bban_len = IBAN_LENGTHS[country] - 4
    bban = _s(rng, string.ascii_uppercase, 4) + _s(rng, string.digits, bban_len - 4)
    if country in ("DE", "NL", "BE", "PL", "SE", "CH"):
        bban = _s(rng, string.digits, bban_len) if country != "NL" else bban
    numeric = int("".join(str(int(c, 36)) for c in bban + country + "00"))
    check = 98 - numeric % 97
    if not valid:
        check = (check + rng.randrange(1, 96)) % 97 or 1
    value = f"{country}{check:02d}{bban}"
    if grouped if grouped is not None else rng.random() < 0.5:
        value = " ".join(value[i : i + 4] for i in range(0, len(value), 4))
    return value


def secret_lookalike(rng: random.Random) -> tuple[str, str]:
    """``(kind of look-alike, value)``: something shaped like a secret that is not one."""
    kind = rng.choice(
        ["uuid", "md5", "sha1", "sha256", "git-sha", "base64", "iban", "aws-example", "placeholder",
         "bad-checksum", "bad-jwt", "hex-id", "version", "url"]
    )  # fmt: skip
    blob = rng.randbytes(32)
    value = {
        "uuid": lambda: str(uuid.UUID(bytes=rng.randbytes(16), version=4)),
        "md5": lambda: hashlib.md5(blob).hexdigest(),
        "sha1": lambda: hashlib.sha1(blob).hexdigest(),
        "sha256": lambda: hashlib.sha256(blob).hexdigest(),
        "git-sha": lambda: hashlib.sha1(blob).hexdigest()[: rng.choice([7, 12, 40])],
        "base64": lambda: base64.b64encode(rng.randbytes(rng.choice([24, 48, 96]))).decode(),
        "iban": lambda: iban(rng),
        "aws-example": lambda: rng.choice(["AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"]),
        "placeholder": lambda: rng.choice(
            [
                "sk_live_xxxxxxxxxxxxxxxxxxxxxxxx",
                "<your-api-key>",
                "ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
                "YOUR_API_KEY_HERE",
                "${GITHUB_TOKEN}",
                "sk-...",
                "********",
            ]
        ),
        "bad-checksum": lambda: github_token(rng, rng.choice(["ghp_", "npm_"]), valid=False),
        "bad-jwt": lambda: "eyJub3QiOiJqd3Qi" + "." + "eyJ" + _s(rng, _URLSAFE, 20) + "." + _s(rng, _URLSAFE, 20),
        "hex-id": lambda: _s(rng, "0123456789abcdef", rng.choice([16, 24, 32])),
        "version": lambda: f"v{rng.randrange(10)}.{rng.randrange(30)}.{rng.randrange(100)}",
        "url": lambda: f"https://example.com/{_s(rng, _ALNUM, 12)}?page={rng.randrange(100)}",
    }[kind]()
    return kind, value
