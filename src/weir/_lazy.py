"""Package attributes resolved on first use (PEP 562), so importing one module of a package does
not import every module its ``__init__`` re-exports.

A package whose ``__init__`` re-exports from its heavy modules makes ``from weir.pkg.small import
X`` pay for all of them: ``weir.config`` once loaded the whole decision path because
``weir.approvals.config`` sat under an ``__init__`` that imported the queue. The package lists its
names with the module that defines each (and imports them under ``TYPE_CHECKING`` for the type
checker); this module supplies its ``__getattr__`` and ``__dir__``.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["exports"]


def exports(package: str, names: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for ``package``: each name of ``names`` comes from its module."""

    def getattr_(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[package], name, value)  # resolved once: later lookups are plain attributes
        return value

    def dir_() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(names))

    return getattr_, dir_
