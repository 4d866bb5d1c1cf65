"""Write the fresh, independently authored injection evaluation set (issue #4).

Usage: ``python -m evals.detect.generators.fresh.generate [OUT_FILE]`` (stdlib only, fixed seed, so
the output is byte-for-byte reproducible). Writes ``evals/detect/injection-tools-fresh.jsonl`` unless a
path is given: one JSON object per line, ``{"text", "label", "carrier", "kind"}``. Label 1 documents
carry an instruction addressed to the AI agent that reads the tool output; label 0 documents only look
like one (see ``evals/detect/HISTORY.md`` for the rule). ``kind`` is the attack *style* for label 1 and
the look-alike *genre* for label 0.

Every document is composed from independent slots -- carrier frame, filler paragraphs, entity
values, one attack or look-alike core, an opener and a closer, decorations -- and every slot pool
is shared between the two labels wherever it can be, so that nothing but the instruction itself
separates them. The phrasings live in ``text.json`` beside this module, which assembles them.
"""

from __future__ import annotations

import json
import random
import unicodedata
from collections.abc import Callable

from evals.lib import jsonl, pools
from evals.lib.compose import wrap_words

T = pools.load(__file__, "text")

SEED, PER_LABEL = 20261121, 600
MIN_BYTES, MAX_BYTES = 100, 8192

GENERIC_STYLES = (
    "plain",
    "polite",
    "fake-system",
    "fake-developer",
    "tool-syntax",
    "note-to-ai",
    "role-play",
    "multilingual",
    "obfuscated",
    "split",
)
# Styles that only make sense where their markup survives.
CARRIER_STYLES = {
    "html-comment": ("web-page", "markdown-file", "email", "pull-request"),
    "hidden-css": ("web-page", "email"),
    "alt-text": ("web-page", "markdown-file"),
    "json-field": ("json-record", "log"),
    "code-comment": ("source-code", "pull-request"),
    "quoted": ("email", "markdown-file", "pdf-text"),
}


def make_context(rng: random.Random) -> dict[str, str]:
    """Draw one document's entities: every slot a core, filler or frame may name."""
    first, last = rng.choice(T.FIRST), rng.choice(T.LAST)
    first2, last2 = rng.choice(T.FIRST), rng.choice(T.LAST)
    domain, domain2 = rng.choice(T.DOMAINS), rng.choice(T.DOMAINS)
    handle = rng.choice(T.HANDLES)
    return {
        "first": first,
        "name": f"{first} {last}",
        "first2": first2,
        "name2": f"{first2} {last2}",
        "email": f"{_ascii(first)}.{_ascii(last)}@{domain}",
        "email2": f"{_ascii(first2)}@{domain2}",
        "ext_email": f"{handle}@{domain2}",
        "company": rng.choice(T.COMPANIES),
        "product": rng.choice(T.PRODUCTS),
        "city": rng.choice(T.CITIES),
        "domain": domain,
        "host": f"{rng.choice(T.SUBDOMAINS)}.{domain2}",
        "url": f"https://{rng.choice(T.SUBDOMAINS)}.{domain2}/{rng.choice(T.PATHS)}",
        "amount": f"{rng.choice(T.CURRENCIES)}{rng.randint(2, 980) * 10 + rng.choice((0, 5))}",
        "iban": _iban(rng),
        "date": f"{rng.randint(1, 28)} {rng.choice(T.MONTHS)} 2026",
        "time": f"{rng.randint(7, 18):02d}:{rng.choice(('00', '15', '30', '45'))}",
        "file": rng.choice(T.FILES),
        "folder": rng.choice(T.FOLDERS),
        "repo": f"{rng.choice(T.HANDLES)}/{rng.choice(T.REPOS)}",
        "num": str(rng.randint(100, 9999)),
        "order": f"{rng.choice('ABCDEFGHJK')}{rng.randint(100000, 999999)}",
        "phone": f"+{rng.choice((1, 33, 44, 49, 34))} {rng.randint(200, 999)} {rng.randint(1000000, 9999999)}",
        "code": str(rng.randint(100000, 999999)),
        "tool": rng.choice(T.TOOL_NAMES),
    }


def _ascii(name: str) -> str:
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return folded.lower().replace("'", "")


