#!/usr/bin/env bash
# Validating a large base on a part of it (docs/reducers.md, "Validating a large base on a part"):
# the choice auto's validation makes on the part (the rows whose materials hold at most a cap of
# pieces of each kind a side, at most --validation-rows of them) against the choice it makes on the whole base, on
# the accuracy tables' bases, seeds 1..10 (the additive truth's end59, end64, end65 and endall,
# endall with the interplay truth, the chess data with 35% of its rows noised), with the part
# bounded at a third of the rows and at the share of the full lattice a part of 200,000 rows is
# (9.4%); then on the large bases where the bound applies, seeds 1..3: the full lattice with the
# paper's noise, the interplay truth and clustered noise, and its 349,362 rows of materials with
# at most 13 pieces (where trunc2 fits the layered graph's bound). Where the choices differ, both
# repairs are compared with the truth: "points" is the part's wrong rows less the whole's, in
# percent of the rows.
# Usage: docs/part-validation-table.sh [path/to/egkb] [seeds] [full seeds]
set -euo pipefail
egkb=${1:-egkb}
seeds=${2:-10}
full_seeds=${3:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "$0")/table-bases.sh"
cd "$work"
# auto with ARGS -> NAME.csv, NAME.json and NAME.cmp (its accuracy against the truth)
repair() {
  local name=$1
  shift
  "$egkb" reduce n.csv $pieces --out "$name.csv" --json "$@" >"$name.json"
  "$egkb" compare "$name.csv" $pieces --truth t.csv --json >"$name.cmp"
}
row() {  # base seed bound: one line of the table, whole.* against part.*
  /usr/bin/python3 - "$@" <<'PY'
import json, sys
base, seed, bound = sys.argv[1:4]
w, p = json.load(open("whole.json"))["validation"], json.load(open("part.json"))["validation"]
cw, cp = json.load(open("whole.cmp")), json.load(open("part.cmp"))
name = lambda v: "%s %g" % (v["chosen"]["cost"], v["chosen"]["prior_weight"])
same = w["chosen"] == p["chosen"]
points = 100.0 * (cp["errors"] - cw["errors"]) / int(sys.argv[4])
print("| %s | %s | %s | %d (%s) | %s | %s | %s | %d | %d | %+.2f |" % (
    base, seed, bound, p["part_rows"], " ".join(str(c) for c in p["part_caps"] if c) if p["part_caps"] else "whole", name(w), name(p),
    "same" if same else "differs", cw["errors"], cp["errors"], points))
PY
}
echo "| base | seed | bound | part rows (caps) | whole base chose | part chose | | wrong (whole) | wrong (part) | points |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for base in end59 end64 end65 endall endall-interplay chess; do
  for seed in $(seq 1 "$seeds"); do
    noisy "$base" "$seed"
    rows=$(($(wc -l <n.csv) - 1))
    repair whole
    for bound in third share; do
      if [ $bound = third ]; then limit=$((rows / 3)); else limit=$((rows * 200000 / 2125764)); fi
      repair part --validation-rows "$limit"
      row "$base" "$seed" "$bound ($limit)" "$rows" | tee -a rows.txt
    done
  done
done
large() {  # label seed: the whole base's validation against the part's at the default bound
  repair whole --validation-rows 3000000
  repair part
  row "$1" "$2" 200000 "$(($(wc -l <n.csv) - 1))" | tee -a rows.txt
}
pieces=""
for seed in $(seq 1 "$full_seeds"); do
  "$egkb" synth --preset full --seed "$seed" --truth t.csv --out n.csv >/dev/null
  large full "$seed"
  for f in n t; do  # the materials with at most 13 pieces, kings included
    awk -F, 'NR == 1 || length($1) <= 13' $f.csv >small.csv && mv small.csv $f.csv
  done
  large "full, at most 13 pieces" "$seed"
  "$egkb" synth --preset full --seed "$seed" --truth-model interplay --truth t.csv --out n.csv \
    >/dev/null
  large "full, interplay truth" "$seed"
  "$egkb" synth --preset full --seed "$seed" --noise clustered --truth t.csv --out n.csv >/dev/null
  large "full, clustered noise" "$seed"
done
echo
echo "| bound | runs | choices the same | differing: points, worst |"
echo "|---|---|---|---|"
/usr/bin/python3 - <<'PY'
by = {}
for line in open("rows.txt"):
    c = [x.strip() for x in line.strip().strip("|").split("|")]
    key = c[2].split(" ")[0]
    by.setdefault(key, []).append((c[6] == "same", float(c[9])))
for key, runs in by.items():
    differ = [p for same, p in runs if not same]
    print("| %s | %d | %d | %s |" % (key, len(runs), sum(s for s, _ in runs),
          "%d runs, worst %+.2f" % (len(differ), max(differ)) if differ else "none"))
PY
