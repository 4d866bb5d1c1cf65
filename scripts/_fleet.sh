# Sourced by scripts/test (and usable by scripts/bench) after _env.sh: the fleet's real parts as
# Debian ships them — redis-server (shared agent sessions) and haproxy (the load balancer in front of
# the replicas), and faketime (libfaketime: one replica's clock set back, tests/fleet/test_failures.py)
# — for tests/fleet, tests/state and `scripts/bench fleet`. Installs only what is missing,
# quietly; the tests start and stop their own processes (127.0.0.1, free ports, temporary directories).
# Where the packages cannot be installed the tests skip, unless CI is set (then they fail).
_fleet_missing=()
command -v redis-server >/dev/null 2>&1 || _fleet_missing+=(redis-server)
{ command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ]; } || _fleet_missing+=(haproxy)
ls /usr/lib/*/faketime/libfaketime.so.1 >/dev/null 2>&1 || _fleet_missing+=(faketime)
if [ "${#_fleet_missing[@]}" -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "== apt-get install ${_fleet_missing[*]} (the fleet tests)"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${_fleet_missing[@]}" >/dev/null
    # Debian starts the packaged services; the tests run their own on free ports.
    if command -v systemctl >/dev/null 2>&1; then systemctl disable --now redis-server haproxy >/dev/null 2>&1 || true; fi
  else
    echo "note: ${_fleet_missing[*]} not found and cannot be installed here; the fleet tests will be skipped" >&2
  fi
fi
unset _fleet_missing
