#!/usr/bin/env bash
# The review app's scripts checked without a browser: node's own test runner over their pure
# modules and how the modules fit (`unit`: tests/serve/client), and ESLint over all of them and
# those tests (`lint`: tests/serve/eslint.config.mjs). ESLint comes from npm, as axe-core does
# (tests/serve/package.json; ./test.sh installs both).
#   tests/serve/client_check.sh unit|lint SOURCE_DIR
set -euo pipefail
cd "$2"
if ! command -v node >/dev/null; then
  echo "skipped: node is not installed (./setup.sh installs it)"
  exit 77
fi
case $1 in
  unit)
    exec node --test tests/serve/client/*.test.mjs ;;
  lint)
    eslint=tests/serve/node_modules/.bin/eslint
    if [ ! -x "$eslint" ]; then
      echo "skipped: ESLint is not installed (npm ci --prefix tests/serve; ./test.sh does it)"
      exit 77
    fi
    "$eslint" --max-warnings 0 --config tests/serve/eslint.config.mjs serve/assets tests/serve/client
    echo "ESLint: serve/assets and tests/serve/client pass" ;;
  *)
    echo "client_check.sh: unit or lint, not '$1'" >&2
    exit 2 ;;
esac
