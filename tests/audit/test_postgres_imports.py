"""The PostgreSQL driver is the `fleet` extra's: nothing loads it unless a trail in PostgreSQL is opened."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, sys, tempfile, pathlib
import weir, weir.gateway.proxy, weir.serving.deployment, weir.serving.runner, weir.cli.app
from weir.audit import AuditConfig
from weir.audit.opening import open_trail
from weir.configcheck import check_config
with tempfile.TemporaryDirectory() as d:
    open_trail(AuditConfig(path=str(pathlib.Path(d) / "a.db"))).close()  # a SQLite trail
    (pathlib.Path(d) / "weir.yaml").write_text("audit: {postgresql: {dsn_env: WEIR_AUDIT_DSN}}")
    check_config(pathlib.Path(d) / "weir.yaml")  # checking a PostgreSQL config does not connect either
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] == "psycopg" or m == "weir.audit.postgres")))
"""


def test_no_import_and_no_sqlite_trail_loads_psycopg() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], check=True, capture_output=True, text=True)
    assert json.loads(done.stdout) == []


def test_opening_a_postgres_trail_is_what_loads_it() -> None:
    probe = (
        "import sys; from weir.audit import AuditConfig; from weir.audit.opening import open_trail\n"
        "cfg = AuditConfig.model_validate({'postgresql': {'dsnEnv': 'X', 'connectTimeoutS': 1}})\n"
        "try:\n    open_trail(cfg, environ={'X': 'postgresql://nobody@127.0.0.1:1/none'})\n"
        "except Exception as exc:\n    print(type(exc).__name__)\n"
        "print('psycopg' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True)
    assert done.stdout.split() == ["AuditError", "True"]
