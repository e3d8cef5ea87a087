#!/usr/bin/env bash
# Validating a large base on a part of it (docs/reducers.md, "Validating a large base on a part"):
# the choice auto's validation makes on the part (the rows of the materials with the fewest
# pieces, at most --validation-rows of them) against the choice it makes on the whole base, on
# the accuracy tables' bases, seeds 1..10 (the additive truth's end59, end64, end65 and endall,
# endall with the interplay truth, the chess data with 35% of its rows noised), with the part
# bounded at a third of the rows and at the share of the full lattice a part of 200,000 rows is
# (9.4%); then on the full lattice itself, seeds 1..3, at the default bound. Where the choices
# differ, both repairs are compared with the truth: "points" is the part's wrong rows less the
# whole's, in percent of the rows.
# Usage: docs/part-validation-table.sh [path/to/egkb] [seeds] [full seeds]
set -euo pipefail
egkb=${1:-egkb}
seeds=${2:-10}
full_seeds=${3:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chess=$(cd "$(dirname "$0")/.." && pwd)/datasets/chess-syzygy-6men.csv
cd "$work"
noisy() {  # base seed -> t.csv n.csv, and the --pieces option in $pieces
  pieces=""
  case $1 in
    chess) "$egkb" synth "$chess" --pieces chess --seed "$2" --rate 0.35 --truth t.csv \
             --out n.csv >/dev/null
           pieces="--pieces chess" ;;
    endall-interplay) "$egkb" synth --preset endall --truth-model interplay --seed "$2" \
                        --truth t.csv --out n.csv >/dev/null ;;
    *) "$egkb" synth --preset "$1" --seed "$2" --truth t.csv --out n.csv >/dev/null ;;
  esac
}
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
for seed in $(seq 1 "$full_seeds"); do
  "$egkb" synth --preset full --seed "$seed" --truth t.csv --out n.csv >/dev/null
  pieces=""
  repair whole --validation-rows 3000000
  repair part
  row full "$seed" "200000" 2125764 | tee -a rows.txt
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
