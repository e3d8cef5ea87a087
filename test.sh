#!/usr/bin/env bash
# Builds egkb in Release (warnings are errors) and runs every test through ctest.
# `./test.sh --debug` does the same in the debug preset: asserts and contracts on, under
# AddressSanitizer and UndefinedBehaviorSanitizer (clang), the fuzz targets included (CI runs
# both); `--sanitize` is the old name of it. `./test.sh --fuzz` builds and runs only the fuzz
# targets, in the debug tree.
set -euo pipefail
cd "$(dirname "$0")"

# axe-core, which the review app's browser test injects into the page (tests/serve/package.json).
axe() {
  [ -f tests/serve/node_modules/axe-core/axe.min.js ] && return
  if ! command -v npm >/dev/null || ! npm ci --prefix tests/serve --no-audit --no-fund >/dev/null; then
    echo "test.sh: npm could not install axe-core: the browser test skips its accessibility scan"
  fi
}
case "${1:-}" in
  --debug | --sanitize)
    axe
    cmake --preset debug >/dev/null
    cmake --build --preset debug
    ctest --preset debug ;;
  --fuzz)
    cmake --preset debug >/dev/null
    cmake --build --preset debug --target csv_fuzz sheet_fuzz table_fuzz serve_fuzz
    ctest --preset debug -L fuzz ;;
  *)
    axe
    cmake --preset release >/dev/null
    cmake --build --preset release
    ctest --preset release ;;
esac
