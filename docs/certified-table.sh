#!/usr/bin/env bash
# Regenerates the tables of docs/reducers.md "The certified solver": the default repair (auto:
# the cost and prior weight validation chose) against the plain L1 optimum (exact) on synthetic
# endall and end65 (the additive truth), endall with the interplay truth, and the chess data with
# 35% of its rows noised, seeds 1..10; then every cost shape's certificate on endall seeds 1..3.
# Usage: docs/certified-table.sh [path/to/egkb]   (egkb on PATH by default)
set -euo pipefail
egkb=${1:-egkb}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
field() { /usr/bin/python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
noisy() {  # base seed -> t.csv n.csv, and the --pieces option in $pieces
  pieces=""
  case $1 in
    chess) "$egkb" synth "$chess" --pieces chess --seed "$2" --truth t.csv --out n.csv >/dev/null
           pieces="--pieces chess" ;;
    endall-interplay) "$egkb" synth --preset endall --truth-model interplay --seed "$2" \
                        --truth t.csv --out n.csv >/dev/null ;;
    *) "$egkb" synth --preset "$1" --seed "$2" --truth t.csv --out n.csv >/dev/null ;;
  esac
}
chess=$(cd "$(dirname "$0")/.." && pwd)/datasets/chess-syzygy-6men.csv
echo "| base | seed | exact: wrong | D≥2 | auto: wrong | D≥2 | fewer wrong | auto chose | gap | validation s | solver s auto / exact |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for base in endall end65 endall-interplay chess; do
  for seed in 1 2 3 4 5 6 7 8 9 10; do
    noisy "$base" "$seed"
    for m in exact auto; do
      "$egkb" reduce n.csv $pieces --method $m --out "$m.csv" --json >"$m.json"
      "$egkb" compare "$m.csv" $pieces --truth t.csv --json >"$m.cmp"
    done
    /usr/bin/python3 - "$base" "$seed" <<'PY'
import json, sys
e, a = json.load(open("exact.json")), json.load(open("auto.json"))
ce, ca = json.load(open("exact.cmp")), json.load(open("auto.cmp"))
d2 = lambda c: c["d_ge4"] + c["d3"] + c["d2"]
v = a["validation"]
solver = a["seconds"] - v["seconds"]
print("| %s | %s | %d | %d | %d | %d | %.1f%% | %s %g | %g | %.2f | %.2f |" % (
    sys.argv[1], sys.argv[2], ce["errors"], d2(ce), ca["errors"], d2(ca),
    100 * (ce["errors"] - ca["errors"]) / ce["errors"], v["chosen"]["cost"],
    v["chosen"]["prior_weight"], a["certificate"]["gap"], v["seconds"],
    solver / max(e["seconds"], 1e-3)))
PY
  done
done
echo
echo "| seed | cost | wrong | objective | bound | gap | open pairs | probes | solver s |"
echo "|---|---|---|---|---|---|---|---|---|"
for seed in 1 2 3; do
  noisy endall "$seed"
  for cost in l1 trunc2 trunc3 l0 sqrt; do
    "$egkb" reduce n.csv --method exact --cost $cost --out r.csv --json >r.json
    "$egkb" compare r.csv --truth t.csv --json >r.cmp
    /usr/bin/python3 - "$seed" "$cost" <<'PY'
import json, sys
r, c = json.load(open("r.json")), json.load(open("r.cmp"))
k = r["certificate"]
print("| %s | %s | %d | %.1f | %.1f | %g | %d | %d | %.2f |" % (
    sys.argv[1], sys.argv[2], c["errors"], k["objective"], k["bound"], k["gap"],
    k["open_pairs"], k["probes"], r["seconds"]))
PY
  done
done
