#!/usr/bin/env bash
# The exact reducer against an independent LP (HiGHS through scipy) on a synthetic end59 base:
# both must reach the same objective. Exit 77 (skipped) when scipy is not installed.
set -euo pipefail
egkb=$1
script=$2
/usr/bin/python3 -c "import scipy.optimize" 2>/dev/null || { echo "skipped: python3-scipy is not installed (./setup.sh installs it)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$egkb" synth --preset end59 --seed 4 --truth "$work/t.csv" --out "$work/n.csv" >/dev/null
out=$(/usr/bin/python3 "$script" "$work/n.csv" --egkb "$egkb")
echo "$out"
grep -q "same objective: True" <<<"$out"
