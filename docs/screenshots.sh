#!/usr/bin/env bash
# Regenerates docs/images/serve-*.png: the review app's browser test (tests/serve/browser_test.py)
# run with its screenshots written here. Needs a release build and what ./setup.sh installs.
set -euo pipefail
cd "$(dirname "$0")/.."
/usr/bin/python3 tests/serve/browser_test.py --egkb build/release/cli/egkb --screenshots docs/images
