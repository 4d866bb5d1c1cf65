"""The wheel ships what runs and nothing of the evaluation: no scorer, no trainer, no data set, no test.

Evaluation material (data sets, generators, scorers, the injection model's trainer) lives under
``evals/`` and ``scripts/`` (DESIGN.md, "Evaluation material"). These checks hold the built wheel to
that: its modules are exactly src/weir's, no module of src/weir imports ``evals`` (the runtime never
needs it), and no module is named for training or scoring. The shipped model is data the trainer
(``scripts/train_injection.py``) wrote, and the detector only reads it.
"""

from __future__ import annotations

import ast
import zipfile
from pathlib import Path, PurePosixPath

import pytest

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"

# Module names that mean evaluation or training work; none may be in the wheel (they moved to evals/).
EVALUATION_MODULES = frozenset({"scoring", "scoring_requests", "training", "loso", "generate", "score"})


def _imports_evals(path: Path) -> list[int]:
    """Lines of ``path`` that import ``evals`` (eagerly, lazily, or through ``importlib``)."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr == "import_module" and isinstance(node.args[0].value, str):
                names = [node.args[0].value]
        if any(name.partition(".")[0] == "evals" for name in names):
            lines.append(node.lineno)
    return lines


def test_no_module_of_src_weir_imports_evals() -> None:
    found = {str(p.relative_to(ROOT)): lines for p in sorted(SRC.rglob("*.py")) if (lines := _imports_evals(p))}
    assert found == {}


def test_the_import_check_sees_every_way_of_importing_evals(tmp_path: Path) -> None:
    sample = tmp_path / "m.py"
    sample.write_text(
        "import evals\nfrom evals.detect import scoring\ndef f():\n    import evals.lib\n"
        "import importlib\nimportlib.import_module('evals.detect')\nimport evalsx\n",
        encoding="utf-8",
    )
    assert _imports_evals(sample) == [1, 2, 4, 6]


def test_src_weir_has_no_module_named_for_evaluation_or_training() -> None:
    named = sorted(str(p.relative_to(ROOT)) for p in SRC.rglob("*.py") if p.stem in EVALUATION_MODULES)
    assert named == []


@pytest.mark.slow
def test_the_wheel_holds_exactly_the_modules_of_src_weir_and_no_evaluation_code(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = [PurePosixPath(n) for n in archive.namelist()]
    outside = [str(n) for n in names if n.parts[0] != "weir" and not n.parts[0].endswith(".dist-info")]
    assert outside == []
    shipped = {str(n) for n in names if n.suffix == ".py"}
    source = {str(p.relative_to(SRC).as_posix()) for p in (SRC / "weir").rglob("*.py")}
    assert shipped == source
    assert not [str(n) for n in names if n.stem in EVALUATION_MODULES]
    # The data the runtime reads ships; no evaluation set does (they are JSON Lines under evals/).
    assert "weir/detect/injection/model.npz" in {str(n) for n in names}
    assert not [str(n) for n in names if n.name.startswith("injection-tools-")]
