# Shared by scripts/run, scripts/test and scripts/bench: make .venv and install Weir into it.
# Re-installs only when pyproject.toml changed, so the second run starts at once.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${WEIR_VENV:-$ROOT/.venv}"
# The interpreter: $PYTHON when set. Otherwise the distribution's CPython 3.11 when it is there
# with venv support (Debian's is built with profile-guided and link-time optimisation), then
# python3.11, then python3 from PATH. A default pyenv build (shared library, no
# --enable-optimizations) runs the same Weir code about 1.5-2x slower, and the budgets in
# DESIGN.md are measured on the interpreter a deployment would use: see docs/policy.md.
system_python() {
  local py=/usr/bin/python3.11
  [ -x "$py" ] && "$py" -c 'import ensurepip, venv' 2>/dev/null && echo "$py"
}
PY="${PYTHON:-$(system_python || command -v python3.11 || command -v python3)}"
if [ ! -x "$VENV/bin/python" ]; then
  "$PY" -m venv "$VENV"
fi
STAMP="$VENV/.weir-installed"
WANT="$(cat "$ROOT/pyproject.toml" | sha256sum | cut -d' ' -f1)"
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT" ]; then
  "$VENV/bin/python" -m pip install --quiet --upgrade pip >/dev/null
  "$VENV/bin/python" -m pip install --quiet -e "$ROOT[dev]"
  echo "$WANT" > "$STAMP"
fi
export PATH="$VENV/bin:$PATH"
cd "$ROOT"
