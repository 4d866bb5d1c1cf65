"""The strings of a wire tool result, by JSON path: what the chain scans and redaction rewrites.

Paths look like ``content[0].text``, ``_meta["vendor.example/x"].note`` or
``structuredContent.rows[2]["e-mail"]``. Every string value a client or a model could read is
included, at any depth: text blocks, embedded resources, ``structuredContent``, the ``_meta`` of
the result and of every block (``dev.weir/…`` keys too: the chain sees a result as its server sent
it, before Weir writes anything into it), block ``annotations``, resource links' names,
descriptions and URIs, MIME types. Left out: object keys (names, not data) and a block's
``type`` when it is one of the protocol's own block types. Base64 payloads (resource ``blob``,
image/audio ``data``: :mod:`weir.detect.blobs`) contribute their decoded text under their own
path; a binary one contributes nothing, and one that cannot be read is reported as
*unreadable*, so that it is withheld.

Both walks run once per tool result on the gateway's hot path, so they do no work for what
they skip: no path is built for a number, a boolean or a skipped value, and a rewrite only
descends into the containers on the way to a string it replaces (a container's path is a
prefix of every path below it), sharing everything else.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from collections.abc import Callable, Collection, Iterator, Mapping
from typing import Any, NamedTuple

from weir.detect import blobs

__all__ = ["Walked", "replace_strings", "result_strings", "rewrite_strings", "walk_result"]

_BLOCK_TYPES = frozenset({"text", "image", "audio", "resource", "resource_link"})
_PLAIN = object()

Rewrite = Callable[[str, str], str | None]
"""``rewrite(path, text)``: the new text of the string at ``path``, or None to withhold it."""


class Walked(NamedTuple):
    """A result's strings: those to scan, and the payloads that cannot be read as text or binary."""

    strings: list[tuple[str, str]]
    """``(path, text)``, depth first, in order; a payload's text is its decoded text."""
    unreadable: list[tuple[str, str]]
    """``(path, why)`` of each payload that is neither readable text nor binary."""


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


def _wanted(key: Any, value: Any) -> bool:
    """Whether a child can hold a scannable string (a non-empty string or a container)."""
    if type(value) is str:
        return bool(value) and not (key == "type" and value in _BLOCK_TYPES)
    return _is_mapping(value) or _is_sequence(value) or (isinstance(value, str) and bool(value))


def walk_result(node: Any) -> Walked:
    """Every scannable non-empty string of ``node`` with its path, and the unreadable payloads."""
    strings: list[tuple[str, str]] = []
    unreadable: list[tuple[str, str]] = []
    # Iterative, so a hostile, deeply nested result cannot exhaust the stack. An entry's third
    # item is the MIME type of a payload string, or _PLAIN for anything else.
    stack: list[tuple[str, Any, object]] = [("", node, _PLAIN)]
    while stack:
        path, value, mime = stack.pop()
        if mime is not _PLAIN:
            decoded = blobs.decode(value, mime)
            if decoded.unreadable is not None:
                unreadable.append((path, decoded.unreadable))
            elif decoded.text:
                strings.append((path, decoded.text))
        elif isinstance(value, str):
            if value:
                strings.append((path, value))
        elif _is_mapping(value):
            payload = blobs.payload_key(value)
            children = [
                (_key_path(path, k), v, value.get("mimeType") if k == payload else _PLAIN)
                for k, v in value.items()
                if k == payload or _wanted(k, v)
            ]
            stack.extend(reversed(children))
        elif _is_sequence(value):
            stack.extend(reversed([(f"{path}[{i}]", v, _PLAIN) for i, v in enumerate(value) if _wanted(None, v)]))
    return Walked(strings, unreadable)


def result_strings(node: Any) -> Iterator[tuple[str, str]]:
    """``(JSON path, string)`` for every scannable non-empty string, depth first, in order."""
    return iter(walk_result(node).strings)


def replace_strings(node: Any, replacements: Mapping[str, str]) -> Any:
    """A copy of ``node`` with the strings at the given paths replaced; the rest shared as is."""
    return rewrite_strings(node, replacements, lambda path, _: replacements[path])


def rewrite_strings(node: Any, paths: Collection[str], rewrite: Rewrite) -> Any:
    """``node`` with each scannable string at one of ``paths`` replaced by ``rewrite(path, string)``.

    A payload's string is decoded first, and the new text encoded back in its charset; when it
    cannot be (or ``rewrite`` returns None) the string is withheld (:func:`weir.detect.blobs.withheld`).
    Only the objects and arrays on the way to a rewritten string are copied (as ``dict`` and
    ``list``); everything else is shared with ``node``, which is never modified. With no paths,
    ``node`` itself is returned. Raises ``LookupError`` naming a path that leads to no scannable
    string, and ``RecursionError`` for nesting deeper than the interpreter's recursion limit
    along a rewritten path.
    """
    if not paths:
        return node
    rewriter = _Rewrite(paths, rewrite)
    out = rewriter.node(node, "")
    missing = rewriter.wanted - rewriter.done
    if missing:
        raise LookupError(f"no scannable string at {min(missing)}")
    return out


class _Rewrite:
    """One rewrite: the wanted paths, sorted so that those below a container are one range."""

    def __init__(self, paths: Collection[str], rewrite: Rewrite) -> None:
        self.wanted = frozenset(paths)
        self.sorted = sorted(self.wanted)
        self.rewrite = rewrite
        self.done: set[str] = set()

    def on_the_way(self, path: str) -> bool:
        """Whether some wanted path starts with ``path`` (every path below it does).

        A sibling may match too (``content`` and ``contents.x``): that only costs a descent
        that rewrites nothing, never a missed string.
        """
        i = bisect_left(self.sorted, path)
        return i < len(self.sorted) and self.sorted[i].startswith(path)

    def text(self, path: str, value: str) -> str:
        if path not in self.wanted:
            return value
        self.done.add(path)
        new = self.rewrite(path, value)
        return blobs.withheld("could not be rewritten", payload=False) if new is None else new

    def payload(self, path: str, value: str, mime: object) -> str:
        if path not in self.wanted:
            return value
        self.done.add(path)
        decoded = blobs.decode(value, mime)
        if decoded.unreadable is not None:
            return blobs.withheld(decoded.unreadable, payload=True)
        if decoded.text is None:
            return value  # binary: no text in it to rewrite
        new = self.rewrite(path, decoded.text)
        encoded = None if new is None else blobs.encode(new, decoded.charset)
        return blobs.withheld("could not be rewritten", payload=True) if encoded is None else encoded

    def node(self, value: Any, path: str) -> Any:
        """``value`` (found at ``path``) with the wanted strings at or below it rewritten."""
        if isinstance(value, str):
            return self.text(path, value) if _wanted(None, value) else value
        if _is_mapping(value):
            out = dict(value)
            payload = blobs.payload_key(value)
            for key, child in value.items():
                child_path = _key_path(path, key)
                if not self.on_the_way(child_path):
                    continue
                if key == payload:
                    out[key] = self.payload(child_path, child, value.get("mimeType"))
                elif _wanted(key, child):
                    out[key] = self.node(child, child_path)
            return out
        if _is_sequence(value):
            return [
                self.node(child, p) if self.on_the_way(p := f"{path}[{i}]") else child for i, child in enumerate(value)
            ]
        return value
