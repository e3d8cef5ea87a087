#!/usr/bin/env bash
# Writes docs/tutorial.md: every step from a noisy base to a probed engine table, run for real,
# each command followed by what it printed. The commands run as a user types them: egkb installed
# from the build tree into a scratch prefix that is put on PATH (as ./setup.sh does), in an empty
# directory with nothing of the checkout in reach. ctest runs it and compares its output with
# docs/tutorial.md, so the page stays true.
# Usage: docs/tutorial.sh [BUILD_DIR] > docs/tutorial.md
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build/release}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
mkdir "$work/tutorial"
cd "$work/tutorial"
export PATH="$work/prefix/bin:$PATH"
unset EGKB_DATA_DIR

say() { printf '%s\n\n' "$*"; }
# Shows a command and its output; the status must be the one given (default 0).
run() {
  local want=0
  if [ "$1" = "--status" ]; then want=$2; shift 2; fi
  printf '```\n$ %s\n' "$*"
  local status=0
  bash -c "$*" 2>&1 || status=$?
  [ "$want" -eq 0 ] || printf '(exit status %s)\n' "$status"
  printf '```\n\n'
  if [ "$status" -ne "$want" ]; then
    echo "tutorial: '$*' exited $status, expected $want" >&2
    exit 1
  fi
}

say "# Tutorial: from a noisy base to a probed engine table"
say "Every command below was run by \`docs/tutorial.sh\`, which wrote this page; the output is
what it printed (times vary from run to run). Run the commands yourself in an empty directory
after \`./setup.sh\`, which puts \`egkb\` on your PATH. Who does what: the *batch runner* makes
and repairs the base, the *expert* reviews a sample, the *engine author* exports and probes it
(docs/guide-*.md has a guide for each)."

say "## 1. A noisy base

No xiangqi base is public, so we make one with a known truth: a base shaped like the paper's
ENDALL with its error mix. \`truth.csv\` lets us play the expert later and check the result."
run egkb synth --preset endall --seed 1 --truth truth.csv --out noisy.csv
run head -4 noisy.csv

say "## 2. Into a store

The store (SQLite) keeps every score change, every run and every review batch, so nothing is
lost; each command's writes are one transaction."
run egkb import kb.sqlite noisy.csv

say "## 3. Find the conflicts"
run egkb conflicts kb.sqlite --worst 5
run egkb show kb.sqlite KRKNMM

say "## 4. Repair, with a report

The default repair, \`auto\`, makes the least change that leaves no conflict, at the cost
and prior weight that predict rows held out of the base best (\`--method exact\` is the plain
least weighted change, \`ba\` and \`ra\` the paper's greedy algorithms). \`--report\` writes an HTML page
with the convergence, the changes by error distance, the worst nodes and their neighbourhoods
before and after (pictures need Graphviz)."
run egkb reduce kb.sqlite --report repair.html
run "grep -o '<h2>[^<]*</h2>' repair.html"

say "## 5. Sample for the expert

Rows at lattice distance at least 4 from each other, so each verdict tells something new. The
batch is recorded in the store; \`batch.csv\` is the sheet, \`batch.html\` the same to read."
run egkb sample kb.sqlite --p 0.011 --k 4 --seed 3 --out batch.csv
run "head -3 batch.csv"

say "## 6. Review

The expert writes a score 0..9, or \`ok\`, in the \`verdict\` column of every row. Here the truth
plays the expert (a few lines of Python fill the column):"
run "python3 -c \"
import csv
truth = {r['material']: r['score'] for r in csv.DictReader(open('truth.csv'))}
rows = list(csv.DictReader(open('batch.csv')))
for r in rows:
    r['verdict'] = 'ok' if truth[r['material']] == r['score'] else truth[r['material']]
w = csv.DictWriter(open('reviewed.csv', 'w', newline=''), fieldnames=rows[0].keys())
w.writeheader(); w.writerows(rows)
print(sum(r['verdict'] != 'ok' for r in rows), 'of', len(rows), 'rows corrected')
\""
say "A sheet with a mistake is refused as a whole, naming the line, and the store is untouched:"
run "awk -F, -v OFS=, 'NR == 3 { \$4 = 11 } 1' reviewed.csv > typo.csv"
run --status 2 egkb review import kb.sqlite typo.csv --reviewer alice
run egkb review import kb.sqlite reviewed.csv --reviewer alice
run egkb estimate kb.sqlite reviewed.csv

say "## 7. Repair again around the verdicts

Reviewed rows are now invariable expert rows: the next repair moves the rest around them."
run egkb reduce kb.sqlite
run egkb conflicts kb.sqlite --fail-on-conflict
run egkb compare kb.sqlite --truth truth.csv

say "## 8. Export for the engine

\`export\` refuses a base with conflicts (exit 2, an input error) unless \`--allow-conflicts\`:"
run --status 2 egkb export noisy.csv --format table --out noisy.egkb
run egkb export kb.sqlite --format table --out kb.egkb
run egkb probe kb.egkb KRKNMM KRNKRGG KCKC KRRNNCCPPPPPK
say "A damaged table is refused by its checksum:"
run "cp kb.egkb damaged.egkb && printf 'X' | dd of=damaged.egkb bs=1 seek=100000 conv=notrunc 2>/dev/null"
run --status 2 egkb probe damaged.egkb KRKNMM

say "## 9. Compile the probe into an engine

The header holds the scores and \`kb_probe_counts(red_counts, black_counts)\`, plain C99 and C++.
\`engine_probe.cpp\`, installed with egkb's documentation, is a small engine-side program built
on it: it looks the material up and lists the one-for-one exchanges that change the outlook."
run egkb export kb.sqlite --format header --out kb_probe.h
run "sed -n '1,22p' kb_probe.h"
run 'cp "$(dirname "$(command -v egkb)")/../share/doc/egkb/docs/examples/engine_probe.cpp" .'
run "g++ -std=c++17 -O2 -Wall -Wextra -Werror -I. engine_probe.cpp -o engine_probe"
run ./engine_probe KRKNMM KRNKRGG
