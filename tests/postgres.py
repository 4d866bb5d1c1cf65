"""A real PostgreSQL server for tests: initdb on a temp dir, postgres on a free 127.0.0.1 port.

PostgreSQL refuses to run as root, so as root (CI) every server command runs as the ``postgres``
system user (``runuser -u postgres --``) on a temp dir that user owns; as anyone else it runs as
that user. Binaries come from Debian's postgresql package (``scripts/_postgres.sh`` installs it):
``/usr/lib/postgresql/<N>/bin``, or ``$WEIR_PG_BIN``. :func:`pg_bin` is ``None`` when none is
installed; the fixtures in ``tests/conftest.py`` skip then, unless ``CI`` is set (a failure).

The server trusts connections from 127.0.0.1 (it listens nowhere else and on no Unix socket
but its own temp dir), so a test's DSN may carry any password: tests use one to show it is never
printed.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

from tests.deadlines import hang_guard
from tests.ports import free_port

__all__ = ["PostgresServer", "pg_bin"]

SECRET = "s3cret-Pg-pw-do-not-print"
"""The password every test DSN carries (trust auth ignores it): no output may contain it."""


def pg_bin() -> Path | None:
    """The directory of initdb/pg_ctl/postgres, or ``None`` when PostgreSQL is not installed."""
    env = os.environ.get("WEIR_PG_BIN")
    candidates = [Path(env)] if env else sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
    for directory in candidates:
        if (directory / "pg_ctl").is_file() and (directory / "initdb").is_file():
            return directory
    return None


class PostgresServer:
    """One throwaway cluster: :meth:`start`, :meth:`stop` (and start again), :meth:`destroy`."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self._as_root = os.geteuid() == 0
        # As root, under /tmp: the postgres user must be able to reach the directory ($TMPDIR may not let it).
        self.root = Path(tempfile.mkdtemp(prefix="weir-pg-", dir="/tmp" if self._as_root else None))
        self.data = self.root / "data"
        self.port = free_port()
        self._started = False
        if self._as_root:
            shutil.chown(self.root, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "weir", "--auth=trust", "-E", "UTF8", "--no-sync")

    def _run(self, program: str, *args: str) -> None:
        argv = [str(self.bin / program), *args]
        if self._as_root:
            argv = ["runuser", "-u", "postgres", "--", *argv]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=hang_guard(120), check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed ({done.returncode}): {done.stdout}\n{done.stderr}")

    def start(self, *, fsync: bool = False) -> None:
        """Start (or restart, on the same port) the server and wait until it accepts connections.

        Tests run without ``fsync`` (a crash of the machine is not what they test; ``pg_ctl -m
        immediate`` keeps every commit either way); the benchmark runs with it. The first start
        tries another free port when another process took this one meanwhile.
        """
        for attempt in range(3):
            options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} -c fsync={'on' if fsync else 'off'}"
            try:
                self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-w", "-o", options, "start")
            except RuntimeError:
                log = (self.root / "log").read_text(errors="replace") if (self.root / "log").exists() else ""
                if self._started or attempt == 2 or "could not bind" not in log:
                    raise
                self.port = free_port()
                continue
            self._started = True
            return

    def stop(self, mode: str = "fast") -> None:
        """Stop the server: ``fast`` (clean) or ``immediate`` (like a crash: no shutdown checkpoint)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def dsn(self, database: str = "postgres") -> str:
        """A DSN for ``database`` (carrying :data:`SECRET` as its password)."""
        return f"postgresql://weir:{SECRET}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database; returns its DSN."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.dsn(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.dsn(name)

    def destroy(self) -> None:
        """Stop the server if it runs and remove its files."""
        with contextlib.suppress(RuntimeError):
            self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)
