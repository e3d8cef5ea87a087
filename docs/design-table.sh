#!/usr/bin/env bash
# Regenerates the review-design tables of docs/review-loop.md: `egkb simulate`, 3 rounds, the
# default repair, each design, seeds 1..5, on two kinds of data: synthetic endall with the paper's
# noise (1% a round) and the noisy chess data (datasets/, 10% a round: 51 of its 510 rows). Per
# run: the share of the base still wrong when each round's batch is drawn and whether that round's
# 95% interval covered it, the rows reviewed, the mean interval width (per cent of the rows drawn
# from), the errors found per verdict (wrong rows among those reviewed) and the errors removed per
# verdict (the fall in wrong rows from the repair before a round to the repair after its verdicts);
# then each design's totals over the seeds: how many seeds' intervals covered the truth in each
# round, and whether every round's did in at least 90% of the seeds (the goal of issue 25).
# Usage: docs/design-table.sh [path/to/egkb] [seeds]   (egkb on PATH, 10 seeds by default)
set -euo pipefail
egkb=${1:-egkb}
seeds=${2:-10}
here=$(cd "$(dirname "$0")" && pwd)
chess="$here/../datasets/chess-syzygy-6men.csv"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
designs="distance-k spread hss active"

# data p seed -> t.csv and n.csv in $work
make_base() {
  if [ "$1" = endall ]; then
    "$egkb" synth --preset endall --seed "$2" --truth "$work/t.csv" --out "$work/n.csv" >/dev/null
  else
    "$egkb" synth "$chess" --pieces chess --seed "$2" --truth "$work/t.csv" \
      --out "$work/n.csv" >/dev/null
  fi
}

for data in endall chess; do
  p=0.01
  [ "$data" = chess ] && p=0.1
  for seed in $(seq 1 "$seeds"); do
    make_base "$data" "$seed"
    for design in $designs; do
      "$egkb" simulate "$work/n.csv" --truth "$work/t.csv" --rounds 3 --p "$p" --design "$design" \
        --seed "$seed" --json >"$work/$data-$design-$seed.json"
    done
  done
done

/usr/bin/python3 - "$work" "$seeds" $designs <<'PY'
import json, sys
work, seeds, designs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
names = {"endall": "endall, paper noise, p = 1%", "chess": "noisy chess, p = 10%"}
for data in ("endall", "chess"):
    print(f"\n**{names[data]}**\n")
    print("| design | seed | round 1: wrong, covered | round 2 | round 3 | rows reviewed "
          "| mean width | errors found per verdict | removed per verdict |")
    print("|---|---|---|---|---|---|---|---|---|")
    totals = {}
    for design in designs:
        t = totals.setdefault(design, {"covered": [0, 0, 0], "width": 0.0, "found": 0,
                                       "sampled": 0, "last": 0.0, "removed": 0})
        for seed in range(1, seeds + 1):
            rounds = json.load(open(f"{work}/{data}-{design}-{seed}.json"))
            cells = ["%.2f%%, %s" % (100 * r["truth"]["errors"] / r["truth"]["size"],
                                     "yes" if r["covered"] else "no") for r in rounds]
            width = sum(r["estimate"]["high"] - r["estimate"]["low"] for r in rounds) / len(rounds)
            found = sum(r["estimate"]["found"] for r in rounds)
            sampled = sum(r["sampled"] for r in rounds)
            removed = rounds[0]["truth"]["errors"] - rounds[-1]["truth_after"]["errors"]
            print("| %s | %d | %s | %d | %.2f%% | %.3f | %.3f |" % (
                design, seed, " | ".join(cells), sampled, 100 * width, found / sampled,
                removed / sampled))
            for i, r in enumerate(rounds):
                t["covered"][i] += r["covered"]
            t["width"] += width / seeds
            t["found"] += found
            t["sampled"] += sampled
            t["removed"] += removed
            t["last"] += 100 * rounds[-1]["truth"]["errors"] / rounds[-1]["truth"]["size"] / seeds
    print("\n| design | seeds covered in rounds 1, 2, 3 | each ≥ 90% | mean width | errors found per verdict "
          "| errors removed per verdict | rows reviewed | wrong when round 3 is drawn |")
    print("|---|---|---|---|---|---|---|---|")
    for design in designs:
        t = totals[design]
        print("| %s | %s of %d | %s | %.2f%% | %.3f | %.3f | %d | %.2f%% |" % (
            design, ", ".join(map(str, t["covered"])), seeds,
            "yes" if min(t["covered"]) >= 0.9 * seeds else "no",
            100 * t["width"], t["found"] / t["sampled"], t["removed"] / t["sampled"], t["sampled"],
            t["last"]))
PY
