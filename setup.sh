#!/usr/bin/env bash
# Fresh Debian 12 machine -> built egkb and its first run. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")"

packages=(cmake g++ make libboost-graph-dev libsqlitecpp-dev libsqlite3-dev libcli11-dev
          nlohmann-json3-dev libfmt-dev libgtest-dev libgmock-dev libbenchmark-dev graphviz
          python3-scipy clang libclang-rt-14-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

cmake --preset release >/dev/null
cmake --build --preset release
./build/release/cli/egkb demo
