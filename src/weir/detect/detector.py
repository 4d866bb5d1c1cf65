"""What a detector is: the two extension points of the detect layer, as Protocols.

A text detector is a small object configured in ``__init__`` and applied with ``__call__`` —
like a structlog processor — so a chain of them is plain data (``weir.yaml`` ``detectors:``).
A tool check looks at a whole ``tools/list`` of one server (poisoning, pinning).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from weir.labels.finding import Finding

__all__ = ["Detector", "ToolCheck"]


@runtime_checkable
class Detector(Protocol):
    """Finds things in one text.

    ``__call__`` must never raise on any string (huge, adversarial, lone surrogates, NULs) and
    must run in time linear in the text; spans index the text it was given. The chain calls it
    with the NORMALISED text (see :mod:`weir.detect.normalize`) unless the detector has a true
    attribute ``raw_text``, and maps spans back to the original itself.
    """

    id: str
    """Stable id, used in ``weir.yaml`` and as ``Finding.detector``."""

    def __call__(self, text: str) -> list[Finding]:
        """The findings in ``text``."""
        ...


@runtime_checkable
class ToolCheck(Protocol):
    """Checks the tool definitions one server publishes; finding paths are ``tools[<index>]…``."""

    id: str
    """Stable id, used in ``weir.yaml`` and as ``Finding.detector``."""

    def check(self, server: str, tools: Sequence[Mapping[str, Any]]) -> list[Finding]:
        """The findings for ``server``'s ``tools``."""
        ...
