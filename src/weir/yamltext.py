"""YAML as Weir reads it: safe, and a key given twice in one mapping is an error, not a merge.

PyYAML keeps the last of two equal keys silently — two ``policy:`` sections in one weir.yaml
would become one, and nobody would be told which rules were dropped. Every YAML Weir reads
(weir.yaml, policy files) goes through here.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.constructor import ConstructorError

__all__ = ["DuplicateKeyError", "duplicate_key", "load"]


class DuplicateKeyError(ConstructorError):
    """A mapping gives one key twice; ``problem_mark`` is the second one."""


class _StrictLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` that refuses duplicate keys."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        found = duplicate_key(node, recursive=False)
        if found is not None:
            key, again, first = found
            raise DuplicateKeyError(
                None, None, f"key {key!r} appears twice (first at line {first.start_mark.line + 1})", again.start_mark
            )
        return super().construct_mapping(node, deep=deep)


def load(text: str) -> Any:
    """Parse one YAML document (raises ``yaml.YAMLError``, :class:`DuplicateKeyError` among them)."""
    return yaml.load(text, Loader=_StrictLoader)


def duplicate_key(node: yaml.Node, *, recursive: bool = True) -> tuple[str, yaml.Node, yaml.Node] | None:
    """The first key given twice in a mapping of ``node`` (and, with ``recursive``, below it):
    ``(key, the second key node, the first key node)``, or ``None``."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, yaml.MappingNode):
            seen: dict[str, yaml.Node] = {}
            for key, value in current.value:
                if isinstance(key, yaml.ScalarNode) and key.tag != "tag:yaml.org,2002:merge":
                    if key.value in seen:
                        return key.value, key, seen[key.value]
                    seen[key.value] = key
                if recursive:
                    stack.append(value)
        elif isinstance(current, yaml.SequenceNode) and recursive:
            stack.extend(current.value)
    return None
