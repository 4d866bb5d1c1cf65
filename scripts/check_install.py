"""The install a user meets: build the wheel, install it alone into a fresh virtualenv, serve.

    python scripts/check_install.py [--keep DIR]

1. ``pip wheel --no-deps`` builds ``dist/mcp_weir-<version>-py3-none-any.whl`` from this checkout;
2. a new virtualenv (no Weir, no development tools) gets ``pip install`` of that wheel alone, so pip
   pulls the runtime requirements only; ``pip check`` must be clean;
3. that venv's ``weir gateway --config examples/weir.yaml`` is started from the checkout's root and
   answers ``initialize`` and ``tools/list`` over stdio with every example server's tools.

It prints the wheel's size, the install's time and the venv's package count, and exits non-zero
on any failure. It needs the package index pip is configured with (PyPI or a mirror) and nothing
else; ``WEIR_TEST_INSTALL=1`` makes tests/packaging run it (scripts/test does not, it takes a minute).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MESSAGES = [
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "check", "version": "1"},
        },
    },
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
]


def build_wheel() -> Path:
    dist = ROOT / "dist"
    for old in dist.glob("mcp_weir-*.whl"):
        old.unlink()
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dist), str(ROOT)], check=True)
    (wheel,) = dist.glob("mcp_weir-*.whl")
    return wheel


def install(wheel: Path, where: Path) -> tuple[Path, float]:
    venv.create(where, with_pip=True)
    python = where / "bin" / "python"
    started = time.monotonic()  # reported, never asserted
    subprocess.run([str(python), "-m", "pip", "install", "-q", str(wheel)], check=True)
    took = time.monotonic() - started
    subprocess.run([str(python), "-m", "pip", "check"], check=True)
    return where / "bin" / "weir", took


def serve(weir: Path) -> list[str]:
    """The tool names the installed gateway lists for examples/weir.yaml."""
    with tempfile.TemporaryDirectory() as audit_dir:
        config = Path(audit_dir) / "weir.yaml"  # the example, its audit trail kept out of the checkout
        text = (ROOT / "examples" / "weir.yaml").read_text(encoding="utf-8")
        config.write_text(text + f"audit: {{path: {Path(audit_dir) / 'audit.db'}}}\n", encoding="utf-8")
        proc = subprocess.Popen(
            [str(weir), "gateway", "--config", str(config)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdin is not None
        assert proc.stdout is not None
        replies = []
        for message in MESSAGES:
            proc.stdin.write(json.dumps(message) + "\n")
            proc.stdin.flush()
            if "id" in message:
                replies.append(json.loads(proc.stdout.readline()))
        proc.stdin.close()
        proc.wait(timeout=120)  # a hang guard: the gateway ends when its client leaves
    return [tool["name"] for tool in replies[-1]["result"]["tools"]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="make the virtualenv here and keep it")
    args = parser.parse_args()
    wheel = build_wheel()
    print(f"wheel: {wheel.relative_to(ROOT)} ({wheel.stat().st_size / 1e6:.1f} MB)")
    with tempfile.TemporaryDirectory() as tmp:
        where = args.keep or Path(tmp) / "venv"
        weir, took = install(wheel, where)
        packages = subprocess.run(
            [str(where / "bin" / "python"), "-m", "pip", "list", "--format=freeze"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        print(f"install: {took:.0f} s, {len(packages)} packages; pip check clean")
        tools = serve(weir)
        print(f"weir gateway --config examples/weir.yaml: {len(tools)} tools ({', '.join(sorted(tools))})")
        return 0 if tools else 1


if __name__ == "__main__":
    sys.exit(main())
