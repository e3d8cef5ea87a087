#!/usr/bin/env bash
# Regenerates the fitted-prior table of docs/reducers.md: the plain exact optimum against the
# fitted method (exact drawn toward the material prior) on synthetic endall with the paper's
# noise and on the chess data with 35% noise, seeds 1..10, and a weight sweep on seeds 1..3.
# Usage: docs/prior-table.sh [path/to/egkb]   (egkb on PATH by default)
set -euo pipefail
egkb=${1:-egkb}
data=$(cd "$(dirname "$0")/.." && pwd)/datasets/chess-syzygy-6men.csv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
field() { /usr/bin/python3 -c "import json,sys; d=json.load(sys.stdin); print(d$1)"; }

noisy() {  # base seed
  if [ "$1" = chess ]; then
    "$egkb" synth "$data" --seed "$2" --rate 0.35 --truth "$work/t.csv" --out "$work/n.csv" >/dev/null
  else
    "$egkb" synth --preset "$1" --seed "$2" --truth "$work/t.csv" --out "$work/n.csv" >/dev/null
  fi
}
# errors, D>=2 errors, inverted of a repair; its seconds.
repair() {  # method [weight]
  local extra=()
  [ $# -gt 1 ] && extra=(--prior-weight "$2")
  seconds=$("$egkb" reduce "$work/n.csv" --method "$1" "${extra[@]}" --out "$work/r.csv" --json |
    field '["seconds"]')
  local c
  c=$("$egkb" compare "$work/r.csv" --truth "$work/t.csv" --json)
  errors=$(field '["errors"]' <<<"$c")
  far=$(field '["d2"]+d["d3"]+d["d_ge4"]' <<<"$c")
  inverted=$(field '["inverted"]' <<<"$c")
}

echo "| base | seed | exact: wrong | D≥2 | inverted | fitted: wrong | D≥2 | inverted | fewer wrong | time fitted / exact |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for base in endall chess; do
  for seed in 1 2 3 4 5 6 7 8 9 10; do
    noisy "$base" "$seed"
    repair exact
    e=$errors ef=$far ei=$inverted es=$seconds
    repair fitted
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %.1f%% | %.2f |\n' "$base" "$seed" "$e" "$ef" \
      "$ei" "$errors" "$far" "$inverted" \
      "$(/usr/bin/python3 -c "print(100*($e-$errors)/$e)")" \
      "$(/usr/bin/python3 -c "print($seconds/max($es,1e-9))")"
  done
done
echo
echo "| base | seed | prior weight | wrong | D≥2 | inverted |"
echo "|---|---|---|---|---|---|"
for base in endall chess; do
  for seed in 1 2 3; do
    noisy "$base" "$seed"
    for weight in 0.01 0.1 0.3 1; do
      repair fitted "$weight"
      echo "| $base | $seed | $weight | $errors | $far | $inverted |"
    done
  done
done
