#!/usr/bin/env bash
# Builds egkb in Release (warnings are errors) and runs every test through ctest.
#   ./test.sh --debug  the debug preset: asserts and contracts on, under AddressSanitizer and
#                      UndefinedBehaviorSanitizer (clang), the fuzz targets 15 s each; the tests
#                      labelled system, package, browser, docs and statistics are Release's
#                      (tests/CMakeLists.txt). CI runs both. `--sanitize` is its old name.
#   ./test.sh --long   Release with the fault and race tests' many trials (EGKB_TEST_LONG=1).
#   ./test.sh --fuzz   only the fuzz targets, in the debug tree, 300 s each (EGKB_FUZZ_SECONDS).
set -euo pipefail
cd "$(dirname "$0")"

# The review app's test tools from npm (tests/serve/package.json): axe-core, which the browser test
# injects into the page, and ESLint, which checks the app's scripts.
npm_tools() {
  [ -f tests/serve/node_modules/axe-core/axe.min.js ] && [ -x tests/serve/node_modules/.bin/eslint ] && return
  if ! command -v npm >/dev/null || ! npm ci --prefix tests/serve --no-audit --no-fund >/dev/null; then
    echo "test.sh: npm could not install axe-core and ESLint: the browser test skips its accessibility scan, serve.client_lint is skipped"
  fi
}
# ctest, then each skipped test with the reason it gave (tests/skipped.sh).
run_tests() {
  local preset=$1 status=0
  shift
  ctest --preset "$preset" "$@" || status=$?
  tests/skipped.sh "build/$preset"
  return $status
}
release() {
  npm_tools
  cmake/configure.sh release
  cmake --build --preset release
  run_tests release
}
case "${1:-}" in
  --debug | --sanitize)
    cmake/configure.sh debug -DEGKB_FUZZ_SECONDS=15
    cmake --build --preset debug
    run_tests debug ;;
  --fuzz)
    cmake/configure.sh debug -DEGKB_FUZZ_SECONDS="${EGKB_FUZZ_SECONDS:-300}"
    cmake --build --preset debug --target csv_fuzz sheet_fuzz table_fuzz serve_fuzz
    run_tests debug -L fuzz ;;
  --long)
    EGKB_TEST_LONG=1 release ;;
  "")
    release ;;
  *)
    echo "test.sh: unknown option '$1' (--debug, --long or --fuzz)" >&2
    exit 2 ;;
esac
