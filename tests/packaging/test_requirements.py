"""The wheel's requirements are exactly what src/weir imports: nothing missing, nothing extra.

Every ``import`` and ``from … import`` in src/weir (lazy ones inside functions too, and
``importlib.import_module("…")`` with a literal name) is mapped to the distribution that installs
it, through the installed distributions' own file lists. A module of an optional extra is named in
OPTIONAL below with its extra; everything else must be a core requirement, and every core
requirement must be imported by something. The requirements are read from the built wheel's
METADATA when a wheel is built (the ``wheel`` fixture), else from pyproject.toml.
"""

from __future__ import annotations

import ast
import functools
import importlib.metadata as md
import importlib.util
import os
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "weir"

# Modules only an optional extra installs: the top-level name (or a dotted prefix) -> (extra, distribution).
OPTIONAL = {
    "opentelemetry.exporter": ("otel", "opentelemetry-exporter-otlp-proto-http"),
    "opentelemetry": ("otel", "opentelemetry-sdk"),  # the API too: only traces use it, and the SDK brings it
    "fastmcp": ("fastmcp", "fastmcp"),
    "presidio_analyzer": ("ner", "presidio-analyzer"),
    "spacy": ("ner", "presidio-analyzer"),  # presidio's own dependency, reached through it
    "onnxruntime": ("onnx", "onnxruntime"),
    "tokenizers": ("onnx", "tokenizers"),
    "psycopg": ("fleet", "psycopg"),
    "redis": ("fleet", "redis"),
    "cbor2": ("cbor", "cbor2"),  # only a cbor/rfc8949 evidence digest needs it
    "joserfc": ("oauth", "joserfc"),  # only checking an OAuth access token needs it (weir.identity.tokens)
}
# Extras that no module of src/weir imports, and why that is right.
NOT_IMPORTED = {
    "dev": "the tools of a checkout (tests, linters, reference servers)",
    "bench": "benchmarks/ only",
    "train": "evals/ rebuilding only",
    "judge": "empty: the judge needs nothing beyond the core",
}


