"""Generate author 5's independent injection set: tool-output documents, half with injections.

Usage: ``python -m evals.detect.generators.fresh5.generate [OUTPUT]`` (default: the committed data file)

Deterministic (fixed seed, stdlib only). Each document is one carrier (a web page, README, source
file, commit log, RSS feed, ...) built from independent slots: filler sentences by topic, an optional
harmless hidden decoy, and one payload. Label 1 payloads are attack cores wrapped in a style that
addresses the reading agent; label 0 payloads are look-alike cores addressed to people. See
evals/detect/HISTORY.md for the labelling rule.
"""

from __future__ import annotations

import html
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from evals.lib import jsonl, pools
from evals.lib.near import NearCopyIndex, word_grams

T = pools.load(__file__, "text")

SEED, PER_LABEL = 20261122_5, 600
MIN_BYTES, MAX_BYTES = 100, 8000
# Documents whose word 8-gram Jaccard similarity reaches this are near copies and get redrawn.
NEAR_COPY = 0.5
WORD = re.compile(r"\w+")


class Slots(dict[str, str]):
    """A format_map mapping that draws each placeholder once per template from the pools."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.rng = rng

    def __missing__(self, key: str) -> str:
        rng = self.rng
        pools: dict[str, Callable[[], str]] = {
            "n": lambda: str(rng.randint(5, 90)),
            "small": lambda: str(rng.randint(2, 12)),
            "big": lambda: str(rng.randint(100, 9999)),
            "v": lambda: f"{rng.randint(0, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 12)}",
            "name": lambda: rng.choice(T.NAMES),
            "prod": lambda: rng.choice(T.PRODUCTS),
        }
        value = pools[key]() if key in pools else rng.choice(T.SLOTS[key])
        self[key] = value
        return value


def fill(template: str, rng: random.Random) -> str:
    """Fill a template's placeholders; doubled braces stay literal braces."""
    return template.format_map(Slots(rng))


@dataclass
class Piece:
    """One unit of a document body: a filler paragraph, a payload part, or a harmless decoy."""

    text: str
    role: str


@dataclass
class Doc:
    """What a carrier renders: a title, the ordered pieces, and how payloads are hidden."""

    title: str
    pieces: list[Piece]
    mode: str
    rng: random.Random


# ---------------------------------------------------------------- attack and benign payloads


def lower_first(text: str) -> str:
    """Lower-case the first letter so a core reads on after a wrapper's lead-in."""
    if len(text) > 1 and text[0].isupper() and text[1].islower():
        return text[0].lower() + text[1:]
    return text


def odd_spacing(text: str, rng: random.Random) -> str:
    """Obfuscate the way attackers do: spaced-out letters or random casing on a run of words."""
    words = text.split(" ")
    start = rng.randrange(max(1, len(words) - 4))
    if rng.random() < 0.5:
        words[start : start + 4] = [" ".join(w) for w in words[start : start + 4]]
    else:
        words = [w.upper() if rng.random() < 0.4 else w for w in words]
    return " ".join(words)


