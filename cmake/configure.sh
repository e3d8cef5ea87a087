#!/usr/bin/env bash
# cmake --preset PRESET [ARGS...], for setup.sh and test.sh. A build tree that an older checkout
# made with Unix Makefiles cannot be configured with the presets' Ninja: it is removed first
# (it holds only build products), and this says so.
set -euo pipefail
preset=$1
tree="build/$preset"
if [ -f "$tree/CMakeCache.txt" ] && ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$tree/CMakeCache.txt"; then
  echo "configure: $tree was made by another CMake generator; removing it to build with Ninja"
  rm -rf "$tree"
fi
cmake --preset "$@" >/dev/null
