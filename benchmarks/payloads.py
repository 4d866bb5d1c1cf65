"""The three results of issue 36's table, from one MCP server: an echo, a web page, a listing.

- ``echo``: about 100 B of text back;
- ``page``: about 20 KB of prose (sentences over a fixed vocabulary, a link or an id now and then),
  from an open-world tool (untrusted, so its prose is indexed);
- ``listing``: a JSON document of about 200 KB, a list of similar records (id, name, e-mail, amount,
  IBAN-like account, a URL, a one-sentence note), as a text block.

Every payload is built once, deterministically (a fixed seed), so every side sends the same bytes.
Run as a stdio server: ``python -m benchmarks.payloads``.
"""

from __future__ import annotations

import json
import random
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp_types import ToolAnnotations

__all__ = ["ARGS", "TOOLS", "listing", "page", "server"]

PAGE_BYTES = 20 * 1024
LISTING_BYTES = 200 * 1024
TOOLS = ("echo", "page", "listing")
ARGS: dict[str, dict[str, Any]] = {"echo": {"text": "x" * 90}, "page": {}, "listing": {}}

_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _vocabulary(rnd: random.Random, n: int) -> list[str]:
    return ["".join(rnd.choices(_LETTERS, k=rnd.randint(2, 9))) for _ in range(n)]


def page(size: int = PAGE_BYTES, seed: int = 7) -> str:
    """About ``size`` bytes of prose with an id or a link now and then."""
    rnd = random.Random(seed)
    vocab = _vocabulary(rnd, 2000)
    out: list[str] = []
    total = 0
    while total < size:
        words = rnd.choices(vocab, k=rnd.randint(6, 16))
        if rnd.random() < 0.2:
            words.append(f"#{rnd.randrange(10**7):07d}")
        if rnd.random() < 0.05:
            words.append(f"https://{rnd.choice(vocab)}.example/{rnd.choice(vocab)}")
        sentence = " ".join(words).capitalize() + ". "
        out.append(sentence)
        total += len(sentence)
    return "".join(out)[:size]


def listing(size: int = LISTING_BYTES, seed: int = 11) -> str:
    """A JSON list of similar records, about ``size`` bytes."""
    rnd = random.Random(seed)
    vocab = _vocabulary(rnd, 500)
    records: list[dict[str, Any]] = []
    total = 2
    while total < size:
        first, last = rnd.choice(vocab).capitalize(), rnd.choice(vocab).capitalize()
        record = {
            "id": f"rec-{len(records):06d}",
            "name": f"{first} {last}",
            "email": f"{first.lower()}.{last.lower()}@{rnd.choice(vocab)}.example",
            "amount": f"{rnd.randrange(1, 99999)}.{rnd.randrange(100):02d}",
            "account": f"DE{rnd.randrange(10, 99)}{rnd.randrange(10**17, 10**18)}",
            "url": f"https://{rnd.choice(vocab)}.example/{rnd.choice(vocab)}/{len(records)}",
            "note": " ".join(rnd.choices(vocab, k=rnd.randint(3, 9))).capitalize() + ".",
            "status": rnd.choice(["open", "closed", "pending"]),
        }
        records.append(record)
        total += len(json.dumps(record)) + 2
    return json.dumps(records)


server = MCPServer("bench-payloads")
_PAGE = page()
_LISTING = listing()


@server.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def echo(text: str) -> str:
    """Say ``text`` back."""
    return f"echo: {text}"


@server.tool(name="page", annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=True))
def page_tool() -> str:
    """A 20 KB web page of prose."""
    return _PAGE


@server.tool(name="listing", annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=True))
def listing_tool() -> str:
    """A 200 KB JSON listing of records."""
    return _LISTING


if __name__ == "__main__":
    server.run("stdio")
