#!/usr/bin/env bash
# Builds egkb in Release (warnings are errors) and runs every test through ctest.
# `./test.sh --sanitize` does the same under AddressSanitizer and UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")"
preset=release
[ "${1:-}" = "--sanitize" ] && preset=sanitize
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset"
ctest --preset "$preset"
