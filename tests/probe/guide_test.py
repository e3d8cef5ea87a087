#!/usr/bin/env python3
"""docs/guide-engine.md as typed: every code block, in order, in an empty folder, with egkb
installed into a scratch prefix and found as ./setup.sh leaves a user's install (PATH, and
PKG_CONFIG_PATH, CMAKE_PREFIX_PATH and LD_LIBRARY_PATH for the library):
  sh             run by bash -euo pipefail; it must exit 0;
  c, cpp, cmake  written to the file its first line names (`/* engine.c: ...`, `// x.cpp: ...`,
                 `# CMakeLists.txt: ...`), for the blocks after it to build;
  console        each `$ command` run by bash, its output (standard output, then standard error)
                 equal to the lines under it; a line `...` stands for any lines.
A block of another kind fails, and so does a guide with fewer blocks of a kind than counted here.
Usage: guide_test.py SOURCE_DIR BUILD_DIR"""
import os
import re
import subprocess
import sys
import tempfile

# The blocks the guide holds today; a fence that stopped being read would run fewer.
LEAST = {"sh": 3, "c": 4, "cpp": 0, "cmake": 1, "console": 9}


def blocks(text):
    for match in re.finditer(r"^```(\S*)\n(.*?)^```$", text, re.S | re.M):
        yield match.group(1), match.group(2)


def fail(message):
    print(f"guide_test: {message}", file=sys.stderr)
    sys.exit(1)


def matches(expected, got):
    """The expected lines against the output, `...` matching any run of lines."""
    if not expected:
        return not got
    if expected[0] == "...":
        return any(matches(expected[1:], got[i:]) for i in range(len(got) + 1))
    return bool(got) and got[0] == expected[0] and matches(expected[1:], got[1:])


def run_console(block, work, env):
    commands = []
    for line in block.splitlines():
        if line.startswith("$ "):
            commands.append((line[2:], []))
        elif commands:
            commands[-1][1].append(line.rstrip())
        else:
            fail(f"a console block must begin with '$ ': {line}")
    for command, expected in commands:
        result = subprocess.run(["bash", "-c", command], cwd=work, env=env, capture_output=True,
                                text=True)
        got = [line.rstrip() for line in (result.stdout + result.stderr).splitlines()]
        if not matches(expected, got):
            fail(f"'{command}' printed:\n" + "\n".join(got) + "\nthe guide shows:\n" +
                 "\n".join(expected))
    return len(commands)


def main():
    source, build = sys.argv[1], sys.argv[2]
    with open(os.path.join(source, "docs", "guide-engine.md"), encoding="utf-8") as f:
        guide = f.read()
    with tempfile.TemporaryDirectory() as scratch:
        prefix = os.path.join(scratch, "prefix")
        subprocess.run(["cmake", "--install", build, "--prefix", prefix], check=True,
                       stdout=subprocess.DEVNULL)
        work = os.path.join(scratch, "work")
        os.mkdir(work)
        env = dict(os.environ)
        env.pop("EGKB_DATA_DIR", None)
        env["PATH"] = os.path.join(prefix, "bin") + os.pathsep + env["PATH"]
        env["PKG_CONFIG_PATH"] = os.path.join(prefix, "lib", "pkgconfig")
        env["CMAKE_PREFIX_PATH"] = prefix
        env["LD_LIBRARY_PATH"] = os.path.join(prefix, "lib")
        counted = {kind: 0 for kind in LEAST}
        commands = 0
        for kind, block in blocks(guide):
            if kind not in LEAST:
                fail(f"a block of kind '{kind or 'none'}' is neither run nor built:\n{block}")
            counted[kind] += 1
            if kind == "sh":
                result = subprocess.run(["bash", "-euo", "pipefail", "-c", block], cwd=work,
                                        env=env, capture_output=True, text=True)
                if result.returncode != 0:
                    fail(f"this block exited {result.returncode}:\n{block}\n{result.stderr}")
            elif kind == "console":
                commands += run_console(block, work, env)
            else:
                name = re.match(r"(?:/\*|//|#)\s*([\w.]+):", block)
                if not name:
                    fail(f"a {kind} block's first line must name its file:\n{block}")
                with open(os.path.join(work, name.group(1)), "w", encoding="utf-8") as f:
                    f.write(block)
        for kind, least in LEAST.items():
            if counted[kind] < least:
                fail(f"{counted[kind]} {kind} blocks, the guide holds at least {least}")
        print(f"guide_test: {sum(counted.values())} blocks as typed ({counted}), "
              f"{commands} console commands")


main()
