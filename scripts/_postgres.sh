# Sourced by scripts/test after _env.sh: Debian's PostgreSQL server binaries (initdb, pg_ctl, postgres),
# for the tests of the PostgreSQL audit store and the fleet. The tests start and stop their own
# servers (tests/postgres.py) on 127.0.0.1 and a temp dir; nothing here starts one. Installs only
# when missing; quiet when it is there. Where it cannot be installed the tests skip, unless CI is set.
if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "== apt-get install postgresql (the PostgreSQL audit store's tests)"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  else
    echo "note: PostgreSQL is not installed and cannot be installed here; its tests will be skipped (failed under CI)" >&2
  fi
fi
# Debian's package starts a cluster of its own on port 5432: the tests never use it (nor stop it).
