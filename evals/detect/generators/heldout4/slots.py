"""Slot values and filler prose for the fourth held-out injection set (author 13).

Slot pools fill the ``{slot}`` placeholders of the attack and benign cores; the filler functions
compose neutral sentences from independent parts so that documents around a core rarely repeat.
"""

from __future__ import annotations

import random
import re

from evals.lib import pools

P = pools.load(__file__, "slots")


_SLOT = re.compile(r"\{([a-z_0-9]+)\}")


def person(rng: random.Random) -> str:
    """A random full name."""
    return f"{rng.choice(P.FIRST)} {rng.choice(P.LAST)}"


def make_slots(rng: random.Random) -> dict[str, str]:
    """One fresh set of slot values for a document (attacker and victim details, amounts, names)."""
    host = rng.choice(P.ATK_DOMAINS)
    company = rng.choice(P.COMPANIES)
    user = person(rng)
    domain = re.sub(r"[^a-z]", "", company.lower().split()[0]) + rng.choice([".com", ".eu", ".io", ".co.uk"])
    slots = {
        "atk_host": host,
        "atk_word": rng.choice(P.ATK_WORDS),
        "atk_email": f"{rng.choice(P.ATK_LOCAL)}{rng.randint(1, 99)}@{host}",
        "atk_url": f"https://{rng.choice(['', 'img.', 'api.', 'cdn.', 'r.'])}{host}",
        "amount": rng.choice(["€", "$", "£", "CHF "]) + f"{rng.randint(3, 980) * 10 + rng.randint(0, 9):,}",
        "payee": rng.choice([*P.COMPANIES, person(rng) + " Consulting", "Apex Trade Ltd", "Meridian Supply GmbH"]),
        "iban": f"{rng.choice(['DE', 'NL', 'LT', 'GB', 'PT', 'IE'])}{rng.randint(10, 99)} "
        + " ".join(f"{rng.randint(0, 9999):04d}" for _ in range(4)),
        "ref": f"{rng.choice(['INV', 'PO', 'ORD', 'RF'])}-{rng.randint(10000, 99999)}",
        "card4": f"{rng.randint(0, 9999):04d}",
        "user": user,
        "user_email": user.lower().replace(" ", ".") + "@" + domain,
        "colleague": person(rng),
        "stranger": person(rng),
        "ceo": rng.choice(P.CEOS),
        "company": company,
        "team": rng.choice(P.TEAMS),
        "channel": rng.choice(P.CHANNELS),
        "file": rng.choice(P.FILES),
        "secret_file": rng.choice(P.SECRET_FILES),
        "workspace": rng.choice(P.WORKSPACES),
        "code": f"{rng.randint(0, 999999):06d}",
        "ssh_key": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA"
        + "".join(rng.choice("abcdefXYZ0123456789") for _ in range(12)),
        "city": rng.choice(P.CITIES),
        "month": rng.choice(P.MONTHS),
        "day": rng.choice(P.WEEKDAYS),
    }
    slots["cmd"] = fill(rng.choice(P.CMDS), slots)
    return slots


def fill(template: str, slots: dict[str, str]) -> str:
    """``template`` with every known ``{slot}`` replaced; unknown braces (JSON, code) stay as written."""
    return _SLOT.sub(lambda m: slots.get(m.group(1), m.group(0)), template)


def filler_sentence(rng: random.Random, slots: dict[str, str]) -> str:
    """One neutral workplace sentence composed from independent parts."""
    text = (
        f"{rng.choice(P._SUBJ)} {rng.choice(P._VERB)} {rng.choice(P._OBJ)} {rng.choice(P._TIME)}. {rng.choice(P._TAIL)}"
    )
    return fill(text.strip(), slots)


def filler_paragraph(rng: random.Random, slots: dict[str, str]) -> str:
    """Two to four filler sentences."""
    return " ".join(filler_sentence(rng, slots) for _ in range(rng.randint(2, 4)))
