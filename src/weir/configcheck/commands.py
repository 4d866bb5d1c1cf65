"""A stdio server's command, checked without running it: the program, then the script it names.

The gateway starts ``command`` as written, in its own working directory, with ``python`` meaning
the interpreter running Weir (:meth:`weir.labels.config.ServerConfig.argv`). So the check looks
the program up on PATH as the gateway's ``exec`` would, and for an interpreter it knows (Python,
Node, a shell) it finds the script argument relative to the working directory: ``python
missing.py`` and ``node srv.js`` with no such file are errors before a deploy, not a server that
dies at start. ``python -m pkg.mod`` is looked up on disk, package by package, only when ``python`` is Weir's
interpreter — which imports nothing.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import re
import shutil
import sys
from pathlib import Path

from weir.configcheck.problems import Locator, Problem
from weir.labels.config import WEIR_PYTHON

__all__ = ["command_problems"]

_INTERPRETER = re.compile(r"^(python[0-9.]*|node|bash|sh|ruby|perl)$")
"""Programs whose first non-option argument is a script file."""
_TAKES_VALUE = {"-W", "-X", "-Q", "--require", "-r"}
"""Options of those programs that consume the next argument."""


def command_problems(where: Locator, name: str, command: list[str]) -> list[Problem]:
    """The missing program or missing script of server ``name``'s ``command``."""
    loc = ("servers", name, "command")
    program = command[0]
    if program not in WEIR_PYTHON and shutil.which(program) is None:
        why = f"servers.{name}: `{program}` is not found (not on PATH, not an executable file)"
        return [where.problem("error", why, (*loc, 0))]
    if not _INTERPRETER.match(Path(program).name):
        return []
    index, argument = _script_argument(command)
    if argument is None:
        return []
    if argument == "-m":
        return _module_problems(where, name, program, command, index)
    if not Path(argument).is_file():
        why = (
            f"servers.{name}: the script `{argument}` does not exist (a relative path is the working "
            f"directory's, here {Path.cwd()})"
        )
        return [where.problem("error", why, (*loc, index))]
    return []


def _script_argument(command: list[str]) -> tuple[int, str | None]:
    """The position and text of the script (or ``-m``); None after ``-c``/``-e`` or when there is none."""
    skip = False
    for i, arg in enumerate(command[1:], start=1):
        if skip:
            skip = False
        elif arg in ("-m",):
            return i, arg
        elif arg in ("-c", "-e", "--eval", "-"):
            return i, None
        elif arg in _TAKES_VALUE:
            skip = True
        elif not arg.startswith("-"):
            return i, arg
    return 0, None


def _module_problems(where: Locator, name: str, program: str, command: list[str], index: int) -> list[Problem]:
    if program not in WEIR_PYTHON or index + 1 >= len(command):
        return []  # another interpreter's modules are not ours to look up
    missing = _missing_module(command[index + 1])
    if missing is None:
        return []
    why = f"servers.{name}: `{program} -m {command[index + 1]}`: no module `{missing}` for {sys.executable}"
    return [where.problem("error", why, ("servers", name, "command", index + 1))]


def _missing_module(dotted: str) -> str | None:
    """The first part of ``dotted`` that cannot be found, or None when the whole name is a module.

    Found on disk, package by package, with the path finders alone: no package's ``__init__`` runs
    (``importlib.util.find_spec("a.b")`` would import ``a``).
    """
    parts = dotted.split(".")
    try:
        spec = importlib.util.find_spec(parts[0])
    except (ImportError, ValueError):  # not a module name at all
        spec = None
    for depth in range(1, len(parts) + 1):
        if spec is None:
            return ".".join(parts[:depth])
        if depth == len(parts):
            return None
        if spec.submodule_search_locations is None:  # a module, not a package: nothing below it
            return ".".join(parts[: depth + 1])
        spec = importlib.machinery.PathFinder.find_spec(parts[depth], list(spec.submodule_search_locations))
    return None