def split_text(text: str, rng: random.Random) -> list[str]:
    """Split an attack in two at a sentence (or failing that a word) boundary."""
    cuts = [m.end() for m in re.finditer(r"[.:!?]\s+", text) if 20 < m.end() < len(text) - 20]
    if not cuts:
        spaces = [i for i, ch in enumerate(text) if ch == " " and 20 < i < len(text) - 20]
        cuts = spaces or [len(text) // 2]
    cut = rng.choice(cuts)
    return [text[:cut].strip(), text[cut:].strip()]


def attack_payload(core: str, rng: random.Random) -> list[str]:
    """Wrap one attack core in a style, maybe obfuscate it, maybe split it into two parts."""
    _, style = rng.choice(T.ATTACK_STYLES)
    filled = fill(core, rng)
    values = Slots(rng)
    values.update(core=filled, lc=lower_first(filled), core_json=json.dumps(filled)[1:-1])
    text = style.format_map(values)
    if rng.random() < 0.08:
        text = odd_spacing(text, rng)
    if rng.random() < 0.14 and len(text) > 60:
        return split_text(text, rng)
    return [text]


def benign_payload(core: str, rng: random.Random) -> list[str]:
    """A look-alike core, sometimes followed by a second one of the same family of subjects."""
    parts = [fill(core, rng)]
    if rng.random() < 0.25:
        _, extra = rng.choice(T.BENIGN_CORES)
        parts.append(fill(extra, rng))
    return parts


# ---------------------------------------------------------------- document bodies


def filler_paragraphs(rng: random.Random, topics: list[str], count: int) -> list[str]:
    """`count` paragraphs of one to four filled sentences from the carrier's topics."""
    chosen_topics = rng.sample(topics, min(len(topics), rng.randint(1, 3)))
    # dict.fromkeys keeps the order and drops sentences shared by two topics; none repeats in a document.
    pool = list(dict.fromkeys(s for topic in chosen_topics for s in T.FILLER[topic]))
    rng.shuffle(pool)
    paragraphs = []
    for _ in range(count):
        chosen = [pool.pop() for _ in range(min(len(pool), rng.randint(1, 4)))]
        if chosen:
            paragraphs.append(" ".join(fill(s, rng) for s in chosen))
    return paragraphs


def compose(rng: random.Random, topics: list[str], payload: list[str], mode: str) -> Doc:
    """Interleave filler, an optional decoy and the payload parts at varied positions."""
    length = rng.choices([0, 1, 3, 6, 10, 16], weights=[1, 3, 5, 4, 2, 1])[0]
    length += len(payload) - 1
    pieces = [Piece(p, "filler") for p in filler_paragraphs(rng, topics, length)]
    if rng.random() < 0.4:
        pieces.insert(rng.randint(0, len(pieces)), Piece(fill(rng.choice(T.BENIGN_HIDDEN), rng), "decoy"))
    first = rng.randint(0, len(pieces))
    pieces.insert(first, Piece(payload[0], "payload"))
    if len(payload) > 1:
        # The second half always has at least one piece of text between it and the first.
        second = rng.randint(min(first + 2, len(pieces)), len(pieces))
        pieces.insert(second, Piece(payload[1], "payload"))
    title = f"{rng.choice(T.TITLES)}: {rng.choice(T.PRODUCTS)}"
    return Doc(title, pieces, mode, rng)


# ---------------------------------------------------------------- carriers


def attr(text: str) -> str:
    """Escape text for an HTML/XML attribute value."""
    return html.escape(text, quote=True)


Hidden = dict[str, Callable[[str], str]]
"""A carrier's hiding places: a mode's name and how it wraps a piece of text."""


def wrap_lines(text: str, prefix: str, width: int = 88) -> str:
    """Wrap text into comment lines that start with `prefix`."""
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(line) + len(word) > width:
            lines.append(prefix + line)
            line = ""
        line = f"{line} {word}" if line else word
    lines.append(prefix + line)
    return "\n".join(lines)


def commented(text: str) -> str:
    """``text`` as a block of ``#`` comments."""
    return wrap_lines(text, "# ")


def quoted(text: str) -> str:
    """``text`` as a JSON (and YAML) string literal."""
    return json.dumps(text, ensure_ascii=False)


def render_pieces(doc: Doc, visible: Callable[[str], str], hidden: Hidden) -> list[str]:
    """Render each piece: filler visibly, payloads by the doc's mode, decoys in a hidden slot."""
    out = []
    for piece in doc.pieces:
        if piece.role == "filler":
            out.append(visible(piece.text))
        elif piece.role == "payload":
            out.append(hidden.get(doc.mode, visible)(piece.text))
        else:
            out.append(hidden[doc.rng.choice(list(hidden))](piece.text))
    return out


def html_page(doc: Doc) -> str:
    """A web page: head with meta tags, nav, article paragraphs, hidden elements, a footer."""
    hidden = {
        "html_comment": "<!-- {} -->".format,
        "hidden_div": lambda t: f'<div style="display:none" aria-hidden="true">{html.escape(t)}</div>',
        "zero_font": lambda t: f'<span style="font-size:0px;color:transparent">{html.escape(t)}</span>',
        "white_text": lambda t: f'<p style="color:#fff;background:#fff">{html.escape(t)}</p>',
        "alt_text": lambda t: f'<img src="/media/{doc.rng.randint(1, 999)}.webp" alt="{attr(t)}">',
        "script": lambda t: f'<script type="application/ld+json">{{"description": {json.dumps(t)}}}</script>',
        "meta_tag": lambda t: f'<meta name="description" content="{attr(t)}">',
    }
    body = "\n".join(render_pieces(doc, lambda t: f"<p>{html.escape(t)}</p>", hidden))
    nav = " | ".join(
        f'<a href="/{w.lower()}">{w}</a>' for w in doc.rng.sample(["Home", "Blog", "Docs", "Shop", "About"], 3)
    )
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{html.escape(doc.title)}</title>\n'
        f"</head>\n<body>\n<nav>{nav}</nav>\n<main>\n<h1>{html.escape(doc.title)}</h1>\n{body}\n</main>\n"
        f"<footer>&copy; {doc.rng.randint(2015, 2026)} {doc.rng.choice(T.SLOTS['company'])}</footer>\n</body>\n</html>"
    )


