#!/usr/bin/env bash
# libegkb-probe as an engine author gets it: installed by `cmake --install` into a scratch
# prefix; the example of docs/examples, as installed, and a reader of materials built with
# pkg-config and -Werror -pedantic; the same reader built by a scratch CMake project with
# find_package(egkb-probe), linked to egkb::probe (shared) and to egkb::probe_static; each
# reader's answers set beside `egkb probe`'s for 1,000 random materials of an exported table
# and some it does not hold.
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
examples=$work/prefix/share/doc/egkb/docs/examples
[ -f "$examples/probe_walk.c" ] || { echo "probe_walk.c is not installed"; exit 1; }
# shellcheck disable=SC2046,SC2086
build_c() {
  cc -std=c99 -Wall -Wextra -Werror -pedantic $extra $(pkg-config --cflags egkb-probe) "$1" \
    $(pkg-config --libs egkb-probe) -o "$2"
}
build_c "$examples/probe_walk.c" "$work/walk"
build_c "$src/tests/probe/agree.c" "$work/agree"
export LD_LIBRARY_PATH=$libdir

# The CMake package, as an engine's own build finds it.
mkdir "$work/consumer"
cp "$src/tests/probe/agree.c" "$work/consumer/"
cat > "$work/consumer/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(consumer C)
set(CMAKE_C_STANDARD 99)
set(CMAKE_C_EXTENSIONS OFF)
find_package(egkb-probe 0.1 REQUIRED)
add_compile_options(-Wall -Wextra -Werror -pedantic)
add_executable(agree_shared agree.c)
target_link_libraries(agree_shared PRIVATE egkb::probe)
add_executable(agree_static agree.c)
target_link_libraries(agree_static PRIVATE egkb::probe_static)
CMAKE
# shellcheck disable=SC2086
CFLAGS="$extra" LDFLAGS="$extra" cmake -S "$work/consumer" -B "$work/consumer/build" \
  -DCMAKE_PREFIX_PATH="$work/prefix" >"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; exit 1; }
cmake --build "$work/consumer/build" >>"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; exit 1; }
# grep reads all of ldd's output: with -q it could stop early, and pipefail would then take
# ldd's SIGPIPE for a failure.
ldd "$work/consumer/build/agree_shared" | grep libegkb-probe.so >/dev/null ||
  { echo "agree_shared does not load libegkb-probe.so"; exit 1; }
if ldd "$work/consumer/build/agree_static" | grep libegkb-probe >/dev/null; then
  echo "agree_static loads libegkb-probe.so"; exit 1
fi

"$egkb" synth --preset endall --seed 1 --truth "$work/truth.csv" --out "$work/noisy.csv" >/dev/null
"$egkb" export "$work/truth.csv" --format table --out "$work/kb.egkb" >/dev/null
"$egkb" export "$work/truth.csv" --format csv --out "$work/closure.csv" >/dev/null
{ tail -n +2 "$work/closure.csv" | cut -d, -f1 | shuf -n 1000 --random-source=<(yes); \
  printf '%s\n' KRRRKR KPPPPPPK KXK K KRKRK; } > "$work/materials"
# shellcheck disable=SC2046
"$egkb" probe "$work/kb.egkb" $(head -n 1000 "$work/materials") | awk '{print $1, $2}' \
  > "$work/egkb"
for reader in "$work/agree" "$work/consumer/build/agree_shared" "$work/consumer/build/agree_static"; do
  "$reader" "$work/kb.egkb" < "$work/materials" > "$work/library"
  # The counts too: a short closure or a reader that stopped early would compare fewer lines.
  paste -d' ' <(head -n 1000 "$work/library") "$work/egkb" \
    | awk '$1 != $3 || $2 != $4 {bad++; print "differs: " $0}
           END {if (NR != 1000) {print NR " materials compared, not 1000"; bad++} exit bad > 0}'
  tail -n 5 "$work/library" | awk '$2 != "-" {print "known, should be unknown: " $0; bad++}
    END {if (NR != 5) {print NR " unknown materials read back, not 5"; bad++} exit bad > 0}'
  echo "$(basename "$reader"): 1000 materials agree with egkb probe; 5 unknown ones are unknown"
done
"$work/walk" "$work/kb.egkb" KRNCPKRNPGM | tee "$work/walk.out"
test "$(wc -l < "$work/walk.out")" -eq 10
"$egkb" export "$src/datasets/chess-syzygy-6men.csv" --pieces chess --format table \
  --out "$work/chess.egkb" >/dev/null
"$work/walk" "$work/chess.egkb" KRPvKR | tee "$work/chess.out"
grep -q "promotes P=Q" "$work/chess.out"