def _name(requirement: str) -> str:
    return re.split(r"[\s<>=!~;\[(]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def _imports(tree: ast.AST) -> Iterator[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.args[0].value


@functools.cache
def imported_modules() -> dict[str, set[str]]:
    """Every third-party module src/weir imports -> the files importing it (read once per run)."""
    found: dict[str, set[str]] = {}
    for path in sorted(SRC.rglob("*.py")):
        for module in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            top = module.partition(".")[0]
            if top == "weir" or top in sys.stdlib_module_names:
                continue
            found.setdefault(module, set()).add(str(path.relative_to(ROOT)))
    return found


def _optional(module: str) -> tuple[str, str] | None:
    for prefix, extra in sorted(OPTIONAL.items(), key=lambda kv: -len(kv[0])):  # the longest prefix wins
        if module == prefix or module.startswith(prefix + "."):
            return extra
    return None


@functools.cache
def _packages() -> dict[str, list[str]]:
    """Top-level module -> distributions, read once (it walks every installed distribution)."""
    return dict(md.packages_distributions())


@functools.cache
def _files(dist: str) -> frozenset[str]:
    return frozenset(str(f) for f in md.distribution(dist).files or ())


@functools.cache
def distribution_of(module: str) -> str:
    """The installed distribution whose files hold ``module`` (the deepest package of it found)."""
    spec = importlib.util.find_spec(module.partition(".")[0])
    assert spec is not None, f"{module} is imported by src/weir but not installed here"
    top = module.partition(".")[0]
    candidates = _packages().get(top, [])
    assert candidates, f"no installed distribution provides {top}"
    parts = module.split(".")
    for dist in candidates:
        files = _files(dist)
        for depth in range(len(parts), 0, -1):
            stem = "/".join(parts[:depth])
            if f"{stem}.py" in files or f"{stem}/__init__.py" in files:
                return _name(dist)
    return _name(candidates[0])


def _declared() -> tuple[set[str], dict[str, set[str]]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    core = {_name(r) for r in project["dependencies"]}
    extras = {extra: {_name(r) for r in reqs} for extra, reqs in project["optional-dependencies"].items()}
    return core, extras


def test_every_imported_module_is_declared_core_or_in_its_extra() -> None:
    core, extras = _declared()
    missing = []
    for module, files in imported_modules().items():
        optional = _optional(module)
        if optional is not None:
            extra, dist = optional
            if dist not in extras.get(extra, set()):
                missing.append(f"{module} ({sorted(files)[0]}): `{dist}` not in the [{extra}] extra")
            continue
        dist = distribution_of(module)
        if dist not in core:  # brought by another requirement is not enough: Weir imports it itself
            missing.append(f"{module} ({sorted(files)[0]}): `{dist}` is not a core requirement")
    assert missing == [], "\n".join(missing)


def test_every_core_requirement_is_imported_by_src_weir() -> None:
    core, _ = _declared()
    used = {distribution_of(m) for m in imported_modules() if _optional(m) is None}
    assert core - used == set(), f"declared but never imported: {sorted(core - used)}"


def test_every_extra_is_imported_for_or_says_why_not() -> None:
    _, extras = _declared()
    used = {_optional(m)[0] for m in imported_modules() if _optional(m) is not None}  # type: ignore[index]
    for extra in extras:
        assert extra in used or extra in NOT_IMPORTED, f"[{extra}]: nothing imports it and NOT_IMPORTED says nothing"
    assert set(extras) >= {"otel", "fleet", "onnx", "judge", "dev"}


@pytest.mark.slow
def test_the_built_wheel_requires_what_pyproject_declares(wheel: Path) -> None:
    import zipfile

    with zipfile.ZipFile(wheel) as archive:
        meta = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        text = archive.read(meta).decode()
        names = archive.namelist()
    requires = [line.removeprefix("Requires-Dist: ") for line in text.splitlines() if line.startswith("Requires-Dist:")]
    core, extras = _declared()
    assert {_name(r) for r in requires if "extra ==" not in r} == core
    for extra, dists in extras.items():
        assert f"Provides-Extra: {extra}" in text
        assert {_name(r) for r in requires if f"extra == '{extra}'" in r} == dists
    from weir import __version__

    assert f"\nVersion: {__version__}\n" in text
    # What the wheel ships: the package, its data, and no test or evaluation code.
    assert "weir/py.typed" in names
    assert not [n for n in names if n.startswith(("tests/", "evals/", "scripts/"))]


@pytest.mark.slow
@pytest.mark.skipif(
    os.environ.get("WEIR_TEST_INSTALL") != "1", reason="a fresh install takes a minute: WEIR_TEST_INSTALL=1 runs it"
)
def test_the_wheel_installs_alone_and_serves_the_example() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "check_install.py")], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "pip check clean" in done.stdout
    assert "6 tools (files__read_file, files__write_file, mail__list_inbox" in done.stdout


def test_the_deploy_guide_names_the_core_requirements_as_pyproject_does() -> None:
    text = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    found = re.search(r"The wheel requires exactly what `src/weir` imports — (.*?) — and", text, re.S)
    assert found is not None, "docs/deploy.md lost its list of the core requirements"
    core, _ = _declared()
    assert {name.strip() for name in found.group(1).split(",")} == core


def test_the_sdist_holds_every_part_of_the_checkout_its_tests_read() -> None:
    """What git tracks at the top level is in the sdist (dot-files aside): its tests read docs/ and deploy/."""
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout (an sdist itself)")
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    tops = {line.split("/")[0] for line in listed.splitlines() if not line.startswith(".")}
    sdist = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"]
    included = {entry.split("/")[0] for entry in sdist["sdist"]["include"]} | {"pyproject.toml"}
    assert tops - included == set()