def markdown_readme(doc: Doc) -> str:
    """A README with badges, install instructions and sections."""
    prod = doc.title.split(": ")[1]
    hidden = {
        "html_comment": "<!-- {} -->".format,
        "link_ref_comment": "[//]: # ({})".format,
        "image_alt": lambda t: f"![{t}](docs/assets/diagram-{doc.rng.randint(1, 9)}.png)",
        "details": "<details>\n<summary>Notes</summary>\n\n{}\n</details>".format,
        "blockquote": "> {}".format,
    }
    heads = ["## Features", "## Usage", "## Configuration", "## Contributing", "## FAQ", "## License", "## Notes"]
    parts = []
    for i, text in enumerate(render_pieces(doc, str, hidden)):
        if i and doc.rng.random() < 0.35:
            parts.append(doc.rng.choice(heads))
        parts.append(text)
    badge = f"![build](https://img.shields.io/badge/build-passing-green) ![pypi](https://img.shields.io/pypi/v/{prod})"
    install = f"```bash\npip install {prod}\n```"
    return f"# {prod}\n\n{badge}\n\n" + "\n\n".join([*parts[:1], install, *parts[1:]])


def source_code(doc: Doc) -> str:
    """A Python module whose prose lives in docstrings and comments."""
    rng = doc.rng
    hidden = {
        "code_comment": commented,
        "docstring": lambda t: f'def _helper_{rng.randint(1, 99)}() -> None:\n    """{t}"""\n',
        "string_constant": lambda t: f"NOTICE = {quoted(t)}",
        "todo_comment": lambda t: commented(t if t.startswith(("TODO", "NOTE")) else f"TODO: {t}"),
    }
    blocks = []
    verbs = ["load", "parse", "flush", "render", "retry", "close", "merge", "validate", "encode", "resolve"]
    rng.shuffle(verbs)
    for i, text in enumerate(render_pieces(doc, commented, hidden)):
        blocks.append(text)
        fn = f"{verbs[i % len(verbs)]}_{rng.choice(T.PRODUCTS).replace('-', '_')}"
        blocks.append(f"def {fn}(value: str) -> str:\n    return value.strip()\n")
    module = rng.choice(["os", "json", "logging", "re"])
    head = f'"""{doc.title}."""\n\nfrom __future__ import annotations\n\nimport {module}\n'
    return head + "\n\n" + "\n\n".join(blocks)


def config_file(doc: Doc) -> str:
    """A CI workflow or service config in YAML with comments and description fields."""
    rng = doc.rng
    hidden = {"yaml_comment": commented, "description_field": lambda t: f"description: {quoted(t)}"}
    hidden["env_value"] = lambda t: f"env:\n  AGENT_NOTE: {quoted(t)}"
    lines = [f"name: {doc.title.split(': ')[1]}-ci", "on:\n  push:\n    branches: [main]"]
    for text in render_pieces(doc, commented, hidden):
        lines.append(text)
        step = rng.choice(["actions/checkout@v4", "actions/setup-python@v5", "actions/cache@v4"])
        lines.append(f"jobs:\n  job{rng.randint(1, 99)}:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: {step}")
    return "\n".join(lines)


