#!/usr/bin/env bash
# Fresh Debian 12 machine -> egkb on your PATH and its first run. Safe to run again.
# Installs the Debian packages (those ./test.sh needs too, and the UCI engines `egkb evidence`
# asks: stockfish for chess, fairy-stockfish for xiangqi, in /usr/games), builds the egkb binary
# alone in Release, installs it (into /usr/local as root, else into ~/.local), and runs
# `egkb demo`.
set -euo pipefail
cd "$(dirname "$0")"

packages=(cmake g++ make ninja-build libboost-graph-dev libsqlitecpp-dev libsqlite3-dev libcli11-dev
          nlohmann-json3-dev libfmt-dev libgtest-dev libgmock-dev libbenchmark-dev graphviz
          python3-scipy clang libclang-rt-14-dev help2man dpkg-dev libeigen3-dev
          libcpp-httplib-dev libssl-dev openssl curl zlib1g-dev pkg-config ccache chromium
          chromium-driver python3-selenium
          fonts-wqy-microhei
          stockfish fairy-stockfish)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# npm installs the browser-test tools (axe-core). A machine whose Node.js came from elsewhere
# (NodeSource's nodejs carries its own npm) cannot take Debian's npm beside it, so the Debian
# packages are asked for only when there is no npm at all.
command -v npm >/dev/null || missing+=(nodejs npm)
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if [ ${#missing[@]} -gt 0 ]; then
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

started=$SECONDS
cmake/configure.sh release
cmake --build --preset release --target egkb egkb_probe
if [ "$(id -u)" -eq 0 ]; then
  prefix=/usr/local
else
  prefix=$HOME/.local
fi
cmake --install build/release --prefix "$prefix" >/dev/null
# libegkb-probe went into $prefix/lib: the loader's cache learns of it (root installs only).
if [ "$(id -u)" -eq 0 ]; then ldconfig; fi
echo "setup: built and installed egkb into $prefix/bin in $((SECONDS - started)) s"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "setup: $prefix/bin is not on your PATH yet; add it (a new login shell on Debian" \
          "adds ~/.local/bin once it exists):  export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
echo "setup: ./test.sh builds and runs the tests and benchmarks"
echo
"$prefix/bin/egkb" demo
