"""Would compiling Weir's decision path with mypyc bring replay or the gateway near their budgets?

Copies ``src/`` to a scratch folder, compiles ``weir/flow``, ``weir/policy`` and ``weir/guard``
there with mypyc (the mypy in Weir's dev environment carries it; gcc and the Python headers are on
the build box), then counts instructions with ``valgrind --tool=callgrind`` for the same work on
the pure-Python tree and on the compiled copy. Instruction counts, not seconds: they repeat exactly
whatever else the machine is doing. Each figure is the difference of two runs of different lengths,
so start-up, imports and set-up cancel out:

- ``precall``: ``Guard.before_call`` on the benchmark's bank transfer (``benchmarks/bench_policy.py``),
  minus ``sessions``, the fresh session copy each decision starts from;
- ``steady``: the steady-state replay of ``scripts/bench policy`` (the corpus repeated into one long
  trace, no detectors).

What mypyc cannot compile as Weir is written is left as Python: ``policy/config.py`` and
``policy/decision.py`` (pydantic models), ``policy/rules.py`` (rebuilds a frozen dataclass from its
``__dict__``). ``RuleVerdict`` subclasses ``tuple``, which a native class cannot; the scratch copy
marks it ``@mypyc_attr(native_class=False)``. Nothing here touches Weir's own tree.

    python scripts/mypyc_experiment.py [--keep DIR]
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MYPYC = Path(sys.executable).with_name("mypyc")  # installed with mypy, next to this interpreter
PACKAGES = ("weir/flow", "weir/policy", "weir/guard")
LEFT_AS_PYTHON = {"weir/policy/config.py", "weir/policy/decision.py", "weir/policy/rules.py"}

HARNESS = """
import sys
sys.path.insert(0, {root!r})
from benchmarks import bench_policy as bp
from weir.flow.session import Session
from weir.replay.run import guard_for, replay
from weir.evaluation.corpus import trace_names, trace_path
from weir.trace import read_trace

mode, n = sys.argv[1], int(sys.argv[2])
cfg = bp._config()
if mode in ("precall", "sessions"):
    guard = guard_for(cfg)
    snap = bp._bill_session(guard, "bench").to_json()
    for _ in range(50):
        guard.before_call(Session.from_json(snap), "bank", "transfer", bp.TRANSFER)
    sessions = [Session.from_json(snap) for _ in range(n)]
    if mode == "precall":
        for s in sessions:
            guard.before_call(s, "bank", "transfer", bp.TRANSFER)
else:
    lines = bp._long_trace([read_trace(trace_path(t)) for t in trace_names()], n)
    replay(lines, cfg.model_copy(update={{"detectors": []}}))
"""

# (mode, short run, long run, work items between them): the corpus holds 164 calls, and the
# long trace is whole repetitions of it, so 300 and 1,300 calls become 328 and 1,312.
RUNS = (("sessions", 100, 600, 500), ("precall", 100, 600, 500), ("steady", 300, 1300, 984))


def compile_copy(scratch: Path) -> Path:
    src = scratch / "src"
    shutil.copytree(ROOT / "src", src, ignore=shutil.ignore_patterns("__pycache__", "*.so", "build"))
    shutil.copy(ROOT / "pyproject.toml", scratch)  # mypy's settings, found from src/ upwards (pydantic plugin)
    engine = src / "weir/policy/engine.py"
    text = engine.read_text()
    text = text.replace(
        "from __future__ import annotations\n",
        "from __future__ import annotations\n\nfrom mypy_extensions import mypyc_attr\n",
        1,
    )
    text, n = re.subn(r"^class RuleVerdict\(", "@mypyc_attr(native_class=False)\nclass RuleVerdict(", text, flags=re.M)
    if n != 1:
        sys.exit("RuleVerdict not found in policy/engine.py: update this experiment")
    engine.write_text(text)
    files = sorted(
        str(p.relative_to(src))
        for package in PACKAGES
        for p in (src / package).rglob("*.py")
        if str(p.relative_to(src)) not in LEFT_AS_PYTHON
    )
    built = subprocess.run([str(MYPYC), *files], check=False, cwd=src, capture_output=True, text=True)
    if built.returncode:
        sys.exit(f"mypyc failed:\n{built.stdout[-3000:]}{built.stderr[-3000:]}")
    return src


def instructions(src: Path, harness: Path, mode: str, n: int) -> int:
    env = {"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"}
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, str(harness), mode, str(n)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if not found:
        sys.exit(f"no callgrind total for {mode} {n}:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="build the compiled copy here and keep it")
    args = parser.parse_args()
    for tool, need in (("valgrind", "apt-get install valgrind"), ("gcc", "apt-get install gcc python3-dev")):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is not on PATH; this experiment needs it ({need})")
    if not MYPYC.exists():
        sys.exit("mypyc is not in this environment; run it with the dev environment's python (.venv/bin/python)")
    scratch = args.keep or Path(tempfile.mkdtemp(prefix="weir-mypyc-"))
    scratch.mkdir(parents=True, exist_ok=True)
    harness = scratch / "harness.py"
    harness.write_text(HARNESS.format(root=str(ROOT)))
    print("compiling with mypyc (about two minutes)...", flush=True)
    compiled = compile_copy(scratch)
    per_item: dict[tuple[str, str], float] = {}
    for tree, src in (("python", ROOT / "src"), ("mypyc", compiled)):
        # Once outside valgrind first: the first import of a fresh tree writes its .pyc files.
        subprocess.run([sys.executable, str(harness), "sessions", "1"], env={"PYTHONPATH": str(src)}, check=True)
        for mode, short, long, items in RUNS:
            total = instructions(src, harness, mode, long) - instructions(src, harness, mode, short)
            per_item[tree, mode] = total / items
    print(f"{'instructions per item':<38}{'Python':>12}{'mypyc':>12}{'ratio':>8}")
    rows = {
        "pre-call decision (before_call)": lambda t: per_item[t, "precall"] - per_item[t, "sessions"],
        "session copy (Session.from_json)": lambda t: per_item[t, "sessions"],
        "steady replay, per call": lambda t: per_item[t, "steady"],
    }
    for label, value in rows.items():
        py, mc = value("python"), value("mypyc")
        print(f"{label:<38}{py / 1000:>10,.0f} k{mc / 1000:>10,.0f} k{py / mc:>7.2f}x")
    if not args.keep:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
