"""What a trusted server wrote first is its own (docs/policy.md, "Unannotated servers").

A trusted result's sentences are not indexed as fields, so an identifier inside one ("the A1
kettle has 4 left") was never remembered as trusted data, and a page naming A1 later made
``set_stock(sku="A1")`` look steered by the page. The identifiers of a trusted result's text —
words holding letters and digits together, the way SKUs, order numbers and ticket ids are written
— are remembered whole with it (:func:`identifiers`), as a structured field would be.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["identifiers"]

_IDENTIFIER = re.compile(r"(?<![\w#@./-])#?([A-Za-z]+[-_]?\d[\w-]*|\d+[-_]?[A-Za-z][\w-]*)(?![\w@/])")
_MAX_IDS = 256
"""Identifiers kept per result: a bound (a long trusted text is not a list of records)."""
_MAX_ID = 40


def identifiers(texts: Iterable[object]) -> list[str]:
    """The identifier-like words of trusted text (``A1``, ``XK-4471``, ``#W5512002``), in order,
    each once: letters and digits together, at most 40 characters, at most 256 per text."""
    out: dict[str, None] = {}
    for text in texts:
        if not isinstance(text, str):
            continue
        for m in _IDENTIFIER.finditer(text):
            word = m.group(0).rstrip("-_")
            if len(word) <= _MAX_ID:
                out[word] = None
                if len(out) >= _MAX_IDS:
                    return list(out)
    return list(out)
