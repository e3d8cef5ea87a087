#!/usr/bin/env bash
# Builds egkb in Release (warnings are errors) and runs every test through ctest.
# `./test.sh --sanitize` does the same under AddressSanitizer and UndefinedBehaviorSanitizer
# (clang), the fuzz targets included; `./test.sh --fuzz` builds and runs only the fuzz targets.
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
  --sanitize)
    cmake --preset sanitize >/dev/null
    cmake --build --preset sanitize
    ctest --preset sanitize ;;
  --fuzz)
    cmake --preset sanitize >/dev/null
    cmake --build --preset sanitize --target csv_fuzz sheet_fuzz table_fuzz serve_fuzz
    ctest --preset sanitize -L fuzz ;;
  *)
    axe
    cmake --preset release >/dev/null
    cmake --build --preset release
    ctest --preset release ;;
esac