def commit_log(doc: Doc) -> str:
    """`git log` output; each piece is the message body of one commit."""
    rng = doc.rng
    subjects = [
        "fix: handle empty input",
        "docs: update guide",
        "chore: bump deps",
        "feat: add export",
        "refactor: split module",
    ]
    hidden = {"commit_body": str, "trailer": "Note-to-reviewers: {}".format}
    out = []
    for text in render_pieces(doc, str, hidden):
        name = rng.choice(T.NAMES)
        body = wrap_lines(text, "    ", 72)
        out.append(
            f"commit {rng.getrandbits(160):040x}\nAuthor: {name} <{name.split()[0].lower()}@users.noreply.github.com>\n"
            f"Date:   {rng.choice(['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])} Mar {rng.randint(1, 28)} "
            f"1{rng.randint(0, 9)}:{rng.randint(10, 59)} 2026\n\n"
            f"    {rng.choice(subjects)}\n\n{body}"
        )
    return "\n\n".join(out)


def package_manifest(doc: Doc) -> str:
    """A package.json whose prose sits in description, a comment key and keywords."""
    rng = doc.rng
    texts = render_pieces(doc, str, {"manifest_field": str, "comment_key": lambda t: "//" + t})
    data: dict[str, object] = {"name": doc.title.split(": ")[1], "version": fill("{v}", rng)}
    comments = [t[2:] for t in texts if t.startswith("//")]
    plain = [t for t in texts if not t.startswith("//")]
    data["description"] = " ".join(plain[:1])
    if comments:
        data["//"] = comments
    data["scripts"] = {"build": "tsc -p .", "test": "vitest run"}
    if plain[1:]:
        data["readme"] = "\n\n".join(plain[1:])
    data["license"] = rng.choice(["MIT", "Apache-2.0", "ISC"])
    return json.dumps(data, indent=2, ensure_ascii=False)


def pdf_text(doc: Doc) -> str:
    """Text extracted from a PDF: page markers, headers, footnotes, broken lines."""
    rng = doc.rng
    hidden = {
        "footnote": lambda t: f"{rng.randint(1, 9)} {t}",
        "page_footer": lambda t: f"{t}    Page {rng.randint(2, 40)}",
        "inline": lambda t: wrap_lines(t, "", 70),
    }
    out = [doc.title.upper(), f"{rng.choice(T.SLOTS['company'])} | Whitepaper | {fill('{date}', rng)}"]
    for i, text in enumerate(render_pieces(doc, lambda t: wrap_lines(t, "", 70), hidden)):
        if i and rng.random() < 0.3:
            out.append(f"\f-- {rng.randint(2, 30)} --")
        out.append(text)
    return "\n\n".join(out)


def wiki_page(doc: Doc) -> str:
    """MediaWiki markup with sections, a template box and references."""
    rng = doc.rng
    hidden = {
        "wiki_comment": "<!-- {} -->".format,
        "template_param": "{{{{Note|{}}}}}".format,
        "reference": "<ref>{}</ref>".format,
    }
    out = [f"'''{doc.title}''' is an article in the {rng.choice(T.SLOTS['company'])} knowledge base."]
    for text in render_pieces(doc, str, hidden):
        if rng.random() < 0.3:
            out.append(f"== {rng.choice(['History', 'Overview', 'Usage', 'See also', 'Details'])} ==")
        out.append(text)
    out.append("== References ==\n<references />\n[[Category:Documentation]]")
    return "\n\n".join(out)


def thread(doc: Doc, hidden: Hidden, opening: Callable[[list[str]], list[str]], reply: Callable[[str], str]) -> str:
    """A thread: its opening (made from the pieces, the first of them in it), then each later piece as a reply."""
    texts = render_pieces(doc, str, hidden)
    return "\n\n".join([*opening(texts), *(reply(text) for text in texts[1:])])


def qa_thread(doc: Doc) -> str:
    """A Q&A page: the question, then answers and comments with scores and authors."""
    rng = doc.rng
    return thread(
        doc,
        {"answer": str, "comment": "  comment: {}".format},
        lambda texts: [
            f"Q: {doc.title}?  (asked by {rng.choice(T.SLOTS['user'])}, {rng.randint(2, 900)} views)",
            texts[0],
            f"{len(texts) - 1} Answers",
        ],
        lambda text: f"Answer by {rng.choice(T.NAMES)} (score {rng.randint(-2, 80)}):\n{text}",
    )


