"""Expensive test inputs made once per test run and shared by every pytest-xdist worker.

A ``scope="session"`` fixture runs once per *worker*: under ``-n 4`` a wheel build or a trained
model would be made four times. :func:`once_per_run` makes it once: the first worker to ask
builds it in a directory every worker of the run can see (the parent of the workers' base
temporary directories), under an exclusive file lock; the others wait on the lock, then read
what it left. A build that fails leaves nothing behind, so each worker that asks fails with the
builder's own error instead of reading half a product.

Use it for files (a built wheel, a generated corpus, a recorded trace), never for a running
process: a server started by one worker would be stopped when that worker ends, while another
may still use it. Processes are shared per worker with ``scope="session"`` or per module with
``scope="module"`` (tests/README.md lists the shared fixtures).
"""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

__all__ = ["once_per_run"]


def _run_dir(factory: pytest.TempPathFactory) -> Path:
    """The directory of this run that every worker sees (xdist: the parent of the workers' own)."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def once_per_run(factory: pytest.TempPathFactory, name: str, build: Callable[[Path], None]) -> Path:
    """The directory ``build`` filled for ``name``, built by whichever worker asked first.

    ``build(directory)`` writes its product into the empty ``directory``; the directory is
    published (renamed into place) only when ``build`` returns, so no worker sees a partial one.
    """
    root = _run_dir(factory) / "shared"
    root.mkdir(exist_ok=True)
    done = root / name
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not done.exists():
            work = root / f"{name}.{os.getpid()}.partial"
            shutil.rmtree(work, ignore_errors=True)
            work.mkdir()
            try:
                build(work)
            except BaseException:
                shutil.rmtree(work, ignore_errors=True)
                raise
            work.rename(done)
    return done
