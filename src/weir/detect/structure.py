"""What the shape of a result says that no single string does: secret-named keys, split texts.

The chain scans every string of a result (:mod:`weir.detect.walk`), each on its own. Two things
are only visible across strings:

- **A key that names a secret.** ``{"AWS_SECRET_ACCESS_KEY": "wJalr…"}`` or ``{"password":
  "hunter2"}`` in ``structuredContent`` or in arguments: the same value written as text
  (``AWS_SECRET_ACCESS_KEY=wJalr…``) is a secret by its name, so it is one here too. The value
  is a ``credentials`` finding (kind ``secret-named-key``) unless it is empty, a placeholder, or
  the name says it holds something *about* the secret (``token_type``, ``password_length``).
- **A text split over blocks.** A model reads a result's text blocks as one text, so a key split
  over two blocks is one key to it. The blocks' texts are also scanned joined, as the model reads
  them; what only the joined text shows is reported in each block it spans.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence

from weir.detect.checks import looks_placeholder
from weir.labels.finding import Finding, FindingClass

__all__ = ["across_blocks", "named_secrets", "secret_name"]

_SECRET_NAME = re.compile(
    r"(?i:secret|passw|passwd|pwd|passphrase|token|api[_-]?key|private[_-]?key|access[_-]?key|credential"
    r"|auth[_-]?key|signing[_-]?key|encryption[_-]?key|session[_-]?key|client[_-]?secret|^pass$|^pin$)"
)
_ABOUT_THE_SECRET = re.compile(
    r"(?i:endpoint|url|uri|path|file|name|type|_id|ids|arn|ttl|expir\w*|length|len|size|count|prefix|header"
    r"|field|param\w*|env|var|format|kind|mode|version|hash|policy|rule\w*|hint|label|placeholder|required)$"
)
_LAST_KEY = re.compile(r'(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[("(?:[^"\\]|\\.)*")\])$')
_TEXT_BLOCK = re.compile(r"content\[\d+\]\.text")
_MIN_VALUE = 4


def secret_name(key: str) -> bool:
    """Whether an object key names a secret (``DB_PASSWORD``, ``apiKey``), not something about one."""
    return _SECRET_NAME.search(key) is not None and _ABOUT_THE_SECRET.search(key) is None


def _last_key(path: str) -> str | None:
    m = _LAST_KEY.search(path)
    if m is None:
        return path if path.isidentifier() else None  # a top-level key (arguments)
    if m.group(1) is not None:
        return m.group(1)
    try:
        key = json.loads(m.group(2))
    except ValueError:
        return None
    return key if isinstance(key, str) else None


def named_secrets(strings: Sequence[tuple[str, str]]) -> list[Finding]:
    """A ``credentials`` finding over each string whose object key names a secret."""
    out = []
    for path, value in strings:
        key = _last_key(path)
        if key is None or not secret_name(key):
            continue
        text = value.strip()
        if len(text) < _MIN_VALUE or looks_placeholder(text):
            continue
        out.append(
            Finding(
                detector="secrets",
                kind="secret-named-key",
                cls=FindingClass.CREDENTIALS,
                start=0,
                end=len(value),
                path=path,
                confidence=0.9,
            )
        )
    return out


def across_blocks(strings: Sequence[tuple[str, str]], scan: Callable[[str], list[Finding]]) -> list[Finding]:
    """Findings that only the result's text blocks joined (as a model reads them) show, per block spanned."""
    blocks = [(path, value) for path, value in strings if _TEXT_BLOCK.fullmatch(path)]
    if len(blocks) < 2:
        return []
    starts, pos = [], 0
    for _, value in blocks:
        starts.append(pos)
        pos += len(value)
    joined = "".join(value for _, value in blocks)
    out: list[Finding] = []
    for f in scan(joined):
        spanned = [i for i, s in enumerate(starts) if s < f.end and f.start < s + len(blocks[i][1])]
        if len(spanned) < 2:
            continue  # inside one block: the per-string scan found it already
        for i in spanned:
            path, value = blocks[i]
            start, end = max(f.start - starts[i], 0), min(f.end - starts[i], len(value))
            out.append(f.model_copy(update={"path": path, "start": start, "end": end}))
    return out
