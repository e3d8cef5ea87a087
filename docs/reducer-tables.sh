#!/usr/bin/env bash
# Regenerates the tables of docs/reducers.md from real runs of egkb (needs python3 for JSON).
# Usage: docs/reducer-tables.sh [path/to/egkb]   (egkb on PATH by default)
set -euo pipefail
egkb=${1:-egkb}
data=$(cd "$(dirname "$0")/.." && pwd)/datasets/chess-syzygy-6men.csv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

field() { python3 -c "import json,sys; d=json.load(sys.stdin); print(eval('d' + sys.argv[1]))" "$1"; }

declare -A rows
for base in end64 end59 end49 endall chess; do
  if [ "$base" = chess ]; then
    "$egkb" synth "$data" --seed 1 --truth "$work/$base-t.csv" --out "$work/$base.csv" >/dev/null
    pieces=(--pieces chess)
  else
    "$egkb" synth --preset "$base" --seed 1 --truth "$work/$base-t.csv" --out "$work/$base.csv" >/dev/null
    pieces=()
  fi
  before=$("$egkb" conflicts "$work/$base.csv" "${pieces[@]}" --json)
  size=$(echo "$before" | field '["nodes"]')
  line="| $base | $size | $(echo "$before" | field '["inconsistent_nodes"]')"
  acc="| $base | noisy | $("$egkb" compare "$work/$base.csv" "${pieces[@]}" --truth "$work/$base-t.csv" --json | field '["errors"]')"
  accuracy=("$acc")
  for method in ba ra exact fitted; do
    out=$("$egkb" reduce "$work/$base.csv" "${pieces[@]}" --method "$method" --out "$work/$base-$method.csv" --json)
    left=$(echo "$out" | field '["after"]["inconsistent_nodes"]')
    if [ "$method" = fitted ]; then
      :  # accuracy only: its conflicts and objective are exact's (docs/reducers.md)
    elif [ "$method" = exact ]; then
      line+=" | $left | $(printf '%.0f' "$(echo "$out" | field '["objective"]')") | $(printf '%.1f' "$(echo "$out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["seconds"]*1000)')")"
    else
      # The passes' own figure: before ra's exact finish, if it had one.
      greedy=$(echo "$out" | python3 -c 'import json,sys; t=[p for p in json.load(sys.stdin)["trace"] if not p["exact_finish"]]; print(t[-1]["inconsistent_nodes"] if t else 0)')
      passes=$(echo "$out" | python3 -c 'import json,sys; print(len([p for p in json.load(sys.stdin)["trace"] if not p["exact_finish"]]))')
      line+=" | $greedy | $passes"
      [ "$method" = ra ] && line+=" | $left"
      line+=" | $(printf '%.0f' "$(echo "$out" | field '["objective"]')")"
    fi
    cmp=$("$egkb" compare "$work/$base-$method.csv" "${pieces[@]}" --truth "$work/$base-t.csv" --json)
    accuracy+=("| $base | $method | $(echo "$cmp" | field '["errors"]')")
    last=${#accuracy[@]}
    for key in d_ge4 d3 d2 d1 d0 inverted; do accuracy[$((last-1))]+=" | $(echo "$cmp" | field "[\"$key\"]")"; done
  done
  cmp=$("$egkb" compare "$work/$base.csv" "${pieces[@]}" --truth "$work/$base-t.csv" --json)
  for key in d_ge4 d3 d2 d1 d0 inverted; do accuracy[0]+=" | $(echo "$cmp" | field "[\"$key\"]")"; done
  rows[$base]="$line |"
  for a in "${accuracy[@]}"; do rows[$base-acc]+="$a |"$'\n'; done
done

echo "| base | nodes | inconsistent before | after BA | BA passes | BA objective | after RA passes | RA passes | after RA (with exact finish) | RA objective | after exact | exact objective | exact ms |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for base in end64 end59 end49 endall chess; do echo "${rows[$base]}"; done
echo
echo "| base | scores | errors | D>=4 | D=3 | D=2 | D=1 | D=0 | inverted |"
echo "|---|---|---|---|---|---|---|---|---|"
for base in end64 end59 end49 endall chess; do printf '%s' "${rows[$base-acc]}"; done
