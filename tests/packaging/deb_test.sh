#!/usr/bin/env bash
# The Debian package as a user gets it: cpack builds it from the build tree, dpkg-deb unpacks it
# into a scratch root, and its egkb answers --version, finds its demo data and its review server,
# has its man page, and its bash completion completes commands and options.
# Usage: deb_test.sh BUILD_DIR VERSION
set -euo pipefail
build=$1
version=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "deb_test: $*" >&2; exit 1; }

cpack --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; fail "cpack failed"; }
deb=$(ls "$work"/out/egkb_*.deb)
[ "$(dpkg-deb -f "$deb" Package)" = egkb ] || fail "package name"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "package version"
dpkg-deb -f "$deb" Depends | grep libsqlite3 >/dev/null || fail "no dependency on libsqlite3"

dpkg-deb -x "$deb" "$work/root"
usr=$work/root/usr
[ "$("$usr/bin/egkb" --version)" = "egkb $version" ] || fail "egkb --version"
zcat "$usr/share/man/man1/egkb.1.gz" | grep 'egkb review import' >/dev/null || fail "man page"
[ -f "$usr/share/doc/egkb/docs/tutorial.md" ] || fail "docs"
(cd "$work" && env -u EGKB_DATA_DIR "$usr/bin/egkb" demo >demo.txt) || fail "demo"
grep -q "chess-syzygy-6men.csv: chess pieces, 1000 nodes" "$work/demo.txt" || fail "demo data"
# serve hands its command line to the server installed with egkb, which refuses a missing store.
[ -x "$usr/libexec/egkb/egkb-serve" ] || fail "no egkb-serve in libexec"
set +e
"$usr/bin/egkb" serve "$work/missing.sqlite" 2>"$work/serve.err"
served=$?
set -e
[ $served -eq 2 ] && grep -q "no such file" "$work/serve.err" || fail "serve: $(cat "$work/serve.err")"

# libegkb-probe: the libraries, its headers, its pkg-config file and CMake package, the guide's
# examples, and zlib among the depends.
ls "$usr"/lib/libegkb-probe.so.0* >/dev/null 2>&1 || fail "no libegkb-probe.so.0"
[ -f "$usr/include/egkb/probe.h" ] || fail "no egkb/probe.h"
[ -f "$usr/include/egkb/probe_version.h" ] || fail "no egkb/probe_version.h"
[ -f "$usr/lib/libegkb-probe.a" ] || fail "no libegkb-probe.a"
[ -f "$usr/lib/cmake/egkb-probe/egkb-probe-config.cmake" ] || fail "no CMake package egkb-probe"
[ -f "$usr/share/doc/egkb/docs/examples/probe_walk.c" ] || fail "the guide's C example"
PKG_CONFIG_PATH=$usr/lib/pkgconfig pkg-config --libs egkb-probe | grep -- -legkb-probe >/dev/null ||
  fail "egkb-probe.pc"
dpkg-deb -f "$deb" Depends | grep zlib1g >/dev/null || fail "no dependency on zlib1g"
dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./triggers | grep "activate-noawait ldconfig" >/dev/null ||
  fail "no ldconfig trigger for libegkb-probe"

export PATH="$usr/bin:$PATH"
# shellcheck source=/dev/null
source "$usr/share/bash-completion/completions/egkb"
complete_words() {
  COMP_WORDS=("$@")
  COMP_CWORD=$(($# - 1))
  COMPREPLY=()
  _egkb
  echo "${COMPREPLY[*]}"
}
[ "$(complete_words egkb confl)" = conflicts ] || fail "completes a command"
[ "$(complete_words egkb review im)" = import ] || fail "completes a group's command"
[ "$(complete_words egkb reduce kb.csv --meth)" = --method ] || fail "completes an option"
echo "deb_test: $(basename "$deb") unpacks and runs"
