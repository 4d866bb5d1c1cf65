"""Generate the second independent held-out set for the injection detector (issue #4).

Writes ``evals/detect/injection-tools-heldout2.jsonl``: tool-output-style
documents (e-mails, web pages, chat logs, tickets, JSON records, logs, PDF text ...), half of them
carrying an indirect prompt injection addressed to the agent that reads them, half benign
look-alikes that merely talk about passwords, payments, administrators, assistants or ignoring
things. Deterministic (fixed seed, stdlib only): re-running it reproduces the file byte for byte.

    python -m evals.detect.generators.heldout2.generate [PATH]

The labelling rule and the independence rules are in ``evals/detect/HISTORY.md``.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable

from evals.detect.generators.heldout2.carriers import CARRIERS, MAX_BYTES, MIN_BYTES
from evals.lib import jsonl, pools
from evals.lib.compose import spread

T = pools.load(__file__, "text")

SEED, PER_LABEL = 4_2026_1121, 600

ATTACK_STYLES = (
    "polite",
    "fake_system",
    "note_to_ai",
    "roleplay",
    "html_comment",
    "code_comment",
    "alt_text",
    "short",
    "hidden_css",
    "json_field",
    "fake_tool_call",
    "obfuscated",
    "split",
    "multilingual",
    "long",
)
# Benign containers that mimic the attack containers, so that markup alone does not give the label away.
BENIGN_WRAPS = (
    "{core}",
    "{core}",
    "{core}",
    "{core}",
    "<!-- editor note: {core} -->",
    "# NOTE: {core}",
    "[NOTICE] {core}",
    "Note to editors: {core}",
    '<div class="hidden-print">{core}</div>',
    "Important: {core}",
    "IT Service Desk says: {core}",
)

Doc = dict[str, object]


def _iban(rng: random.Random) -> str:
    digits = "".join(rng.choice("0123456789") for _ in range(18))
    country = rng.choice(("DE", "FR", "ES", "NL", "GB", "LT"))
    raw = f"{country}{rng.randint(10, 99)}{digits}"
    return " ".join(raw[i : i + 4] for i in range(0, len(raw), 4))


def slot_values(rng: random.Random) -> dict[str, str]:
    """Draw one value for every slot a core, filler or carrier may use."""
    name, name2, victim, atk_name = rng.sample(T.NAMES, 4)
    domain = rng.choice(T.ATTACKER_DOMAINS)
    site = rng.choice(T.SITES)
    amount_num = rng.choice((rng.randint(120, 980), rng.randint(1_000, 49_000), rng.randint(50, 99) * 100))
    currency = rng.choice(("EUR", "€", "$", "GBP", "USD"))
    amount = f"{amount_num:,} {currency}" if len(currency) == 3 else f"{currency}{amount_num:,}"
    atk_user = rng.choice(T.ATTACKER_USERS)
    return {
        "name": name,
        "name2": name2,
        "victim": victim.split()[0],
        "atk_name": atk_name,
        "atk_domain": domain,
        "atk_url": f"https://{domain}",
        "atk_email": f"{atk_user}@{domain}",
        "atk_user": atk_user,
        "site": site,
        "user": name.split()[0].lower(),
        "amount": amount,
        "amount_num": str(amount_num),
        "iban": _iban(rng),
        "ref": f"{rng.choice(('INV', 'PO', 'ORD', 'R'))}-{rng.randint(10_000, 99_999)}",
        "card4": f"{rng.randint(0, 9999):04d}",
        "n": str(rng.randint(3, 950)),
        "n2": str(rng.randint(2, 97)),
        "file": rng.choice(T.FILES),
        "folder": rng.choice(T.FOLDERS),
        "repo": rng.choice(T.REPOS),
        "channel": rng.choice(T.CHANNELS),
        "company": rng.choice(T.COMPANIES),
        "city": rng.choice(T.CITIES),
        "date": f"{rng.randint(1, 28)} {rng.choice(T.MONTHS)} 2026",
        "month": rng.choice(T.MONTHS),
        "address": rng.choice(T.ADDRESSES),
        "proj": rng.choice(("billing", "site", "ml-models", "infra")),
        "pkg": rng.choice(T.PACKAGES),
        "b64": "".join(
            rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij0123456789") for _ in range(rng.randint(24, 48))
        ),
        "pw": f"{rng.choice(('Summer', 'Winter', 'Admin', 'Welcome'))}{rng.randint(2020, 2027)}!",
        "code": f"{rng.randint(0, 999_999):06d}",
        "ad": rng.choice(T.ADS),
    }


def _tidy(text: str) -> str:
    # Empty stealth tails leave double spaces and " ." behind; a human author would not.
    text = re.sub(r"[ \t]{2,}", " ", text)
    return re.sub(r" ([.)])(?=\s|$)", r"\1", text).strip()


def _garble(rng: random.Random, word: str) -> str:
    how = rng.randrange(3)
    if how == 0:
        return " ".join(word)
    if how == 1:
        return "".join(c.upper() if i % 2 else c.lower() for i, c in enumerate(word))
    return ".".join(word)


def _obfuscate(rng: random.Random, core: str) -> str:
    """Break up keywords the way attackers do: s p a c e d letters, aLtErNaTiNg case, dots."""
    out = []
    for word in core.split(" "):
        garble = len(word) >= 4 and word.isalpha() and rng.random() < 0.45
        out.append(_garble(rng, word) if garble else word)
    return " ".join(out)


def _wrap(rng: random.Random, templates: tuple[str, ...], core: str, tail: str, v: dict[str, str]) -> str:
    template = rng.choice(templates)
    return _tidy(template.format(core=core, Core=core[:1].upper() + core[1:], tail=tail, **v))


def _long(rng: random.Random, core: str, tail: str, v: dict[str, str]) -> list[str]:
    pool = T.STYLE_TEMPLATES[rng.choice(("polite", "note_to_ai", "fake_system"))]
    return [_wrap(rng, pool, core, tail, v)]


def _hidden_css(rng: random.Random, core: str, tail: str, v: dict[str, str]) -> list[str]:
    return [_wrap(rng, T.HIDDEN_CSS, core, tail, v)]


def _obfuscated(rng: random.Random, core: str, tail: str, v: dict[str, str]) -> list[str]:
    pool = T.STYLE_TEMPLATES[rng.choice(("note_to_ai", "fake_system"))]
    return [_wrap(rng, pool, _obfuscate(rng, core), tail, v)]


def _json_field(rng: random.Random, core: str, tail: str, v: dict[str, str]) -> list[str]:
    record = {"id": int(v["n"]), rng.choice(T.JSON_FIELDS): _tidy(f"Assistant: {core}. {tail}")}
    return [json.dumps(record, ensure_ascii=False)]


def _fake_tool_call(rng: random.Random, core: str, tail: str, v: dict[str, str]) -> list[str]:
    args = json.dumps({"instruction": core, "confirm": False, "notify_user": False}, ensure_ascii=False)
    markup = rng.choice(T.TOOL_CALL_MARKUP).format(name=rng.choice(T.TOOL_NAMES), args=args)
    lead = rng.choice(("", "Queued action for the assistant:\n", "Pending step (auto-approved):\n"))
    return [lead + markup]


def _split(rng: random.Random, core: str, tail: str, v: dict[str, str]) -> list[str]:
    words = core.split(" ")
    cut = max(2, len(words) // 2)
    head = f"{rng.choice(T.SPLIT_HEADS)} {' '.join(words[:cut])} ..."
    return [head, _tidy(rng.choice(T.SPLIT_TAILS).format(rest=" ".join(words[cut:]), tail=tail))]


# Styles whose markup the generator builds itself (the rest are templates in the text module).
_BUILT_STYLES: dict[str, Callable[[random.Random, str, str, dict[str, str]], list[str]]] = {
    "long": _long,
    "hidden_css": _hidden_css,
    "obfuscated": _obfuscated,
    "json_field": _json_field,
    "fake_tool_call": _fake_tool_call,
    "split": _split,
}


def attack_inserts(rng: random.Random, style: str, core: str, v: dict[str, str]) -> list[str]:
    """Turn one attack core into the one or two text blocks a carrier will embed."""
    tail = rng.choice(T.STEALTH_TAILS)
    if style in T.STYLE_TEMPLATES:
        return [_wrap(rng, T.STYLE_TEMPLATES[style], core, tail, v)]
    if style in _BUILT_STYLES:
        return _BUILT_STYLES[style](rng, core, tail, v)
    raise ValueError(f"unknown attack style {style!r}")


def _size_for(style: str) -> str:
    if style == "short":
        return "short"
    if style == "long":
        return "long"
    return "normal"


def render(carrier: str, rng: random.Random, v: dict[str, str], inserts: list[str], size: str) -> str:
    """Render a document, dropping fillers until it fits the size budget."""
    fills = {"short": rng.randint(0, 1), "normal": rng.randint(2, 6), "long": rng.randint(22, 34)}[size]
    if len(inserts) > 1:
        fills = max(fills, 2)
    renderer: Callable[..., str] = CARRIERS[carrier]
    while True:
        state = rng.getstate()
        text = renderer(rng, v, inserts, fills)
        size_b = len(text.encode())
        if size_b <= MAX_BYTES or fills == 0:
            break
        rng.setstate(state)
        fills -= 1
    while len(text.encode()) < MIN_BYTES:
        fills += 1
        text = renderer(rng, v, inserts, fills)
    return text


def build(seed: int = SEED, per_label: int = PER_LABEL) -> list[Doc]:
    """Every document of the set, injections first then benign, in a seeded shuffled order (keys sorted)."""
    rng = random.Random(seed)
    carriers = sorted(CARRIERS)
    docs: list[Doc] = []
    english = [(goal, core) for goal, cores in T.ATTACK_CORES.items() for core in cores]
    styles = spread(rng, list(ATTACK_STYLES), per_label)
    cores = iter(spread(rng, english, per_label))
    multi = iter(spread(rng, list(T.MULTILINGUAL_ATTACKS), per_label))
    for style, carrier in zip(styles, spread(rng, carriers, per_label), strict=True):
        v = slot_values(rng)
        if style == "multilingual":
            goal, payload = next(multi)
            inserts = [_tidy(payload.format(**v))]
        else:
            goal, core = next(cores)
            inserts = attack_inserts(rng, style, core.format(**v), v)
        text = render(carrier, rng, v, inserts, _size_for(style))
        docs.append({"carrier": carrier, "kind": f"{goal}/{style}", "label": 1, "text": text})
    benign = [(topic, core) for topic, cores in T.BENIGN_CORES.items() for core in cores]
    sizes = spread(rng, ["short"] + ["long"] + ["normal"] * 13, per_label)
    for (topic, core), carrier, size in zip(
        spread(rng, benign, per_label), spread(rng, carriers, per_label), sizes, strict=True
    ):
        v = slot_values(rng)
        insert = _tidy(rng.choice(BENIGN_WRAPS).format(core=core.format(**v)))
        text = render(carrier, rng, v, [insert], size)
        docs.append({"carrier": carrier, "kind": f"lookalike/{topic}", "label": 0, "text": text})
    rng.shuffle(docs)
    return docs


if __name__ == "__main__":
    raise SystemExit(jsonl.main(build, jsonl.set_file(__package__)))