def _iban(rng: random.Random) -> str:
    country = rng.choice(("DE", "FR", "ES", "GB", "NL"))
    digits = "".join(str(rng.randint(0, 9)) for _ in range(18))
    return f"{country}{rng.randint(10, 99)} {' '.join(digits[i : i + 4] for i in range(0, 16, 4))} {digits[16:]}"


def fill(template: str, ctx: dict[str, str]) -> str:
    """Substitute the context into a phrase (phrases use ``{slot}`` names only)."""
    return template.format_map(ctx)


# ---------------------------------------------------------------- attack styles


def _addressed(rng: random.Random, core: str) -> str:
    return f"{rng.choice(T.OPENERS)} {core} {rng.choice(T.CLOSERS)}".strip()


def style_fragments(rng: random.Random, style: str, core: str, ctx: dict[str, str]) -> list[str]:
    """Wrap an attack core in a style; split styles return two fragments placed apart."""
    if style == "split":
        return _split(rng, core)
    if style == "obfuscated":
        return [_obfuscate(rng, _addressed(rng, core))]
    if style == "multilingual":
        lang = rng.choice(sorted(T.FOREIGN_CORES))
        foreign = fill(rng.choice(T.FOREIGN_CORES[lang]), ctx)
        return [f"{rng.choice(T.FOREIGN_OPENERS[lang])} {foreign}"]
    ctx = {**ctx, "core": core, "core_lc": core[0].lower() + core[1:]}
    table: dict[str, Callable[[random.Random, str, dict[str, str]], str]] = {
        "plain": lambda r, c, x: _addressed(r, c),
        "polite": lambda r, c, x: f"{r.choice(T.POLITE)} {c[0].lower()}{c[1:]} {r.choice(T.CLOSERS)}".strip(),
        "fake-system": lambda r, c, x: fill(r.choice(T.FAKE_SYSTEM), x),
        "fake-developer": lambda r, c, x: fill(r.choice(T.FAKE_DEVELOPER), x),
        "tool-syntax": lambda r, c, x: fill(r.choice(T.TOOL_SYNTAX), x),
        "note-to-ai": lambda r, c, x: f"{r.choice(T.NOTE_TO_AI)} {c} {r.choice(T.CLOSERS)}".strip(),
        "role-play": lambda r, c, x: fill(r.choice(T.ROLE_PLAY), x),
        "html-comment": lambda r, c, x: f"<!-- {_addressed(r, c)} -->",
        "hidden-css": lambda r, c, x: fill(r.choice(T.HIDDEN_CSS), {**x, "core": _addressed(r, c)}),
        "alt-text": lambda r, c, x: fill(r.choice(T.ALT_TEXT), {**x, "core": _addressed(r, c)}),
        "json-field": lambda r, c, x: json.dumps({r.choice(T.JSON_KEYS): _addressed(r, c)}),
        "code-comment": lambda r, c, x: fill(r.choice(T.CODE_COMMENT), {**x, "core": _addressed(r, c)}),
        "quoted": lambda r, c, x: fill(r.choice(T.QUOTED), {**x, "core": _addressed(r, c)}),
    }
    return [table[style](rng, core, ctx)]


def _split(rng: random.Random, core: str) -> list[str]:
    words = core.split()
    cut = max(3, len(words) // 2)
    head, tail = " ".join(words[:cut]), " ".join(words[cut:]) or rng.choice(T.CLOSERS)
    first, second = rng.choice(T.SPLIT_PAIRS)
    return [f"{first} {head}", f"{second} {tail}"]


def _obfuscate(rng: random.Random, text: str) -> str:
    how = rng.choice(("spaced", "casing", "dotted", "gaps", "homoglyph", "zero-width"))
    words = text.split(" ")
    if how == "casing":
        return "".join(ch.upper() if rng.random() < 0.5 else ch.lower() for ch in text)
    if how == "gaps":
        return "".join(w + rng.choice(("  ", "   ", "\n", " \t ", " ")) for w in words).strip()
    if how == "homoglyph":
        table = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "p": "\u0440", "c": "\u0441", "i": "\u0456"}
        return "".join(table[ch] if ch in table and rng.random() < 0.6 else ch for ch in text)
    sep = {"spaced": " ", "dotted": ".", "zero-width": "\u200b"}[how]
    # Only the first words are mangled: a reader (or a model) still gets the whole request.
    n = rng.randint(3, 6)
    return " ".join([sep.join(w) for w in words[:n]] + words[n:])


# ---------------------------------------------------------------- carriers