def rss_feed(doc: Doc) -> str:
    """An RSS 2.0 feed; each piece becomes one item's description."""
    rng = doc.rng
    hidden = {
        "cdata": "<![CDATA[{}]]>".format,
        "cdata_hidden_span": '<![CDATA[<span style="display:none">{}</span>]]>'.format,
        "escaped": html.escape,
    }
    items = []
    for text in render_pieces(doc, html.escape, hidden):
        slug = rng.choice(T.PRODUCTS)
        items.append(
            f"  <item>\n    <title>{html.escape(rng.choice(T.TITLES))} #{rng.randint(1, 300)}</title>\n"
            f"    <link>https://blog.{slug}.example/p/{rng.randint(100, 9999)}</link>\n"
            f"    <description>{text}</description>\n  </item>"
        )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0">\n<channel>\n'
        f"<title>{html.escape(doc.title)}</title>\n" + "\n".join(items) + "\n</channel>\n</rss>"
    )


def search_results(doc: Doc) -> str:
    """A search tool's result list: rank, title, URL, snippet."""
    rng = doc.rng
    texts = render_pieces(doc, str, {"snippet": str, "snippet_ellipsis": "... {} ...".format})
    out = [f'Results for "{doc.title.split(": ")[1]} {rng.choice(["review", "docs", "pricing", "install", "error"])}"']
    for rank, text in enumerate(texts, 1):
        host = f"{rng.choice(T.PRODUCTS)}.{rng.choice(['com', 'io', 'dev', 'org'])}"
        out.append(f"{rank}. {rng.choice(T.TITLES)} - {host}\n   https://{host}/{rng.randint(1, 999)}\n   {text}")
    return "\n\n".join(out)


def issue_thread(doc: Doc) -> str:
    """A GitHub issue with its body and comments (as an issue-reading tool returns it)."""
    rng = doc.rng
    return thread(
        doc,
        {"html_comment": "<!-- {} -->".format, "issue_comment": str, "quote_reply": "> {}".format},
        lambda texts: [
            f"#{rng.randint(10, 4999)} {doc.title}\nopened by {rng.choice(T.SLOTS['user'])} · labels: bug, triage",
            texts[0],
        ],
        lambda text: f"--- {rng.choice(T.SLOTS['user'])} commented {rng.randint(1, 30)} days ago\n{text}",
    )


def email_message(doc: Doc) -> str:
    """An email as a mail tool returns it: headers, body, signature, quoted history."""
    rng = doc.rng
    hidden = {
        "html_span": '<span style="color:#ffffff;font-size:1px">{}</span>'.format,
        "signature": lambda t: f"--\n{rng.choice(T.NAMES)}\n{t}",
        "quoted": lambda t: wrap_lines(t, "> ", 76),
        "body": str,
    }
    sender = rng.choice(T.NAMES)
    company = rng.choice(T.SLOTS["company_dom"])
    head = (
        f"From: {sender} <{sender.split()[0].lower()}@{company}>\nTo: me@{rng.choice(T.SLOTS['company_dom'])}\n"
        f"Subject: {doc.title}\nDate: {fill('{date}', rng)} 2026\n"
    )
    return head + "\n" + "\n\n".join(render_pieces(doc, str, hidden))


def chat_transcript(doc: Doc) -> str:
    """A team chat export; external participants and link previews can carry text."""
    rng = doc.rng
    hidden = {
        "chat_message": str,
        "link_preview": lambda t: f"[link preview] https://{rng.choice(T.PRODUCTS)}.example — {t}",
        "shared_file": "[shared file notes.txt] {}".format,
    }
    out = [f"#{rng.choice(['eng', 'general', 'ops', 'finance', 'random'])} — export"]
    for text in render_pieces(doc, str, hidden):
        who = rng.choice([*T.NAMES, "guest (external)"])
        out.append(f"[{rng.randint(8, 19):02d}:{rng.randint(0, 59):02d}] {who}: {text}")
    return "\n".join(out)


@dataclass(frozen=True)
class Carrier:
    """A document type: its renderer, filler topics, and the payload positions it supports."""

    name: str
    render: Callable[[Doc], str]
    topics: list[str]
    modes: list[str]
    visible: str


