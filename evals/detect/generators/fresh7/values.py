"""Random values and language labels for ``generate.py`` (author 8, stdlib only).

Everything is drawn from a caller's ``random.Random`` so the set is reproducible. IBANs carry valid
ISO 7064 check digits so that they look like what a real statement would print.
"""

from __future__ import annotations

import random
import string

from evals.lib import pools

P = pools.load(__file__, "values")


def iban(rng: random.Random) -> str:
    """A syntactically valid IBAN (correct check digits), printed in groups of four."""
    country = rng.choice(sorted(P.IBAN_FORMATS))
    bban = "".join(rng.choice(string.digits) for _ in range(P.IBAN_FORMATS[country]))
    if country in ("NL", "GB", "MT", "CY"):
        bban = "".join(rng.choice(string.ascii_uppercase) for _ in range(4)) + bban[4:]
    numeric = "".join(str(int(c, 36)) for c in bban + country + "00")
    check = 98 - int(numeric) % 97
    raw = f"{country}{check:02d}{bban}"
    return " ".join(raw[i : i + 4] for i in range(0, len(raw), 4))


def bic(rng: random.Random) -> str:
    """A BIC-shaped code (4 letters bank, country, location, optional branch)."""
    letters = string.ascii_uppercase
    bank = "".join(rng.choice(letters) for _ in range(4))
    loc = rng.choice(letters) + rng.choice(string.digits + letters)
    branch = rng.choice(["", "XXX", "".join(rng.choice(letters + string.digits) for _ in range(3))])
    return bank + rng.choice(["DE", "NL", "FR", "ES", "BE", "LT", "GB"]) + loc + branch


def person(rng: random.Random) -> str:
    """A first and last name."""
    return f"{rng.choice(P.FIRST)} {rng.choice(P.LAST)}"


def amount(rng: random.Random, lang: str) -> str:
    """A euro amount formatted the way the language prints it."""
    value = rng.choice([rng.randint(40, 999), rng.randint(1000, 48000), rng.randint(100, 9000)])
    cents = rng.randint(0, 99)
    if lang == "en":
        return rng.choice([f"EUR {value:,}.{cents:02d}", f"€{value:,}.{cents:02d}"])
    grouped = f"{value:,}".replace(",", ".")
    return rng.choice([f"{grouped},{cents:02d} €", f"EUR {grouped},{cents:02d}"])


def date(rng: random.Random, lang: str) -> str:
    """A date in 2024-2026 in the language's usual numeric or written form."""
    d, m, y = rng.randint(1, 28), rng.randint(1, 12), rng.choice([2024, 2025, 2026])
    if lang == "en":
        months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return rng.choice([f"{d} {months[m - 1]} {y}", f"{y}-{m:02d}-{d:02d}", f"{d:02d}/{m:02d}/{y}"])
    if lang == "de":
        return f"{d:02d}.{m:02d}.{y}"
    return rng.choice([f"{d:02d}/{m:02d}/{y}", f"{d:02d}-{m:02d}-{y}"])


def ref(rng: random.Random) -> str:
    """An invoice, case or order reference."""
    prefix = rng.choice(["INV", "RE", "FAC", "PO", "CLM", "CN", "HR", "AUD", "TND", "2025/", "F-", "REF"])
    return f"{prefix}{rng.randint(10000, 9999999)}"


def email(rng: random.Random) -> str:
    """An outside address a hijacked agent would send things to (now and then a look-alike vendor's)."""
    pool = P.BAD_DOMAINS if rng.random() < 0.7 else P.VENDOR_DOMAINS
    return f"{rng.choice(P.MAILBOXES)}@{rng.choice(pool)}"


def contact(rng: random.Random) -> str:
    """A legitimate address of the sender or of the group, as printed in letterheads and footers."""
    return f"{rng.choice(P.MAILBOXES[:-1])}@{rng.choice(P.VENDOR_DOMAINS + P.CORP_DOMAINS)}"


def slots(rng: random.Random, lang: str) -> dict[str, str]:
    """Fresh values for every template slot of one document."""
    return {
        "iban": iban(rng),
        "bic": bic(rng),
        "email": email(rng),
        "domain": rng.choice(P.BAD_DOMAINS),
        "amount": amount(rng, lang),
        "ref": ref(rng),
        "vendor": rng.choice(P.COMPANIES),
        "name": person(rng),
        "name2": person(rng),
        "date": date(rng, lang),
        "corp": rng.choice(P.CORP_DOMAINS),
        "contact": contact(rng),
        "site": rng.choice(P.VENDOR_DOMAINS + P.CORP_DOMAINS),
    }
