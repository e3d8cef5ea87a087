#!/usr/bin/env python3
"""Checks positions the retrograde solver decided in a few plies against Fairy-Stockfish.

Reads the CSV written by `xiangqi-retrograde --samples FILE` (material, fen, side_to_move,
result, plies), asks the engine (UCI, variant xiangqi) for each position at a fixed depth, and
counts the positions where the engine's score agrees: for a win or a loss, a mate score of the
right sign (positive for a win of the side to move, negative or mate 0 for a loss); a
centipawn score of the right sign is counted apart (the engine saw the advantage but not the
mate within its depth). For a draw, any score but a mate agrees: a mate found in a position the
solver calls drawn would prove the solver wrong.

    engine_cross_check.py SAMPLES.csv [--engine /usr/games/fairy-stockfish] [--depth 16]
"""
import argparse
import csv
import subprocess
import sys


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name UCI_Variant value xiangqi")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait_for(self, word):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the engine stopped")
            lines.append(line.strip())
            if line.split() and line.split()[0] == word:
                return lines

    def score(self, fen, depth):
        """The last score the engine printed: ('mate', n) or ('cp', x), side to move's view."""
        self.send("ucinewgame")
        self.send("position fen " + fen)
        self.send("go depth %d" % depth)
        last = None
        for line in self.wait_for("bestmove"):
            words = line.split()
            if "score" in words:
                i = words.index("score")
                last = (words[i + 1], int(words[i + 2]))
        return last

    def close(self):
        self.send("quit")
        self.p.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("samples")
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    ap.add_argument("--depth", type=int, default=16)
    args = ap.parse_args()
    engine = Engine(args.engine)
    mates = cps = draws = wrong = 0
    with open(args.samples) as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        kind, value = engine.score(row["fen"], args.depth) or ("none", 0)
        win = row["result"] == "win"
        if row["result"] == "draw":
            verdict = "no mate, agrees" if kind != "mate" else "DISAGREES"
            draws += kind != "mate"
            wrong += kind == "mate"
        elif kind == "mate" and ((win and value > 0) or (not win and value <= 0)):
            verdict = "mate agrees"
            mates += 1
        elif kind == "cp" and ((win and value > 0) or (not win and value < 0)):
            verdict = "cp agrees"
            cps += 1
        else:
            verdict = "DISAGREES"
            wrong += 1
        print("%-10s %-5s %-4s plies %-3s engine %s %d  %s  %s" % (
            row["material"], row["side_to_move"], row["result"], row["plies"], kind, value, verdict, row["fen"]))
    engine.close()
    print("%d positions: %d mate scores of the right sign, %d centipawn scores of the right sign, "
          "%d draws without a mate score, %d disagree" % (len(rows), mates, cps, draws, wrong))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
