#!/usr/bin/python3
"""A UCI engine for egkb's tests: it scores a position by counting material, and misbehaves as
its environment asks.

FAKE_ENGINE_NAME       what it calls itself (id name)
FAKE_ENGINE_CRASH_AT   dies (SIGSEGV) on this search of each process it runs as: 3 = the third
FAKE_ENGINE_HANG_ON    never answers a search of a FEN holding this letter (e.g. C: a red cannon)
FAKE_ENGINE_GARBAGE_ON prints an unreadable score for a FEN holding this letter, with control
                       bytes and a byte that is not UTF-8 in it
FAKE_ENGINE_SLOW_MS    waits this long before answering each search
FAKE_ENGINE_LOG        appends each FEN it searches to this file, one per line
FAKE_ENGINE_STARTS     appends its process id to this file, one line each time it starts
FAKE_ENGINE_INFO_BYTES prints this many bytes of info lines before each search's score, as fast
                       as it can: an engine whose output fills its socket while egkb sleeps
FAKE_ENGINE_OUT_OF_TURN answers each search with a move of the position last given, not of the
                       one searched: an engine that does not queue positions while it thinks
FAKE_ENGINE_PV_MOVES   the moves of the principal variation printed with the score (default 2):
                       the kings' null moves, the side to move's first; 0 prints no pv at all
"""
import os
import select
import signal
import sys
import time

# Points per FEN letter: xiangqi (A advisor, B elephant) and chess (Q, B bishop) alike.
POINTS = {"R": 9, "N": 4, "C": 4.5, "P": 1.5, "A": 2, "B": 3, "Q": 9, "K": 0}


def king_move(fen, side):
    """A move from the king of `side` (w or b): the side to move's, as an answer must be."""
    placement = fen.split()[0]
    rows = placement.split("/")
    king = "K" if side == "w" else "k"
    for r, row in enumerate(rows):
        f = 0
        digits = ""
        for c in row + " ":
            if c.isdigit():
                digits += c
                continue
            f += int(digits or 0)
            digits = ""
            if c == king:
                square = chr(ord("a") + f) + str(len(rows) - r)
                return square + square
            f += 1
    return "a1a2"


def principal_variation(fen, moves):
    """` pv` and `moves` moves, each a king standing still, the side to move's first; or ""."""
    side = fen.split()[1]
    other = "b" if side == "w" else "w"
    line = [king_move(fen, side if i % 2 == 0 else other) for i in range(moves)]
    return " pv " + " ".join(line) if line else ""


def score(fen):
    placement, side = fen.split()[0], fen.split()[1]
    red = sum(POINTS.get(c, 0) for c in placement if c.isupper())
    black = sum(POINTS.get(c.upper(), 0) for c in placement if c.islower())
    cp = int(100 * (red - black))
    return cp if side == "w" else -cp


def lines():
    """Input lines as they come, and whether more input is already waiting after each."""
    pending = b""
    while True:
        while b"\n" not in pending:
            chunk = os.read(0, 65536)
            if not chunk:
                return
            pending += chunk
        line, pending = pending.split(b"\n", 1)
        waiting = bool(pending) or bool(select.select([0], [], [], 0)[0])
        yield line.decode(), waiting


def info_lines(count, cp):
    """About `count` bytes of info lines, each a score for a depth and a long principal variation."""
    line = ("info depth 1 seldepth 1 multipv 1 score cp %d nodes 1 nps 1 pv" % cp
            + " a1a2 a2a1" * 16 + "\n")
    return line * (count // len(line) + 1)


def main():
    env = os.environ
    if env.get("FAKE_ENGINE_STARTS"):
        with open(env["FAKE_ENGINE_STARTS"], "a") as log:
            log.write("%d\n" % os.getpid())
    searches = 0
    fen = None
    for line, waiting in lines():
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            print("id name " + env.get("FAKE_ENGINE_NAME", "Fake 1.0"))
            print("option name Threads type spin default 1 min 1 max 512")
            print("option name UCI_Variant type combo default chess var chess var xiangqi")
            print("uciok")
        elif words[0] == "isready":
            print("readyok")
        elif words[0] == "position" and words[1] == "fen":
            fen = " ".join(words[2:])
        elif words[0] == "go":
            searches += 1
            if env.get("FAKE_ENGINE_LOG"):
                with open(env["FAKE_ENGINE_LOG"], "a") as log:
                    log.write(fen + "\n")
            if str(searches) == env.get("FAKE_ENGINE_CRASH_AT"):
                sys.stdout.flush()
                os.kill(os.getpid(), signal.SIGSEGV)
            if env.get("FAKE_ENGINE_HANG_ON") and env["FAKE_ENGINE_HANG_ON"] in fen.split()[0]:
                time.sleep(3600)
            if env.get("FAKE_ENGINE_SLOW_MS"):
                time.sleep(int(env["FAKE_ENGINE_SLOW_MS"]) / 1000)
            if env.get("FAKE_ENGINE_INFO_BYTES"):
                sys.stdout.write(info_lines(int(env["FAKE_ENGINE_INFO_BYTES"]), score(fen)))
            if env.get("FAKE_ENGINE_GARBAGE_ON") and env["FAKE_ENGINE_GARBAGE_ON"] in fen.split()[0]:
                sys.stdout.flush()
                sys.stdout.buffer.write(b"info depth 1 score cp 1\x1b[31m\x00\xff nodes 1\n")
            else:
                pv = principal_variation(fen, int(env.get("FAKE_ENGINE_PV_MOVES", "2")))
                print("info depth 1 seldepth 1 multipv 1 score cp %d nodes 1%s" % (score(fen), pv))
            # An engine that mixes queued positions up answers for the other side when another
            # search is already waiting.
            side = fen.split()[1]
            if env.get("FAKE_ENGINE_OUT_OF_TURN") and waiting:
                side = "b" if side == "w" else "w"
            print("bestmove " + king_move(fen, side))
        elif words[0] == "quit":
            return
        sys.stdout.flush()


if __name__ == "__main__":
    main()
