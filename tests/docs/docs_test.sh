#!/usr/bin/env bash
# The documentation as a new user meets it, from a build tree:
#   tutorial  docs/tutorial.sh, run again, prints docs/tutorial.md (timings and times of day masked);
#   readme    the README's first-look commands, typed in an empty directory with egkb installed
#             on PATH, exit as the README says and print the figures its comments show;
#   links     every relative link in README.md and docs/*.md names a file of the repository.
# Usage: docs_test.sh tutorial|readme|links SOURCE_DIR BUILD_DIR
set -euo pipefail
what=$1
source_dir=$(cd "$2" && pwd)
build=$(cd "$3" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "docs_test $what: $*" >&2; exit 1; }
mask() { sed -E -e 's/[0-9]+\.[0-9]+ s([),]|$)/T s\1/g' -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z/TIME/g' "$1"; }

case $what in
  tutorial)
    bash "$source_dir/docs/tutorial.sh" "$build" >"$work/tutorial.md"
    if ! diff <(mask "$source_dir/docs/tutorial.md") <(mask "$work/tutorial.md") >"$work/diff"; then
      head -60 "$work/diff" >&2
      fail "docs/tutorial.md differs from what its commands print: run docs/tutorial.sh"
    fi ;;
  readme)
    cmake --install "$build" --prefix "$work/prefix" >/dev/null
    export PATH="$work/prefix/bin:$PATH"
    unset EGKB_DATA_DIR
    mkdir "$work/tour" && cd "$work/tour"
    # The block after "A first look": one command per line, an optional "# comment" after it.
    tour=$(awk '/A first look/ { found = 1 } found && /^```sh/ { inside = 1; next }
                inside && /^```/ { exit } inside' "$source_dir/README.md")
    [ -n "$tour" ] || fail "no first-look block in README.md"
    numbers=0
    while IFS= read -r line; do
      command=${line%%#*}
      comment=""
      [[ $line == *#* ]] && comment=${line#*# }
      status=0
      output=$(bash -c "$command" 2>&1) || status=$?
      if [[ $comment == refused* ]]; then
        [ "$status" -eq 2 ] || fail "'$command' exited $status; the README says it is refused"
      else
        [ "$status" -eq 0 ] || fail "'$command' exited $status: $output"
      fi
      # Every number the comment shows is printed, and a comment that quotes output word for
      # word (more than one space in a row) is printed as it stands, spacing aside.
      for number in $(grep -oE '[0-9]+' <<<"$comment"); do
        grep -qw "$number" <<<"$output" || fail "'$command' does not print $number: $output"
        numbers=$((numbers + 1))
      done
      if [[ $comment == *"  "* ]]; then
        squeeze() { tr -s ' ' <<<"$1"; }
        grep -qF "$(squeeze "$comment")" <<<"$(squeeze "$output")" ||
          fail "'$command' does not print '$comment': $output"
      fi
    done <<<"$tour"
    # A block cut short where it is read (a changed fence, a stray line) would pass unread.
    commands=$(wc -l <<<"$tour")
    [ "$commands" -ge 8 ] && [ "$numbers" -ge 5 ] ||
      fail "only $commands commands and $numbers printed figures checked; the tour has 8 and 5"
    echo "docs_test readme: $commands commands as typed, $numbers figures printed" ;;
  links)
    cd "$source_dir"
    links=0
    for doc in README.md docs/*.md datasets/README.md; do
      for target in $(grep -oE '\]\([^)#]+' "$doc" | sed 's/^](//' | grep -vE '^(https?|mailto):'); do
        [ -e "$(dirname "$doc")/$target" ] || fail "$doc links $target, which the repository lacks"
        links=$((links + 1))
      done
    done
    # 76 when counted; a pattern that stopped matching would find none and pass.
    [ "$links" -ge 70 ] || fail "only $links relative links checked"
    echo "docs_test links: $links relative links name files of the repository" ;;
  *) fail "unknown check" ;;
esac