def _paras(rng: random.Random, ctx: dict[str, str], count: int, lang_mix: bool = True) -> list[str]:
    out = []
    for _ in range(count):
        if lang_mix and rng.random() < 0.07:
            lang = rng.choice(sorted(T.FOREIGN_FILLER))
            sentences = rng.sample(T.FOREIGN_FILLER[lang], k=min(2, len(T.FOREIGN_FILLER[lang])))
        else:
            sentences = rng.sample(T.FILLER, k=rng.randint(1, 4))
        out.append(" ".join(fill(s, ctx) for s in sentences))
    return out


Blocks = list[str]
Ctx = dict[str, str]


def _email(rng: random.Random, blocks: Blocks, ctx: Ctx, title: str) -> str:
    head = (
        f"From: {ctx['name2']} <{ctx['email2']}>\nTo: {ctx['email']}\nSubject: {title}\n"
        f"Date: {ctx['date']} {ctx['time']}\n\n"
    )
    greeting, signoff = fill(rng.choice(T.GREETINGS), ctx), fill(rng.choice(T.SIGNOFFS), ctx)
    return f"{head}{greeting}\n\n" + "\n\n".join(blocks) + f"\n\n{signoff}"


def _web_page(rng: random.Random, blocks: Blocks, ctx: Ctx, title: str) -> str:
    inner = "\n".join(b if b.lstrip().startswith("<") else f"<p>{b}</p>" for b in blocks)
    nav = " | ".join(rng.sample(T.NAV, k=4))
    return (
        f"<!DOCTYPE html>\n<html><head><title>{title}</title></head>\n<body>\n<nav>{nav}</nav>\n"
        f"<h1>{title}</h1>\n{inner}\n<footer>&copy; 2026 {ctx['company']}</footer>\n</body></html>"
    )


def _markdown(rng: random.Random, blocks: Blocks, ctx: Ctx, title: str) -> str:
    parts = [f"# {title}", *blocks]
    if rng.random() < 0.5:
        parts.insert(2, "\n".join(f"- {fill(s, ctx)}" for s in rng.sample(T.BULLETS, k=3)))
    return "\n\n".join(parts)


def _review(rng: random.Random, blocks: Blocks, ctx: Ctx, title: str) -> str:
    stars = rng.randint(1, 5)
    head = (
        f"{'★' * stars}{'☆' * (5 - stars)}  {title}\nReviewed by {ctx['first2']} in {ctx['city']} "
        f"on {ctx['date']} · Verified purchase: {ctx['product']}\n\n"
    )
    return head + "\n\n".join(blocks) + f"\n\n{rng.randint(0, 90)} people found this helpful"


def _chat(rng: random.Random, blocks: Blocks, ctx: Ctx, title: str) -> str:
    speakers = [ctx["first"], ctx["first2"], rng.choice(T.FIRST)]
    lines = [f"#{rng.choice(T.CHANNELS)} — exported {ctx['date']}"]
    minute = rng.randint(8 * 60, 11 * 60)
    for block in blocks:
        minute += rng.randint(0, 25)
        lines.append(f"[{minute // 60:02d}:{minute % 60:02d}] {rng.choice(speakers).lower()}: {block}")
    return "\n".join(lines)


