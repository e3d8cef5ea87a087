#!/bin/bash
# Every end-to-end path of one or two egkb binaries on the same synthetic bases: wall time and
# peak memory per command, and, given two binaries, whether their outputs are the same (paths and
# timings aside; stores compared by their rows). What docs/performance.md reports.
#
#   bench/cli_paths.sh NEW [OLD]     e.g. bench/cli_paths.sh build/release/cli/egkb /tmp/egkb.old
#
# Needs /usr/bin/time and sqlite3. Works in $EGKB_PATHS_DIR (default /tmp/egkb_cli_paths).
set -euo pipefail

new=$(realpath "$1")
old=${2:+$(realpath "$2")}
work=${EGKB_PATHS_DIR:-/tmp/egkb_cli_paths}
mkdir -p "$work"
cd "$work"

for preset in end65 endall full; do
  [ -f $preset.csv ] || "$new" synth --preset $preset --truth $preset.truth.csv --out $preset.csv >/dev/null
done

# run BINARY TAG: every path into out.TAG/, one line per command on standard output.
run() {
  local egkb=$1 out=out.$2
  rm -rf "$out"
  mkdir -p "$out"
  timed() {
    local name=$1
    shift
    /usr/bin/time -f "%e %M" -o "$out/.time" "$@" >"$out/$name.stdout" 2>"$out/$name.stderr"
    awk -v n="$name" '{ printf "%-26s %7.2f s %6.0f MiB\n", n, $1, $2 / 1024 }' "$out/.time"
  }
  for b in end65 endall full; do
    timed conflicts.$b.csv "$egkb" conflicts $b.csv
    timed import.$b "$egkb" import "$out/$b.sqlite" $b.csv
    timed conflicts.$b.store "$egkb" conflicts "$out/$b.sqlite"
    for method in exact fitted ra ba; do
      [ $b = full ] && [ $method = ba ] && continue # ba on full takes minutes
      timed reduce.$method.$b "$egkb" reduce $b.csv --method $method --out "$out/$b.$method.csv"
    done
    timed export.$b "$egkb" export "$out/$b.sqlite" --format table --allow-conflicts \
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
