#!/usr/bin/env bash
# Regenerates the coverage table of docs/review-loop.md: for each kind of data one base (seed 1),
# repaired once by the default repair, and 200 batches of each design drawn from it (sampling
# seeds 1..200, `egkb simulate --rounds 1`), each estimated and compared with the truth. Per design:
# how often the 95% interval held the true error count, the mean estimate and its spread over the
# draws, the mean interval width and the errors found per verdict.
# Usage: nice -n 10 docs/coverage-table.sh [path/to/egkb] [draws]   (egkb on PATH by default)
set -euo pipefail
egkb=${1:-egkb}
draws=${2:-200}
here=$(cd "$(dirname "$0")" && pwd)
chess="$here/../datasets/chess-syzygy-6men.csv"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
designs="distance-k spread hss active"

for data in endall-paper endall-clustered chess; do
  p=0.01
  case $data in
    endall-paper) "$egkb" synth --preset endall --seed 1 --truth "$work/t.csv" --out "$work/n.csv" ;;
    endall-clustered) "$egkb" synth --preset endall --noise clustered --seed 1 \
      --truth "$work/t.csv" --out "$work/n.csv" ;;
    chess) p=0.1
      "$egkb" synth "$chess" --pieces chess --seed 1 --truth "$work/t.csv" --out "$work/n.csv" ;;
  esac >/dev/null
  for design in $designs; do
    for ((seed = 1; seed <= draws; ++seed)); do
      "$egkb" simulate "$work/n.csv" --truth "$work/t.csv" --rounds 1 --p "$p" \
        --design "$design" --seed "$seed" --json
    done >"$work/$data-$design.jsonl"
  done
done

/usr/bin/python3 - "$work" "$draws" $designs <<'PY'
import json, math, sys
work, draws, designs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
names = {"endall-paper": "endall, paper noise, p = 1%",
         "endall-clustered": "endall, clustered noise, p = 1%",
         "chess": "noisy chess, p = 10%"}
print("| data | design | rows reviewed (mean) | covered | true errors | mean estimate "
      "| sd of estimates | mean width | errors found per verdict |")
print("|---|---|---|---|---|---|---|---|---|")
for data in names:
    for design in designs:
        text = open(f"{work}/{data}-{design}.jsonl").read()
        runs, at = [], 0
        decoder = json.JSONDecoder()
        while at < len(text):
            while at < len(text) and text[at].isspace():
                at += 1
            if at == len(text):
                break
            value, at = decoder.raw_decode(text, at)
            runs.append(value[0])
        n = runs[0]["estimate"]["size"]
        estimates = [r["estimate"]["errors"] for r in runs]
        mean = sum(estimates) / len(estimates)
        sd = math.sqrt(sum((e - mean) ** 2 for e in estimates) / (len(estimates) - 1))
        width = sum(r["estimate"]["high"] - r["estimate"]["low"] for r in runs) / len(runs) * n
        sampled = sum(r["sampled"] for r in runs)
        found = sum(r["estimate"]["found"] for r in runs)
        covered = sum(r["covered"] for r in runs)
        print("| %s | %s | %.0f | %d of %d (%.1f%%) | %d | %.0f | %.0f | %.0f | %.3f |" % (
            names[data], design, sampled / len(runs), covered, len(runs), 100 * covered / len(runs),
            runs[0]["truth"]["errors"], mean, sd, width, found / sampled))
PY