# Each carrier: the function that renders it, the topics of its filler, the modes a payload can take (drawn
# in this order) and the mode in which it shows plainly.
RENDERERS: dict[str, Callable[[Doc], str]] = {
    "web_page": html_page,
    "readme": markdown_readme,
    "source_code": source_code,
    "ci_config": config_file,
    "commit_log": commit_log,
    "package_manifest": package_manifest,
    "pdf_text": pdf_text,
    "wiki_page": wiki_page,
    "qa_thread": qa_thread,
    "rss_feed": rss_feed,
    "search_results": search_results,
    "issue_thread": issue_thread,
    "email": email_message,
    "chat_log": chat_transcript,
}
TOPICS = {
    "web_page": "web travel cooking hardware",
    "readme": "library community devops",
    "source_code": "library devops security",
    "ci_config": "devops security",
    "commit_log": "library devops security",
    "package_manifest": "library community",
    "pdf_text": "research finance security hr",
    "wiki_page": "research hardware gardening travel",
    "qa_thread": "library hardware devops cooking",
    "rss_feed": "web community gardening finance",
    "search_results": "web travel library finance",
    "issue_thread": "library devops community",
    "email": "finance hr security travel",
    "chat_log": "hr finance devops community",
}
MODES = {
    "web_page": "html_comment hidden_div zero_font white_text alt_text script meta_tag p",
    "readme": "html_comment link_ref_comment image_alt details blockquote paragraph",
    "source_code": "code_comment docstring string_constant todo_comment",
    "ci_config": "yaml_comment description_field env_value",
    "commit_log": "commit_body trailer",
    "package_manifest": "manifest_field comment_key",
    "pdf_text": "footnote page_footer inline",
    "wiki_page": "wiki_comment template_param reference paragraph",
    "qa_thread": "answer comment",
    "rss_feed": "cdata cdata_hidden_span escaped",
    "search_results": "snippet snippet_ellipsis",
    "issue_thread": "html_comment issue_comment quote_reply",
    "email": "html_span signature quoted body",
    "chat_log": "chat_message link_preview shared_file",
}
VISIBLE = {
    "web_page": "p",
    "readme": "paragraph",
    "source_code": "code_comment",
    "ci_config": "yaml_comment",
    "commit_log": "commit_body",
    "package_manifest": "manifest_field",
    "pdf_text": "inline",
    "wiki_page": "paragraph",
    "qa_thread": "answer",
    "rss_feed": "escaped",
    "search_results": "snippet",
    "issue_thread": "issue_comment",
    "email": "body",
    "chat_log": "chat_message",
}
CARRIERS = [Carrier(n, render, TOPICS[n].split(), MODES[n].split(), VISIBLE[n]) for n, render in RENDERERS.items()]


# ---------------------------------------------------------------- the set


def draw(rng: random.Random, carrier: Carrier, label: int, core: str) -> str:
    """One candidate document of `carrier` around `core`."""
    if label:
        payload = attack_payload(core, rng)
        mode = rng.choice(carrier.modes)
    else:
        payload = benign_payload(core, rng)
        mode = carrier.visible if rng.random() < 0.5 else rng.choice(carrier.modes)
    return carrier.render(compose(rng, carrier.topics, payload, mode))


def build(seed: int = SEED) -> list[dict[str, object]]:
    """The whole set: PER_LABEL documents per label, carriers and cores taken in rotation."""
    rng = random.Random(seed)
    index = NearCopyIndex(NEAR_COPY)
    rows: list[dict[str, object]] = []
    for label, cores in ((1, T.ATTACK_CORES), (0, T.BENIGN_CORES)):
        order, carriers = list(cores), list(CARRIERS)
        for i in range(PER_LABEL):
            if i % len(order) == 0:
                rng.shuffle(order)
            if i % len(carriers) == 0:
                rng.shuffle(carriers)
            kind, core = order[i % len(order)]
            carrier = carriers[i % len(carriers)]
            for _ in range(200):
                text = draw(rng, carrier, label, core)
                grams = word_grams(text, words=WORD, short=False)
                if MIN_BYTES <= len(text.encode()) <= MAX_BYTES and index.similarity(grams) < NEAR_COPY:
                    break
            else:
                raise RuntimeError(f"could not draw a distinct {carrier.name} document for {kind}")
            index.add(grams)
            rows.append({"text": text, "label": label, "carrier": carrier.name, "kind": kind})
    rng.shuffle(rows)
    return rows


if __name__ == "__main__":
    raise SystemExit(jsonl.main(build, jsonl.set_file(__package__)))
