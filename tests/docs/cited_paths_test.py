#!/usr/bin/env python3
"""Every file a source comment cites is one the repository holds.

A citation is a relative path under one of the repository's top-level folders that ends in a file
extension (docs/design.md, reducer/exact.h, tests/docs/docs_test.sh), written in a comment of a
tracked .h, .c, .cpp, .sh, .py (docstrings too) or CMakeLists.txt file. Fails naming file:line
and the path for each one missing, and when it found no citation at all (a scan that reads
nothing proves nothing).

Usage: cited_paths_test.py SOURCE_DIR
"""

import re
import subprocess
import sys
from pathlib import Path

C_FAMILY = {".h", ".c", ".cpp"}
HASH_COMMENTED = {".sh", ".py"}


def tracked_files(source_dir):
    listed = subprocess.run(["git", "-C", str(source_dir), "ls-files", "-z"], check=True,
                            capture_output=True, text=True).stdout
    return [f for f in listed.split("\0") if f]


def citation_pattern(files):
    folders = sorted({f.split("/")[0] for f in files if "/" in f})
    # Not inside a longer path or word (/work/docs/x.md, ../docs/x.md); a sentence's full stop
    # after the path is left out because the extension must end in a letter or digit run.
    return re.compile(r"(?<![\w./-])((?:%s)/[\w./-]*\.[A-Za-z]\w*)" %
                      "|".join(re.escape(f) for f in folders))


def c_comments(text):
    """(line number, comment text) for each line of each // and /* */ comment, outside string,
    character and raw string literals."""
    i, line, n = 0, 1, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            yield line, text[i + 2:end]
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end
            for offset, part in enumerate(text[i + 2:end].split("\n")):
                yield line + offset, part
            line += text.count("\n", i, end)
            i = end + 2
        elif c == "R" and text.startswith('"', i + 1) and not (i > 0 and (text[i - 1].isalnum()
                                                                          or text[i - 1] == "_")):
            open_paren = text.find("(", i + 2)
            closing = ")" + text[i + 2:open_paren] + '"'
            end = text.find(closing, open_paren)
            end = n if end < 0 else end + len(closing)
            line += text.count("\n", i, end)
            i = end
        elif c == '"' or (c == "'" and not (i > 0 and text[i - 1].isalnum())):
            # A ' after a digit or letter separates digits (100'000) rather than opening a char.
            i += 1
            while i < n and text[i] != c and text[i] != "\n":
                i += 2 if text[i] == "\\" else 1
            i += 1
        else:
            i += 1


def hash_comments(text):
    """(line number, comment text) for each # comment: a # at a line's start or after a space,
    outside quotes (so neither ${x#y} nor "a # b")."""
    for number, row in enumerate(text.split("\n"), 1):
        quote = None
        for i, c in enumerate(row):
            if quote:
                if c == quote:
                    quote = None
            elif c in "\"'":
                quote = c
            elif c == "#" and (i == 0 or row[i - 1].isspace()):
                yield number, row[i + 1:]
                break


def python_comments(text):
    """# comments and docstrings: each line of a triple-quoted string is a comment's."""
    docstring_rows = set()
    inside = False
    for number, row in enumerate(text.split("\n"), 1):
        if inside or '"""' in row:
            docstring_rows.add(number)
            yield number, row
        inside ^= row.count('"""') % 2 == 1
    yield from ((n, c) for n, c in hash_comments(text) if n not in docstring_rows)


def comments(path, text):
    if path.suffix in C_FAMILY:
        return c_comments(text)
    if path.suffix == ".py":
        return python_comments(text)
    return hash_comments(text)


def main():
    source_dir = Path(sys.argv[1])
    files = tracked_files(source_dir)
    held = set(files)
    pattern = citation_pattern(files)
    scanned = [Path(f) for f in files
               if Path(f).suffix in C_FAMILY | HASH_COMMENTED or Path(f).name == "CMakeLists.txt"]
    checked, missing = 0, []
    for path in scanned:
        text = (source_dir / path).read_text(encoding="utf-8", errors="replace")
        for line, comment in comments(path, text):
            for cited in pattern.findall(comment):
                checked += 1
                if cited not in held:
                    missing.append(f"{path}:{line}: cites {cited}, which the repository lacks")
    for m in missing:
        print(m, file=sys.stderr)
    print(f"cited_paths: {checked} citations in the comments of {len(scanned)} files, "
          f"{len(missing)} missing")
    if checked == 0:
        print("cited_paths: no citation found: the scan read nothing", file=sys.stderr)
        return 1
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
