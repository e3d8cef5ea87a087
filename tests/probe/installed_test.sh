#!/usr/bin/env bash
# libegkb-probe as an engine author gets it: installed by `cmake --install` into a scratch
# prefix, two C99 programs built with pkg-config and -Werror -pedantic (the walk of
# docs/examples and a reader of materials), and the library's answers set beside `egkb probe`'s
# for 1,000 random materials of an exported table and some it does not hold.
# Usage: installed_test.sh BUILD_DIR SOURCE_DIR [EXTRA_CFLAGS]
set -euo pipefail
build=$1 src=$2 extra=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
pc=$(dirname "$(find "$work/prefix" -name egkb-probe.pc)")
export PKG_CONFIG_PATH=$pc
libdir=$(pkg-config --variable=libdir egkb-probe)
egkb=$work/prefix/bin/egkb
# shellcheck disable=SC2046,SC2086
build_c() {
  cc -std=c99 -Wall -Wextra -Werror -pedantic $extra $(pkg-config --cflags egkb-probe) "$1" \
    $(pkg-config --libs egkb-probe) -o "$2"
}
build_c "$src/docs/examples/probe_walk.c" "$work/walk"
build_c "$src/tests/probe/agree.c" "$work/agree"
export LD_LIBRARY_PATH=$libdir

"$egkb" synth --preset endall --seed 1 --truth "$work/truth.csv" --out "$work/noisy.csv" >/dev/null
"$egkb" export "$work/truth.csv" --format table --out "$work/kb.egkb" >/dev/null
"$egkb" export "$work/truth.csv" --format csv --out "$work/closure.csv" >/dev/null
{ tail -n +2 "$work/closure.csv" | cut -d, -f1 | shuf -n 1000 --random-source=<(yes); \
  printf '%s\n' KRRRKR KPPPPPPK KXK K KRKRK; } > "$work/materials"
"$work/agree" "$work/kb.egkb" < "$work/materials" > "$work/library"
# shellcheck disable=SC2046
"$egkb" probe "$work/kb.egkb" $(head -n 1000 "$work/materials") | awk '{print $1, $2}' \
  > "$work/egkb"
# The counts too: a short closure or a reader that stopped early would compare fewer lines.
paste -d' ' <(head -n 1000 "$work/library") "$work/egkb" \
  | awk '$1 != $3 || $2 != $4 {bad++; print "differs: " $0}
         END {if (NR != 1000) {print NR " materials compared, not 1000"; bad++} exit bad > 0}'
tail -n 5 "$work/library" | awk '$2 != "-" {print "known, should be unknown: " $0; bad++}
  END {if (NR != 5) {print NR " unknown materials read back, not 5"; bad++} exit bad > 0}'
echo "1000 materials agree with egkb probe; 5 unknown ones are unknown"
"$work/walk" "$work/kb.egkb" KRNCPKRNPGM | tee "$work/walk.out"
test "$(wc -l < "$work/walk.out")" -eq 10
"$egkb" export "$src/datasets/chess-syzygy-6men.csv" --pieces chess --format table \
  --out "$work/chess.egkb" >/dev/null
"$work/walk" "$work/chess.egkb" KRPvKR | tee "$work/chess.out"
grep -q "promotes P=Q" "$work/chess.out"
