"""The strings of a wire tool result, by JSON path: what the chain scans and redaction rewrites.

Paths look like ``content[0].text`` or ``structuredContent.rows[2]["e-mail"]``. Text blocks,
embedded resources, ``structuredContent`` (recursively) and other string fields are included;
``_meta``, block ``annotations``, ``type``/``mimeType`` and binary payloads (image/audio
``data``, resource ``blob``) are not: they are not text a model reads.

Both walks run once per tool result on the gateway's hot path, so they do no work for what
they skip: no path is built for a number, a boolean or a skipped key, and a rewrite only
descends into the containers on the way to a string it replaces (a container's path is a
prefix of every path below it), sharing everything else.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from collections.abc import Callable, Collection, Iterator, Mapping
from typing import Any

__all__ = ["replace_strings", "result_strings", "rewrite_strings"]

_SKIP_KEYS = frozenset({"_meta", "annotations", "type", "mimeType", "isError", "blob"})
_BINARY_TYPES = frozenset({"image", "audio"})


def _key_path(path: str, key: object) -> str:
    text = str(key)
    if text.isidentifier():
        return f"{path}.{text}" if path else text
    return f"{path}[{json.dumps(text)}]"


def _is_mapping(value: Any) -> bool:
    # Wire results are plain dicts: the exact type test spares the ABC check on the common case.
    return type(value) is dict or isinstance(value, Mapping)


def _is_sequence(value: Any) -> bool:
    return type(value) is list or isinstance(value, list | tuple)


def _items(value: Mapping[Any, Any]) -> Iterator[tuple[Any, Any]]:
    """The ``(key, child)`` pairs of an object that are walked: skipped keys left out."""
    binary = value.get("type") in _BINARY_TYPES
    for key, child in value.items():
        if key not in _SKIP_KEYS and not (binary and key == "data"):
            yield key, child


def _wanted(value: Any) -> bool:
    """Whether a child can hold a scannable string (a non-empty string or a container)."""
    if type(value) is str:
        return bool(value)
    return _is_mapping(value) or _is_sequence(value) or (isinstance(value, str) and bool(value))


def result_strings(node: Any) -> Iterator[tuple[str, str]]:
    """``(JSON path, string)`` for every scannable non-empty string, depth first, in order."""
    # Iterative, so a hostile, deeply nested result cannot exhaust the stack.
    stack: list[tuple[str, Any]] = [("", node)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            if value:
                yield path, value
        elif _is_mapping(value):
            children = [(_key_path(path, k), v) for k, v in _items(value) if _wanted(v)]
            stack.extend(reversed(children))
        elif _is_sequence(value):
            stack.extend(reversed([(f"{path}[{i}]", v) for i, v in enumerate(value) if _wanted(v)]))


def replace_strings(node: Any, replacements: Mapping[str, str]) -> Any:
    """A copy of ``node`` with the strings at the given paths replaced; the rest shared as is."""
    return rewrite_strings(node, replacements, lambda path, _: replacements[path])


def rewrite_strings(node: Any, paths: Collection[str], rewrite: Callable[[str, str], str]) -> Any:
    """``node`` with each scannable string at one of ``paths`` replaced by ``rewrite(path, string)``.

    Only the objects and arrays on the way to a rewritten string are copied (as ``dict`` and
    ``list``); everything else is shared with ``node``, which is never modified. With no paths,
    ``node`` itself is returned. Nesting deeper than the interpreter's recursion limit along a
    rewritten path raises ``RecursionError``.
    """
    if not paths:
        return node
    return _Rewrite(paths, rewrite).node(node, "")


class _Rewrite:
    """One rewrite: the wanted paths, sorted so that those below a container are one range."""

    def __init__(self, paths: Collection[str], rewrite: Callable[[str, str], str]) -> None:
        self.wanted = frozenset(paths)
        self.sorted = sorted(self.wanted)
        self.rewrite = rewrite

    def on_the_way(self, path: str) -> bool:
        """Whether some wanted path starts with ``path`` (every path below it does).

        A sibling may match too (``content`` and ``contents.x``): that only costs a descent
        that rewrites nothing, never a missed string.
        """
        i = bisect_left(self.sorted, path)
        return i < len(self.sorted) and self.sorted[i].startswith(path)

    def node(self, value: Any, path: str) -> Any:
        """``value`` (found at ``path``) with the wanted strings at or below it rewritten."""
        if isinstance(value, str):
            return self.rewrite(path, value) if path in self.wanted else value
        if _is_mapping(value):
            out = dict(value)
            for key, child in _items(value):
                child_path = _key_path(path, key)
                if self.on_the_way(child_path):
                    out[key] = self.node(child, child_path)
            return out
        if _is_sequence(value):
            return [
                self.node(child, p) if self.on_the_way(p := f"{path}[{i}]") else child for i, child in enumerate(value)
            ]
        return value
