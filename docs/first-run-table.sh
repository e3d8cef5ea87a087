#!/usr/bin/env bash
# The default's first run (docs/performance.md, "The default's first run, decided"): `reduce`
# with the default (auto: its validation, then the repair it chose) against `--method exact`, the
# yardstick, one after the other in the same run, on endall and on the full lattice (paper noise,
# seed 1), from the CSV (so nothing is kept and auto validates), each under /usr/bin/time -v:
# wall, user / sys, minor faults and peak memory, then each repair's wrong rows against the truth.
# Run it at `nice -n 10` on a shared machine; the ratio is the figure.
# Usage: docs/first-run-table.sh [path/to/egkb] [seed]
set -euo pipefail
egkb=${1:-egkb}
seed=${2:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
measure() {  # method: one /usr/bin/time -v run of reduce, its repair compared with the truth
  /usr/bin/time -v -o "$1.time" "$egkb" reduce n.csv --method "$1" --out "$1.csv" --json >"$1.json"
  "$egkb" compare "$1.csv" --truth t.csv --json >"$1.cmp"
}
echo "| base | rows | exact: wall, user / sys, minor faults, peak | wrong | auto: wall, user / sys, minor faults, peak | wrong | auto chose | of it validation | auto / exact (wall) |"
echo "|---|---|---|---|---|---|---|---|---|"
for base in endall full; do
  "$egkb" synth --preset "$base" --seed "$seed" --truth t.csv --out n.csv >/dev/null
  measure exact
  measure auto
  /usr/bin/python3 - "$base" "$(($(wc -l <n.csv) - 1))" <<'PY'
import json, re, sys
def timing(name):
    t = open(name + ".time").read()
    field = lambda label: re.search(re.escape(label) + r": (.*)", t).group(1).strip()
    clock = [float(x) for x in field("Elapsed (wall clock) time (h:mm:ss or m:ss)").split(":")]
    wall = sum(x * 60 ** i for i, x in enumerate(reversed(clock)))
    return wall, "%.2f s, %.2f / %.2f s, %s, %.2f GiB" % (
        wall, float(field("User time (seconds)")), float(field("System time (seconds)")),
        format(int(field("Minor (reclaiming a frame) page faults")), ","),
        int(field("Maximum resident set size (kbytes)")) / 2**20)
rows = int(sys.argv[2])
(we, te), (wa, ta) = timing("exact"), timing("auto")
ce, ca = json.load(open("exact.cmp")), json.load(open("auto.cmp"))
v = json.load(open("auto.json"))["validation"]
wrong = lambda c: "%s (%.2f%%)" % (format(c["errors"], ","), 100.0 * c["errors"] / rows)
print("| %s | %s | %s | %s | %s | %s | %s %g | %.2f s | %.2f× |" % (
    sys.argv[1], format(rows, ","), te, wrong(ce), ta, wrong(ca), v["chosen"]["cost"],
    v["chosen"]["prior_weight"], v["seconds"], wa / we))
PY
done
