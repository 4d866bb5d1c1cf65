# Sourced by scripts/test after _env.sh: Unicode's confusables as Debian ships them, for the test that
# regenerates src/weir/text/unidata.py byte for byte (scripts/gen_text_tables.py reads them from
# python3-confusable-homoglyphs). Nothing at run time reads them: the generated table ships in the package.
# Installs only when missing; where it cannot be installed that one test skips (and says why).
if [ ! -f /usr/lib/python3/dist-packages/confusable_homoglyphs/confusables.json ]; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "== apt-get install python3-confusable-homoglyphs (the text tables' regeneration test)"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-confusable-homoglyphs >/dev/null
  else
    echo "note: confusables.json not found and cannot be installed here; the text tables' regeneration test will be skipped" >&2
  fi
fi