def _ticket(rng: random.Random, blocks: Blocks, ctx: Ctx, title: str) -> str:
    half = max(1, len(blocks) // 2)
    out = (
        f"{rng.choice(T.PROJECT_KEYS)}-{ctx['num']}: {title}\nStatus: {rng.choice(T.STATUSES)}   "
        f"Priority: {rng.choice(('Low', 'Medium', 'High'))}\nReporter: {ctx['name2']}   Assignee: {ctx['name']}\n\n"
        "Description:\n" + "\n\n".join(blocks[:half])
    )
    for comment in blocks[half:]:
        out += f"\n\n--- Comment by {rng.choice(T.FIRST)} ({ctx['date']}):\n{comment}"
    return out


def _calendar(rng: random.Random, blocks: Blocks, ctx: Ctx, title: str) -> str:
    desc = "\\n\\n".join(b.replace("\n", "\\n") for b in blocks)
    start = f"202603{rng.randint(10, 28)}T{ctx['time'].replace(':', '')}00Z"
    return (
        f"BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:{ctx['code']}-{ctx['num']}@{ctx['domain']}\n"
        f"DTSTART:{start}\nSUMMARY:{title}\nLOCATION:{rng.choice(T.ROOMS)}, {ctx['city']}\n"
        f"ORGANIZER;CN={ctx['name2']}:mailto:{ctx['email2']}\nDESCRIPTION:{desc}\nEND:VEVENT\nEND:VCALENDAR"
    )


def _pdf_text(rng: random.Random, blocks: Blocks, ctx: Ctx, title: str) -> str:
    pages = []
    for i, block in enumerate(blocks):
        pages.append(wrap_words(block, rng.randint(64, 90)))
        if i % 3 == 2:
            pages.append(f"\f— {i // 3 + 2} —\n{ctx['company']} · {title}")
    return f"{title.upper()}\n{ctx['company']} — {ctx['date']}\n\n" + "\n\n".join(pages)


def _csv(rng: random.Random, blocks: Blocks, ctx: Ctx, title: str) -> str:
    rows = ["id,date,owner,status,notes"]
    for i, block in enumerate(blocks):
        note = block.replace('"', '""')
        owner, status = rng.choice(T.FIRST), rng.choice(T.STATUSES)
        rows.append(f'{int(ctx["num"]) + i},{ctx["date"]},{owner},{status},"{note}"')
    return "\n".join(rows)


def _search_results(rng: random.Random, blocks: Blocks, ctx: Ctx, title: str) -> str:
    out = [f'Results for "{title.lower()}"']
    for i, block in enumerate(blocks, 1):
        link = f"https://{rng.choice(T.DOMAINS)}/{rng.choice(T.PATHS)}"
        out.append(f"{i}. {fill(rng.choice(T.TITLES), ctx)}\n   {link}\n   {block}")
    return "\n\n".join(out)


def _pull_request(rng: random.Random, blocks: Blocks, ctx: Ctx, title: str) -> str:
    head = (
        f"#{ctx['num']} {title}\n{ctx['first2'].lower()} wants to merge 3 commits into main from "
        f"{rng.choice(T.BRANCHES)}\n\n## Summary\n\n"
    )
    return head + "\n\n".join(blocks) + "\n\n## Checklist\n- [x] tests\n- [ ] docs"


def _json_record(rng: random.Random, blocks: list[str], ctx: dict[str, str], title: str) -> str:
    record: dict[str, object] = {"id": int(ctx["num"]), "title": title, "owner": ctx["email"], "created": ctx["date"]}
    extra: dict[str, object] = {}
    texts = []
    for block in blocks:
        if block.startswith("{") and block.endswith("}"):
            extra.update(json.loads(block))
        else:
            texts.append(block)
    record["description"] = texts[0] if texts else ""
    record["comments"] = [{"author": rng.choice(T.FIRST), "body": t} for t in texts[1:]]
    record.update(extra)
    record["tags"] = rng.sample(T.TAGS, k=3)
    return json.dumps(record, ensure_ascii=False, indent=rng.choice((None, 2)))


def _log(rng: random.Random, blocks: Blocks, ctx: Ctx, title: str) -> str:
    lines = []
    for i, block in enumerate(blocks):
        stamp = f"2026-03-{rng.randint(10, 28)}T{9 + i % 9:02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}Z"
        for _ in range(rng.randint(0, 2)):
            lines.append(f"{stamp} INFO  {fill(rng.choice(T.LOG_LINES), ctx)}")
        if block.startswith("{"):
            lines.append(f"{stamp} DEBUG payload={block}")
        else:
            lines.append(f"{stamp} {rng.choice(('INFO ', 'WARN ', 'INFO '))} {rng.choice(T.LOG_SOURCES)}: {block}")
    return "\n".join(lines)


def _source(rng: random.Random, blocks: list[str], ctx: dict[str, str], title: str) -> str:
    lines = [f'"""{title}.', "", wrap_words(blocks[0], 88), '"""', "", "import os", ""]
    for i, block in enumerate(blocks[1:]):
        if block.lstrip().startswith(("#", "//", "/*")):
            lines.append(block)
        else:
            lines.extend(f"# {ln}" for ln in wrap_words(block, 86).splitlines())
        lines.append(fill(rng.choice(T.CODE_LINES), {**ctx, "i": str(i)}))
        lines.append("")
    return "\n".join(lines)


RENDERERS: dict[str, Callable[[random.Random, Blocks, Ctx, str], str]] = {
    "email": _email,
    "web-page": _web_page,
    "markdown-file": _markdown,
    "review": _review,
    "chat": _chat,
    "ticket": _ticket,
    "calendar": _calendar,
    "json-record": _json_record,
    "log": _log,
    "pdf-text": _pdf_text,
    "source-code": _source,
    "csv": _csv,
    "search-results": _search_results,
    "pull-request": _pull_request,
}
"""One renderer per carrier; its keys are the carriers."""
CARRIERS = tuple(RENDERERS)


def render(rng: random.Random, carrier: str, blocks: list[str], ctx: dict[str, str]) -> str:
    """Lay the blocks out the way the carrier's tool would return them."""
    return RENDERERS[carrier](rng, blocks, ctx, fill(rng.choice(T.TITLES), ctx))


# ---------------------------------------------------------------- documents


def _assemble(rng: random.Random, carrier: str, payload: list[str], ctx: dict[str, str]) -> str:
    """Place payload fragments among filler and render; resample filler until the size fits."""
    length = rng.choices(("short", "medium", "long"), weights=(2, 6, 2))[0]
    count = {"short": rng.randint(0, 1), "medium": rng.randint(2, 6), "long": rng.randint(12, 34)}[length]
    for _ in range(20):
        blocks = _paras(rng, ctx, count)
        if rng.random() < 0.35:
            blocks.insert(rng.randint(0, len(blocks)), fill(rng.choice(T.DECORATIONS.get(carrier, T.PLAIN_DECOR)), ctx))
        positions = sorted(rng.randint(0, len(blocks)) for _ in payload)
        for offset, (pos, frag) in enumerate(zip(positions, payload, strict=True)):
            blocks.insert(pos + offset, frag)
        text = render(rng, carrier, blocks, ctx)
        size = len(text.encode("utf-8"))
        if MIN_BYTES <= size <= MAX_BYTES:
            return text
        count = count + 2 if size < MIN_BYTES else max(0, count // 2)
    raise RuntimeError(f"could not fit a {carrier} document into {MIN_BYTES}..{MAX_BYTES} bytes")


def injection(rng: random.Random, carrier: str, core: str) -> dict[str, object]:
    """One label-1 document: an attack core in a style the carrier can hold."""
    ctx = make_context(rng)
    special = [s for s, where in CARRIER_STYLES.items() if carrier in where]
    # Markup styles get half the documents of the carriers that can hold them, or they would be rare.
    style = rng.choice(special if special and rng.random() < 0.5 else GENERIC_STYLES)
    payload = style_fragments(rng, style, fill(core, ctx), ctx)
    if rng.random() < 0.3:  # look-alike prose in attack documents too, so it is no label cue
        payload.insert(rng.randint(0, len(payload)), fill(rng.choice(rng.choice(list(T.BENIGN.values()))), ctx))
    return {"text": _assemble(rng, carrier, payload, ctx), "label": 1, "carrier": carrier, "kind": style}


def benign(rng: random.Random, carrier: str, kind: str, core: str) -> dict[str, object]:
    """One label-0 document: a look-alike core, sometimes two, among the same filler."""
    ctx = make_context(rng)
    payload = [fill(core, ctx)]
    if rng.random() < 0.3:
        payload.append(fill(rng.choice(rng.choice(list(T.BENIGN.values()))), ctx))
    return {"text": _assemble(rng, carrier, payload, ctx), "label": 0, "carrier": carrier, "kind": kind}


def build(seed: int = SEED, per_label: int = PER_LABEL) -> list[dict[str, object]]:
    """The whole set, deterministic for a seed: attacks and look-alikes cycled so each core is used."""
    rng = random.Random(seed)
    cores = [c for group in T.ATTACKS.values() for c in group]
    looks = [(kind, c) for kind, group in T.BENIGN.items() for c in group]
    rng.shuffle(cores)
    rng.shuffle(looks)
    docs = []
    for i in range(per_label):
        docs.append(injection(rng, CARRIERS[i % len(CARRIERS)], cores[i % len(cores)]))
        kind, core = looks[i % len(looks)]
        docs.append(benign(rng, CARRIERS[(i * 5 + 3) % len(CARRIERS)], kind, core))
    rng.shuffle(docs)
    return docs


if __name__ == "__main__":
    raise SystemExit(jsonl.main(build, jsonl.set_file(__package__)))
