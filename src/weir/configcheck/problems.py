"""A problem found in a weir.yaml, and finding where in the file a key path is."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import yaml

__all__ = ["Loc", "Locator", "Problem", "Severity"]

Severity = Literal["error", "warning"]
Loc = Sequence[str | int]
"""A key path in the file: mapping keys and list indexes (``("servers", "crm", "url")``)."""


@dataclass(frozen=True)
class Problem:
    """One finding, where it is in the file."""

    severity: Severity
    message: str
    path: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        where = ":".join(str(x) for x in (self.path, self.line, self.column) if x is not None)
        return f"{where}: {self.severity}: {self.message}"


class Locator:
    """Finds the line and column of a key path in the parsed YAML."""

    def __init__(self, path: str, root: yaml.Node | None) -> None:
        self.path = path
        self.root = root

    def problem(self, severity: Severity, message: str, loc: Loc = (), *, key: bool = False) -> Problem:
        node = self.node(loc, key=key)
        if node is None:
            return Problem(severity, message, self.path)
        return Problem(severity, message, self.path, node.start_mark.line + 1, node.start_mark.column + 1)

    def node(self, loc: Loc, *, key: bool = False) -> yaml.Node | None:
        """The value node at ``loc`` (its key node with ``key``); the deepest one found when it stops."""
        node, key_node = self.root, None
        for part in loc:
            if isinstance(node, yaml.MappingNode):
                pair = next(
                    ((k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == str(part)), None
                )
                if pair is None:
                    break
                key_node, node = pair
            elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
                key_node, node = None, node.value[part]
            else:
                continue  # pydantic's own loc parts (a union member's type) name no node
        return key_node if key and key_node is not None else node
