# Sourced by scripts/test after _env.sh: the browser the console's browser tests drive (tests/e2e/test_console_browser.py).
# Debian's Chromium at /usr/bin/chromium, driven by Playwright's Python API (a dev dependency) —
# never `playwright install`, which downloads a browser of its own. Installs only when it is missing,
# so the second run starts at once. Where it cannot be installed (no apt-get, not root) the browser
# tests skip, and fail on CI (where $CI is set), where it must be there.
if [ ! -x /usr/bin/chromium ]; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "== apt-get install chromium (the console's browser tests)"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
  else
    echo "note: /usr/bin/chromium not found and cannot be installed here; the browser tests will be skipped" >&2
  fi
fi
