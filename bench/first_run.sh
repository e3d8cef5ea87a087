#!/bin/bash
# The default's first run against exact, the same run (issue 42): each base imported into a store
# once, then, in turn and RUNS times, a copy of that store repaired by `reduce --method exact` and
# another by `reduce` (auto, nothing kept yet: validation, then the repair it chose), each a
# process of its own under /usr/bin/time. Prints every run's wall, user and sys time, minor faults
# and peak memory, and per base the ratio auto/exact of the medians (wall) and of user + sys;
# exact's time in the same run is the yardstick.
#
#   bench/first_run.sh EGKB [RUNS] [BASES...]    e.g. bench/first_run.sh build/release/cli/egkb 3 endall full
#
# Works in $EGKB_FIRST_RUN_DIR (default /tmp/egkb_first_run). On a shared machine run it under
# `nice -n 10` and read the ratios, not the seconds.
set -euo pipefail
egkb=$(realpath "$1")
shift
runs=${1:-3}
[ $# -gt 0 ] && shift
bases=("$@")
[ ${#bases[@]} -gt 0 ] || bases=(endall full)
work=${EGKB_FIRST_RUN_DIR:-/tmp/egkb_first_run}
mkdir -p "$work"
cd "$work"
for base in "${bases[@]}"; do
  if [ ! -f "$base.sqlite" ]; then
    "$egkb" synth --preset "$base" --seed 1 --truth "$base.truth.csv" --out "$base.csv" --quiet >/dev/null
    "$egkb" import "$base.sqlite" "$base.csv" --quiet >/dev/null
  fi
  : >"$base.times"
  for run in $(seq 1 "$runs"); do
    for method in exact auto; do
      cp "$base.sqlite" repaired.sqlite
      /usr/bin/time -f "$method %e %U %S %R %M" -a -o "$base.times" \
        "$egkb" reduce repaired.sqlite --method "$method" --quiet >/dev/null
    done
  done
  python3 - "$base" <<'PY'
import statistics, sys
base = sys.argv[1]
rows = [l.split() for l in open(base + ".times")]
by = {}
for method, wall, user, sys_, faults, peak in rows:
    by.setdefault(method, []).append((float(wall), float(user), float(sys_), int(faults), int(peak)))
    print("%-7s %-5s %7.2f s wall  user %6.2f  sys %5.2f  %9d minflt  %6.0f MiB" % (
        base, method, float(wall), float(user), float(sys_), int(faults), int(peak) / 1024))
med = lambda m, f: statistics.median(f(r) for r in by[m])
wall = med("auto", lambda r: r[0]) / med("exact", lambda r: r[0])
cpu = med("auto", lambda r: r[1] + r[2]) / med("exact", lambda r: r[1] + r[2])
print("%-7s auto / exact: %.2f (wall, medians of %d), %.2f (user + sys)" % (base, wall, len(by["auto"]), cpu))
PY
done
