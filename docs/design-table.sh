#!/usr/bin/env bash
# Regenerates the review-design table of docs/review-loop.md: `egkb simulate` on synthetic endall
# (paper noise), 3 rounds of 1%, the default repair, for each design and seeds 1..5: the share
# of the base still wrong after each round and whether that round's 95% interval covered it.
# Usage: docs/design-table.sh [path/to/egkb]   (egkb on PATH by default)
set -euo pipefail
egkb=${1:-egkb}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "| design | seed | round 1: wrong, covered | round 2 | round 3 | rows reviewed |"
echo "|---|---|---|---|---|---|"
for design in distance-k hss active; do
  for seed in 1 2 3 4 5; do
    "$egkb" synth --preset endall --seed "$seed" --truth "$work/t.csv" --out "$work/n.csv" >/dev/null
    "$egkb" simulate "$work/n.csv" --truth "$work/t.csv" --rounds 3 --p 0.01 --design "$design" \
      --seed "$seed" --json |
      /usr/bin/python3 -c '
import json, sys
rounds = json.load(sys.stdin)
cells = ["%.2f%%, %s" % (100 * r["truth"]["errors"] / r["truth"]["size"],
                         "yes" if r["covered"] else "no") for r in rounds]
print("| %s | %s | %s | %d |" % (sys.argv[1], sys.argv[2], " | ".join(cells),
                                 sum(r["sampled"] for r in rounds)))' "$design" "$seed"
  done
done
