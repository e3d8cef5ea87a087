#!/usr/bin/env bash
# libegkb-probe under ThreadSanitizer: its sources built with -fsanitize=thread beside
# tests/probe/threads.c, four threads probing a table of the chess data at once.
# Usage: threads_test.sh SOURCE_DIR BUILD_DIR EGKB
set -euo pipefail
src=$1 build=$2 egkb=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$egkb" export "$src/datasets/chess-syzygy-6men.csv" --pieces chess --format table \
  --out "$work/chess.egkb" >/dev/null
generated=$build/probe/generated
cc -std=c11 -g -O1 -fsanitize=thread -pthread -I "$src/probe/include" -I "$generated/include" \
  -I "$generated" -I "$src/probe" "$src/probe/probe.c" "$src/probe/table_file.c" \
  "$src/tests/probe/threads.c" -lz -o "$work/threads"
TSAN_OPTIONS="halt_on_error=1 exitcode=66" "$work/threads" "$work/chess.egkb" | tee "$work/threads.out"
# Every key of the chess table's box, (4 + 1)^5 a side squared: fewer would race over less.
grep -q "probed 9765625 pairs" "$work/threads.out" || { echo "not every key of the table was probed"; exit 1; }
