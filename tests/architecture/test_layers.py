"""The folder tree is the layer diagram of docs/architecture.md, read from it: every import goes down, never up.

Read from the source with ``ast`` (nothing is imported), so a new upward import fails here with
the file and the line, before it shows up as a cycle or as a library layer loading the gateway.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"

ARCHITECTURE = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"


def _block(heading: str) -> list[str]:
    """The lines of the first code block after ``heading`` in docs/architecture.md."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    after = text[text.index(heading) :]
    opened = after.index("```\n") + 4
    return after[opened : after.index("```", opened)].splitlines()


def _names(part: str) -> list[str]:
    return re.findall(r"(?<![\w./`])([a-z_]+)(?:/|\.py)(?![\w])", part)


def _layers() -> tuple[tuple[str, ...], ...]:
    """The layer diagram, lowest first: each line's packages (column 18 on, before the description)."""
    lines = []
    for line in _block("## The layers, as the folder tree has them"):
        names = _names(re.split(r"\s{3,}", line[17:].strip(), maxsplit=1)[0])
        if names:
            lines.append(tuple(names))
    return tuple(reversed(lines))


def _rooms() -> tuple[tuple[str, ...], ...]:
    """The gateway's rooms, lowest first: the names indented by two spaces in the rooms' block."""
    rooms = [
        m.group(1) for line in _block("## The gateway's rooms") if (m := re.match(r"^  ([a-z_]+)(?:/|\.py)", line))
    ]
    return tuple((room,) for room in reversed(rooms))


# Lowest first; packages on one line share a layer (they may import each other's lower layers only).
LAYERS: tuple[tuple[str, ...], ...] = _layers()
RANK = {package: rank for rank, line in enumerate(LAYERS) for package in line}
ROOMS: tuple[tuple[str, ...], ...] = _rooms()
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


def test_the_diagram_reads_as_the_layers_it_draws() -> None:
    assert LAYERS[0] == ("errors", "_version", "yamltext", "_lazy")
    assert LAYERS[-1] == ("cli", "demo", "__main__")
    assert RANK["labels"] < RANK["flow"] < RANK["policy"] < RANK["detect"] < RANK["guard"] < RANK["pipeline"]
    assert RANK["gateway"] < RANK["console"] < RANK["config"] < RANK["serving"] == RANK["testing"]
    assert [r for (r,) in ROOMS] == [
        "quotas",
        "config",
        "wire",
        "clients",
        "upstream",
        "confirmation",
        "routing",
        "proxy",
        "downstream",
    ]
