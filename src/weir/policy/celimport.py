"""The CEL evaluator without its command line: ``import cel`` at a fraction of the cost.

The common-expression-language package's ``__init__`` imports ``cel.cli``, its interactive shell,
which imports prompt_toolkit, pygments, rich and typer — about a fifth of ``import weir`` — for a
REPL Weir never runs. Before the first ``import cel`` this module registers ``cel.cli`` as a
placeholder module: the package imports as usual, and the shell's code runs
only if something touches ``cel.cli`` (then it loads whole, as written). When the package's layout
is not the one expected, or ``cel`` is already imported, it is simply imported.
"""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path
from typing import Any

__all__ = ["cel"]


class _Deferred(types.ModuleType):
    """``cel.cli`` until a name in it is asked for; then its code runs in this very module."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # the import system's own probes (``__path__``…) load nothing
            raise AttributeError(name)
        self.__class__ = types.ModuleType  # type: ignore[assignment]  # once: then a plain module
        assert self.__spec__ is not None
        assert self.__spec__.loader is not None
        self.__spec__.loader.exec_module(self)
        return getattr(self, name)


def _defer_cli() -> None:
    if "cel" in sys.modules or "cel.cli" in sys.modules:
        return
    package = importlib.util.find_spec("cel")  # a top-level spec: nothing is executed
    if package is None or not package.submodule_search_locations:
        return
    path = Path(next(iter(package.submodule_search_locations))) / "cli.py"
    spec = importlib.util.spec_from_file_location("cel.cli", path)
    if not path.is_file() or spec is None:
        return
    module = _Deferred("cel.cli")
    module.__spec__, module.__loader__, module.__file__ = spec, spec.loader, str(path)
    module.__package__ = "cel"
    sys.modules["cel.cli"] = module


_defer_cli()

import cel as _cel  # noqa: E402 - after the shell is deferred

cel: Any = _cel
"""The ``cel`` package (its Rust evaluator: ``cel.Context``, ``cel.evaluate``, …)."""
