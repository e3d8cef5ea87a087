#!/usr/bin/env bash
# Prints each test the last ctest run in BUILD_DIR skipped, with the reason it gave: ctest itself
# only marks it Skipped. GoogleTest's GTEST_SKIP() << reason prints the reason on the line after
# "file:line: Skipped"; the script tests print "skipped: reason" and exit 77.
#   tests/skipped.sh BUILD_DIR
set -euo pipefail
log=$1/Testing/Temporary/LastTest.log
[ -f "$log" ] || exit 0
awk '
  /^[0-9]+\/[0-9]+ Test: / { name = $0; sub(/^[0-9]+\/[0-9]+ Test: /, "", name); reason = ""; next }
  reason_next { reason = $0; reason_next = 0; next }
  /: Skipped$/ { reason_next = 1; next }
  /^skipped: / { reason = substr($0, 10); next }
  /^Skip regular expression found in output/ {
    if (!(name in seen)) { seen[name] = 1; printf "skipped %s: %s\n", name, (reason == "" ? "(no reason given)" : reason); count++ }
  }
  END { if (count) printf "%d test(s) skipped\n", count }
' "$log"
