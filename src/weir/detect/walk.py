"""The strings of a wire tool result, by JSON path: what the chain scans and redaction rewrites.

Paths look like ``content[0].text`` or ``structuredContent.rows[2]["e-mail"]``. Text blocks,
embedded resources, ``structuredContent`` (recursively) and other string fields are included;
``_meta``, block ``annotations``, ``type``/``mimeType`` and binary payloads (image/audio
``data``, resource ``blob``) are not: they are not text a model reads.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

__all__ = ["replace_strings", "result_strings"]

_SKIP_KEYS = frozenset({"_meta", "annotations", "type", "mimeType", "isError", "blob"})
_BINARY_TYPES = frozenset({"image", "audio"})


def _key_path(path: str, key: object) -> str:
    text = str(key)
    if text.isidentifier():
        return f"{path}.{text}" if path else text
    return f"{path}[{json.dumps(text)}]"


def _children(path: str, value: Any) -> list[tuple[str, Any, Any]]:
    """``(child path, key or index, child)`` of a container, in order; skipped keys left out."""
    if isinstance(value, Mapping):
        binary = value.get("type") in _BINARY_TYPES
        return [
            (_key_path(path, k), k, v) for k, v in value.items() if k not in _SKIP_KEYS and not (binary and k == "data")
        ]
    if isinstance(value, list | tuple):
        return [(f"{path}[{i}]", i, v) for i, v in enumerate(value)]
    return []


def result_strings(node: Any) -> Iterator[tuple[str, str]]:
    """``(JSON path, string)`` for every scannable non-empty string, depth first, in order."""
    # Iterative, so a hostile, deeply nested result cannot exhaust the stack.
    stack: list[tuple[str, Any]] = [("", node)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            if value:
                yield path, value
        else:
            stack.extend((p, v) for p, _, v in reversed(_children(path, value)))


def replace_strings(node: Any, replacements: Mapping[str, str]) -> Any:
    """A copy of ``node`` with the strings at the given paths replaced; the rest shared as is."""
    if not replacements:
        return node
    return _replace(node, "", replacements)


def _replace(value: Any, path: str, replacements: Mapping[str, str]) -> Any:
    if isinstance(value, str):
        return replacements.get(path, value)
    if isinstance(value, Mapping):
        out = dict(value)
        for child_path, key, child in _children(path, value):
            out[key] = _replace(child, child_path, replacements)
        return out
    if isinstance(value, list | tuple):
        return [_replace(child, child_path, replacements) for child_path, _, child in _children(path, value)]
    return value
