"""Generate the fresh13 injection set: multilingual tool output (mail, chat, pages, invoices, tickets).

Usage: ``python -m evals.detect.generators.fresh13.generate [OUT]`` (default
``evals/detect/injection-tools-fresh13.jsonl``). Deterministic: a fixed seed and the
standard library only, so re-running reproduces the committed file byte for byte. The labelling rule,
the carriers and the counts are in ``evals/detect/HISTORY.md``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from evals.detect.generators.fresh13.carriers import CARRIERS
from evals.lib import jsonl, pools
from evals.lib.near import char_grams, jaccard

t = pools.load(__file__, "text")
P = pools.load(__file__, "attacks", "benign")

SEED, PER_LABEL = 1313, 600
MIN_BYTES, MAX_BYTES = 100, 8192
NEAR_COPY = 0.45
SHINGLE = 8
HANDLES = ["mika", "dev_ops", "lan.ng", "ahmad_k", "priya.s", "olga77", "budi_s", "somchai", "noa.l", "kostas", "juma"]
REPOS = ["billing-service", "shop-frontend", "i18n-strings", "hr-portal", "mobile-app", "data-sync"]
# Where a payload (or a harmless note) hides; the same places are used by both labels.
Record = dict[str, object]
HIDDEN_STYLES = ["display:none", "color:#ffffff;font-size:1px", "position:absolute;left:-9999px"]
JSON_KEYS = ["note", "meta_comment", "x-remark", "internal", "description"]
WRAPPERS = ["plain"] * 9 + ["html_comment", "hidden_css", "alt_text", "json_field", "code_comment", "quote"]


def wrap(r: random.Random, how: str, text: str) -> str:
    """``text`` hidden or framed the way ``how`` names (random draws only for the wrapper chosen)."""
    forms: dict[str, Callable[[], str]] = {
        "html_comment": lambda: f"<!-- {text} -->",
        "hidden_css": lambda: f'<span style="{r.choice(HIDDEN_STYLES)}">{text}</span>',
        "alt_text": lambda: r.choice(
            [f'<img src="banner_{r.randint(1, 9)}.png" alt="{text}">', f"![{text}](img/{r.randint(10, 99)}.jpg)"]
        ),
        "json_field": lambda: json.dumps({r.choice(JSON_KEYS): text}, ensure_ascii=False),
        "code_comment": lambda: r.choice([f"// {text}", f"# {text}", f"/* {text} */"]),
        "quote": lambda: f"> {text}",
    }
    return forms[how]() if how in forms else text


def to_fullwidth(text: str) -> str:
    """ASCII letters and digits turned into their full-width forms, as some attacks disguise words."""
    return "".join(chr(ord(ch) + 0xFEE0) if ch.isascii() and ch.isalnum() else ch for ch in text)


def context(r: random.Random, lang: str) -> dict[str, str]:
    """Per-document values the carriers and placeholders draw on."""
    sender, other = r.sample(t.NAMES[lang], 2)
    year = str(r.randint(2023, 2026))
    return {
        "sender": sender,
        "other": other,
        "sender_mail": f"{r.choice(HANDLES)}{r.randint(1, 99)}@{r.choice(t.HOSTS)}",
        "title": r.choice(t.TITLES[lang]) + r.choice(["", f" #{r.randint(10, 999)}", f" ({r.randint(1, 12)}/{year})"]),
        "date": f"{year}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}",
        "year": year,
        "host": r.choice(t.HOSTS),
        "handle": r.choice(HANDLES),
        "handle2": r.choice(HANDLES),
        "repo": r.choice(REPOS),
        "cur": r.choice(t.CURRENCIES),
    }


def fill(r: random.Random, text: str, c: dict[str, str], lang: str) -> str:
    """Placeholders replaced (plain replacement: cores contain literal JSON braces)."""
    values = {
        "{mail}": f"{r.choice(t.ATTACKER_USERS)}{r.randint(1, 999)}@{r.choice(t.MAIL_HOSTS)}",
        "{url}": r.choice(t.ATTACKER_HOSTS),
        "{amt}": f"{c['cur']}{r.choice([1200, 4800, 9999, 15000, 25000, 86000, 320000]):,}",
        "{acct}": f"{r.choice(['IBAN ', 'No. ', ''])}{r.randint(10**9, 10**10 - 1)}{r.randint(10, 99)}",
        "{name}": r.choice(t.NAMES[lang]),
    }
    for key, value in values.items():
        text = text.replace(key, value)
    return text


def body_for(r: random.Random, langs: list[str], payload: list[str], extras: list[str]) -> list[str]:
    """Filler paragraphs with the payload parts placed at varied positions (split parts far apart).

    ``extras`` (side notes, benign look-alike paragraphs) land anywhere. When ``langs`` names more than
    the document language the document is a long digest drawing fillers from all of them, as a forwarded
    multilingual thread has.
    """
    lang = langs[0]
    pool = list(t.FILLERS[lang])
    if len(langs) > 1:
        for other in langs[1:]:
            pool += t.FILLERS[other]
        body = r.sample(pool, r.randint(len(pool) // 3, len(pool) // 2))
    else:
        if r.random() < 0.15:  # a quoted paragraph in another language
            pool.append(r.choice(t.FILLERS[r.choice(t.LANGS)]))
        body = r.sample(pool, r.randint(1, min(7, len(pool))))
    if len(payload) == 2:
        body = [payload[0], *body, payload[1]]
    elif payload:
        body.insert(r.choice([0, len(body) // 2, len(body), r.randint(0, len(body))]), payload[0])
    for extra in extras:
        body.insert(r.randint(0, len(body)), extra)
    return body


def extras_for(r: random.Random, lang: str, c: dict[str, str]) -> list[str]:
    """Harmless paragraphs both labels share: a wrapped side note, benign look-alikes of the same language."""
    extras = []
    if r.random() < 0.35:
        extras.append(wrap(r, r.choice(WRAPPERS[9:]), r.choice(t.NOTES[lang])))
    if r.random() < 0.15:
        same = [core for core in P.BENIGN_CORES if core[1] == lang]
        extras += [fill(r, core[2], c, lang) for core in r.sample(same, r.randint(1, 2))]
    return extras


def document(r: random.Random, carrier: str, core: tuple[str, str, str], attack: bool) -> tuple[list[str], Record]:
    """The languages its fillers come from (its own first) and one record for ``core`` in ``carrier``."""
    kind, core_lang, text = core
    lang = core_lang if r.random() < 0.8 else r.choice(t.LANGS)
    c = context(r, lang)
    parts = [fill(r, p.strip(), c, core_lang) for p in text.split("||")]
    how = r.choice(WRAPPERS)
    if r.random() < 0.07:
        parts = [to_fullwidth(p) for p in parts]
    parts = [wrap(r, how, p) for p in parts]
    langs = [lang]
    if r.random() < 0.1:
        langs += r.sample([other for other in t.LANGS if other != lang], r.randint(1, 2))
    body = body_for(r, langs, parts, extras_for(r, lang, c))
    doc = CARRIERS[carrier](r, lang, body, c)
    return langs, {"text": doc, "label": int(attack), "carrier": carrier, "kind": kind if attack else f"benign_{kind}"}


def build() -> list[Record]:
    """All records, attacks and benign interleaved, every core used, no near copies.

    Near copies are looked for among documents sharing a filler language: that is where shared fillers
    and headers could make two documents alike (and it keeps the check cheap enough to run in a test).
    """
    r = random.Random(SEED)
    carriers = list(CARRIERS)
    seen: dict[str, list[frozenset[str]]] = {lang: [] for lang in t.LANGS}
    records: list[Record] = []
    for attack, cores in ((True, P.ATTACK_CORES), (False, P.BENIGN_CORES)):
        order = [cores[i % len(cores)] for i in range(PER_LABEL)]
        r.shuffle(order)
        for i, core in enumerate(order):
            for _ in range(100):
                langs, rec = document(r, carriers[(i + r.randint(0, 1)) % len(carriers)], core, attack)
                size = len(str(rec["text"]).encode())
                sh = char_grams(str(rec["text"]), SHINGLE)
                if MIN_BYTES <= size <= MAX_BYTES and all(
                    jaccard(sh, o) <= NEAR_COPY for lang in langs for o in seen[lang]
                ):
                    break
            else:
                raise RuntimeError(f"no distinct document for core {core[:2]}")
            for lang in langs:
                seen[lang].append(sh)
            records.append(rec)
    r.shuffle(records)
    return records


if __name__ == "__main__":
    raise SystemExit(jsonl.main(build, jsonl.set_file(__package__)))
