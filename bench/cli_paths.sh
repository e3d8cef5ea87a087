#!/bin/bash
# Every end-to-end path of one or two egkb binaries on the same synthetic bases: wall, user and
# sys time, minor page faults and peak memory per command, beside baselines and yardsticks
# measured in the same run, and, given two binaries, whether their outputs are the same (paths
# and timings aside; stores compared by their rows). What docs/performance.md reports.
#
#   bench/cli_paths.sh NEW [OLD]     e.g. bench/cli_paths.sh build/release/cli/egkb /tmp/egkb.old
#
# Yardsticks: `egkb --version` (process start and exit) and a fixed CPU-bound loop; a machine
# that is slower shows in them too, a program that is slower does not. Baselines per base:
# reading the CSV's bytes, a bare SQLite scan of the imported store, and the exact repair's LP
# peer (HiGHS, bench/lp_compare.py) on the small bases. Columns: sys% is sys over user time;
# faults/page is minor faults over peak memory in 4 KiB pages (1 = every page faulted once).
#
# Needs /usr/bin/time, sqlite3 and python3-scipy. Works in $EGKB_PATHS_DIR (default
# /tmp/egkb_cli_paths).
set -euo pipefail

new=$(realpath "$1")
old=${2:+$(realpath "$2")}
lp=$(realpath "$(dirname "$0")/lp_compare.py")
work=${EGKB_PATHS_DIR:-/tmp/egkb_cli_paths}
mkdir -p "$work"
cd "$work"

for preset in end65 endall full; do
  [ -f $preset.csv ] || "$new" synth --preset $preset --truth $preset.truth.csv --out $preset.csv >/dev/null
done

# timed DIR NAME COMMAND...: runs the command, its output into DIR/NAME.stdout and .stderr, and
# prints one line of its costs.
timed() {
  local dir=$1 name=$2
  shift 2
  /usr/bin/time -f "%e %U %S %R %M" -o "$dir/.time" "$@" >"$dir/$name.stdout" 2>"$dir/$name.stderr"
  awk -v n="$name" '{ printf "%-26s %7.3f s  user %6.2f  sys %5.2f (%3.0f%%)  %8d minflt (%4.2f/page)  %6.0f MiB\n",
                      n, $1, $2, $3, ($2 > 0 ? 100 * $3 / $2 : 0), $4, $4 / ($5 / 4), $5 / 1024 }' "$dir/.time"
}

header() {
  printf "%-26s %9s  %11s  %15s  %24s  %10s\n" path wall user "sys (of user)" "minor faults" peak
}

# yardsticks BINARY: process start and exit (the median of 21), and a fixed CPU-bound loop.
yardsticks() {
  local egkb=$1 dir=yardstick
  mkdir -p $dir
  local start
  for i in $(seq 21); do
    start=$EPOCHREALTIME
    "$egkb" --version >/dev/null
    echo "$EPOCHREALTIME $start" | awk '{ print $1 - $2 }'
  done | sort -n | awk '{ t[NR] = $1 } END { printf "%-26s %7.4f s  (median of %d)\n", "yardstick: egkb --version", t[int((NR + 1) / 2)], NR }'
  timed $dir yardstick.cpu-loop awk 'BEGIN { x = 1; for (i = 0; i < 5000000; i++) x = (x * 1103515245 + 12345) % 2147483648; print x }'
}

# baselines BASE: what the same input costs without egkb, measured beside it.
baselines() {
  local b=$1 dir=baseline
  mkdir -p $dir
  timed $dir baseline.read-bytes.$b cat $b.csv
  [ -f $b.bare.sqlite ] || "$new" import $b.bare.sqlite $b.csv >/dev/null
  timed $dir baseline.sqlite-scan.$b sqlite3 $b.bare.sqlite \
    "SELECT sum(key + score + length(source) + invariable) FROM nodes"
  if [ $b != full ]; then
    timed $dir baseline.highs-lp.$b /usr/bin/python3 "$lp" $b.csv --egkb "$new"
    sed -n 's/^/    /p' $dir/baseline.highs-lp.$b.stdout
  fi
}

# run BINARY TAG: every path into out.TAG/, one line per command on standard output.
run() {
  local egkb=$1 out=out.$2
  rm -rf "$out"
  mkdir -p "$out"
  header
  yardsticks "$egkb"
  for b in end65 endall full; do
    baselines $b
    timed "$out" conflicts.$b.csv "$egkb" conflicts $b.csv
    timed "$out" import.$b "$egkb" import "$out/$b.sqlite" $b.csv
    timed "$out" conflicts.$b.store "$egkb" conflicts "$out/$b.sqlite"
    for method in exact auto fitted ra ba; do
      [ $b = full ] && [ $method = ba ] && continue # ba on full takes minutes
      timed "$out" reduce.$method.$b "$egkb" reduce $b.csv --method $method --out "$out/$b.$method.csv"
    done
    timed "$out" export.$b "$egkb" export "$out/$b.sqlite" --format table --allow-conflicts \
      --out "$out/$b.table"
  done
}

# same A B: whether two runs wrote the same outputs.
same() {
  local differ=0
  normal() { sed -E "s#out\.(new|old)/##g; s/[0-9]+\.[0-9]+ s\b/T s/g" "$1"; }
  rows() { sqlite3 "$1" "SELECT key, score, source, invariable, weight FROM nodes ORDER BY key"; }
  for f in out.$1/*; do
    local name=$(basename "$f") other=out.$2/$(basename "$f")
    case $name in
      # SQLite's side files: the store's rows are compared, whatever its journal holds.
      *.sqlite-wal | *.sqlite-shm) continue ;;
      *.sqlite) cmp -s <(rows "$f") <(rows "$other") ;;
      *.stdout | *.stderr) cmp -s <(normal "$f") <(normal "$other") ;;
      *) cmp -s "$f" "$other" ;;
    esac || {
      echo "differs: $name"
      differ=1
    }
  done
  return $differ
}

echo "== $new"
run "$new" new
if [ -n "$old" ]; then
  echo "== $old"
  run "$old" old
  same new old && echo "same outputs: every command of both binaries"
fi
