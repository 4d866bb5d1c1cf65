"""The folder tree is the layer diagram of docs/architecture.md: every import goes down, never up.

Read from the source with ``ast`` (nothing is imported), so a new upward import fails here with
the file and the line, before it shows up as a cycle or as a library layer loading the gateway.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"

# Lowest first; packages on one line share a layer (they may import each other's lower layers only).
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "_version", "yamltext"),
    ("labels",),
    ("flow",),
    ("policy",),
    ("detect",),
    ("guard",),
    ("audit", "trace", "catalog"),
    ("pipeline",),
    ("observe",),
    ("approvals",),
    ("server", "lint"),
    ("client", "replay", "docs"),
    ("gateway",),
    ("console",),
    ("config", "configcheck"),
    ("serving",),
    ("demo_servers",),
    ("demo", "cli", "evaluation"),
)
RANK = {package: rank for rank, line in enumerate(LAYERS) for package in line}
ROOMS: tuple[tuple[str, ...], ...] = (
    ("config", "wire"),
    ("clients",),
    ("upstream",),
    ("confirmation",),
    ("routing",),
    ("proxy",),
    ("downstream",),
)
"""The gateway's own rooms, lowest first, as docs/architecture.md draws them: the transports
(``downstream``) sit on top of the core (``proxy``) they serve."""
ROOM_RANK = {room: rank for rank, line in enumerate(ROOMS) for room in line}


def _modules() -> Iterator[tuple[str, Path]]:
    for path in sorted((SRC / "weir").rglob("*.py")):
        parts = path.relative_to(SRC).with_suffix("").parts
        yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts), path


def _rank(module: str) -> int | None:
    parts = module.split(".")
    return RANK.get(parts[1]) if len(parts) > 1 else None


def _imports(tree: ast.Module, *, top_level_only: bool = False) -> Iterator[tuple[int, str]]:
    nodes = tree.body if top_level_only else ast.walk(tree)
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("weir"):
            yield node.lineno, node.module
        elif isinstance(node, ast.Import):
            yield from ((node.lineno, a.name) for a in node.names if a.name.startswith("weir"))


def test_every_import_goes_down_the_layers() -> None:
    upward: list[str] = []
    for module, path in _modules():
        own = _rank(module)
        if own is None:  # weir/__init__.py: the public surface re-exports from every library layer
            continue
        for line, imported in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            target = _rank(imported)
            if target is not None and target > own:
                upward.append(f"{path.relative_to(SRC)}:{line}: {module} imports {imported}")
    assert upward == []


def _room_rank(module: str) -> int | None:
    parts = module.split(".")
    return ROOM_RANK.get(parts[2]) if len(parts) > 2 and parts[:2] == ["weir", "gateway"] else None


def test_every_import_in_the_gateway_goes_down_its_rooms() -> None:
    upward: list[str] = []
    for module, path in _modules():
        own = _room_rank(module)
        if own is None:
            continue
        for line, imported in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            target = _room_rank(imported)
            if target is not None and target > own:
                upward.append(f"{path.relative_to(SRC)}:{line}: {module} imports {imported}")
    assert upward == []


def test_every_gateway_module_has_a_room() -> None:
    gateway = SRC / "weir" / "gateway"
    entries = {p.stem for p in gateway.iterdir() if p.suffix == ".py" or (p / "__init__.py").exists()}
    assert entries - {"__init__"} == set(ROOM_RANK)


def test_every_package_has_a_place_in_the_layers() -> None:
    packages = {p.name for p in (SRC / "weir").iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    modules = {p.stem for p in (SRC / "weir").glob("*.py") if p.stem != "__init__"}
    assert (packages | modules) - set(RANK) == set()


def test_no_two_modules_import_each_other_at_import_time() -> None:
    known = dict(_modules())
    graph: dict[str, set[str]] = {}
    for module, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        targets: set[str] = set()
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.module in known:
                # ``from package import submodule`` depends on the submodule, not on the package's own code.
                subs = {f"{node.module}.{a.name}" for a in node.names} & known.keys()
                targets |= subs if len(subs) == len(node.names) else subs | {node.module}
            elif isinstance(node, ast.Import):
                targets |= {a.name for a in node.names if a.name in known}
        graph[module] = targets - {module}
    assert _cycles(graph) == []


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []
    for root, targets in graph.items():
        if root in index:
            continue
        work = [(root, iter(sorted(targets)))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            node, edges = work[-1]
            nxt = next(edges, None)
            if nxt is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = stack[stack.index(node) :]
                    del stack[stack.index(node) :]
                    if len(component) > 1:
                        found.append(sorted(component))
            elif nxt not in index:
                index[nxt] = low[nxt] = len(index)
                stack.append(nxt)
                work.append((nxt, iter(sorted(graph.get(nxt, ())))))
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
    return found
