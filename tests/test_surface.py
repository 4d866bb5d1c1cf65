"""Every package of src/weir says what it exports (``__all__``), and the packages' surface is pinned.

One parametrised test, a package per case: the package's ``__init__`` assigns ``__all__`` (an
empty list says "use the modules", deliberately); every name in it exists once imported and none
is private; the list is the one recorded in tests/surface.json — so adding or dropping a name is
a decision someone sees in review. After an intended change:
``.venv/bin/python -m tests.test_surface --write``. Each module's own ``__all__`` (what a package
with an empty list points to) is checked from the source: present, public, and defined there.
"""

from __future__ import annotations

import ast
import importlib
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
PINNED = Path(__file__).with_name("surface.json")


def packages() -> list[str]:
    found = []
    for init in sorted((SRC / "weir").rglob("__init__.py")):
        found.append(".".join(init.parent.relative_to(SRC).parts))
    return found


def declared(package: str) -> list[str] | None:
    """The literal ``__all__`` of ``package``'s ``__init__`` (None when it has none)."""
    init = SRC.joinpath(*package.split("."), "__init__.py")
    return declared_in(ast.parse(init.read_text(encoding="utf-8")))


def declared_in(tree: ast.Module) -> list[str] | None:
    """A module's literal ``__all__`` (None when it has none)."""
    for node in tree.body:
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets) and node.value is not None:
            return list(ast.literal_eval(node.value))
    return None


@pytest.mark.parametrize("package", packages())
def test_the_package_declares_its_surface_and_it_is_the_pinned_one(package: str) -> None:
    names = declared(package)
    assert names is not None, f"{package}/__init__.py has no __all__ (an empty one says: use the modules)"
    assert len(names) == len(set(names)), "a name listed twice"
    assert [n for n in names if n.startswith("_") and n != "__version__"] == []
    module = importlib.import_module(package)
    assert [n for n in names if not hasattr(module, n)] == []
    pinned = json.loads(PINNED.read_text(encoding="utf-8"))
    assert sorted(names) == pinned.get(package), (
        f"{package}'s surface changed; if intended: python -m tests.test_surface --write"
    )


@pytest.mark.parametrize("package", packages())
def test_no_name_a_package_resolves_lazily_is_also_one_of_its_modules(package: str) -> None:
    # Importing weir.detect.redact binds the package's `redact` to the module, and a lazy name is
    # then never resolved: such a name must be bound in the __init__ itself (weir/_lazy.py).
    init = SRC.joinpath(*package.split("."), "__init__.py")
    tree = ast.parse(init.read_text(encoding="utf-8"))
    lazy = {
        key.value
        for call in ast.walk(tree)
        if isinstance(call, ast.Call) and getattr(call.func, "id", None) == "exports"
        for mapping in call.args
        if isinstance(mapping, ast.Dict)
        for key in mapping.keys
        if isinstance(key, ast.Constant)
    }
    modules = {p.stem for p in init.parent.iterdir() if p.suffix == ".py" or (p / "__init__.py").exists()}
    assert lazy & modules == set()


def test_every_package_is_pinned_and_nothing_else() -> None:
    assert sorted(json.loads(PINNED.read_text(encoding="utf-8"))) == packages()


def _defined(tree: ast.Module) -> set[str]:
    """The names a module binds at its top level (inside top-level ``if``/``try`` blocks too)."""
    names: set[str] = set()
    body: list[ast.stmt] = list(tree.body)
    while body:
        node = body.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names.update((a.asname or a.name).partition(".")[0] for a in node.names)
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
        elif isinstance(node, ast.If | ast.Try | ast.With):
            body.extend(node.body)
            body.extend(getattr(node, "orelse", []))
            body.extend(getattr(node, "finalbody", []))
            body.extend(stmt for handler in getattr(node, "handlers", []) for stmt in handler.body)
    return names


# Modules with nothing to export by name: the version string (weir.__version__ re-exports it) and
# generated Unicode tables (read through weir.text).
NO_ALL = {"weir._version", "weir.text.unidata"}


def test_every_module_declares_an_all_of_public_names_it_defines() -> None:
    """The packages' ``__all__`` are pinned above; a package whose list is empty says "use the
    modules", so each module states its own surface too — read from the source, nothing imported."""
    problems = []
    for path in sorted((SRC / "weir").rglob("*.py")):
        module = ".".join(path.relative_to(SRC).with_suffix("").parts)
        if path.name in ("__init__.py", "__main__.py") or module in NO_ALL:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = declared_in(tree)
        if names is None:
            problems.append(f"{module}: no literal __all__")
            continue
        private = [n for n in names if n.startswith("_")]
        undefined = sorted(set(names) - _defined(tree))
        if private or undefined or len(names) != len(set(names)):
            problems.append(f"{module}: private {private}, not defined {undefined}, {len(names)} listed")
    assert problems == []


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    surface = {package: sorted(declared(package) or []) for package in packages()}
    PINNED.write_text(json.dumps(surface, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {PINNED.relative_to(ROOT)}: {len(surface)} packages, {sum(map(len, surface.values()))} names")
