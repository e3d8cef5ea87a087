#!/usr/bin/env python3
"""Rank agreement of engine evidence with real scores, from evidence files that kept every
position's score (`egkb evidence --every-position --out FILE`): for each threshold, each number of
positions (the first n of each material) and with the sequential stop egkb uses, the share of
materials whose evidence has the truth's rank, the share off by two ranks or more, and the search
time per material. The truth is a CSV with `material,score` (the shipped chess data, or real
xiangqi statistics).

Usage: evidence_table.py TRUTH.csv FILE.jsonl [FILE.jsonl ...] [--thresholds 100,200,...]
       [--positions 16,32,64,128] [--folds 5]
"""
import argparse
import csv
import json
import math
import random

MATE = 1000000
LEAST = [0.9, 0.7, 0.45, 0.15]


def score_of_expected(e):
    for s, t in enumerate(LEAST):
        if e >= t:
            return s
    if e >= 0:
        return 4
    for s, t in enumerate(LEAST):
        if -e >= t:
            return 9 - s
    return 5


def rank(score):
    return score if score <= 4 else score - 1


def outcome(code, index, threshold):
    # position i: red (white) to move when i is even; the code is the side to move's score
    if abs(code) >= MATE // 2:
        sign = 1 if code > 0 else -1
    elif code > threshold:
        sign = 1
    elif code < -threshold:
        sign = -1
    else:
        sign = 0
    return sign if index % 2 == 0 else -sign


def counts(codes, threshold):
    w = d = l = 0
    for i, c in enumerate(codes):
        o = outcome(c, i, threshold)
        w += o == 1
        d += o == 0
        l += o == -1
    return w, d, l


def interval(w, d, l):
    n = w + d + l
    e = (w - l) / n
    p = n + 2
    mean = (w - l) / p
    square = (w + l + 2) / p
    half = 1.959964 * math.sqrt(max(0.0, square - mean * mean) / p)
    return e, max(-1.0, e - half), min(1.0, e + half)


def one_rank(low, high):
    return rank(score_of_expected(low)) == rank(score_of_expected(high))


def sequential(codes, threshold, most):
    n = 16
    while n < most and n <= len(codes):
        w, d, l = counts(codes[:n], threshold)
        _, low, high = interval(w, d, l)
        if one_rank(low, high):
            return codes[:n]
        n *= 2
    return codes[:most]


def read_truth(path):
    with open(path) as f:
        return {row["material"]: int(row["score"]) for row in csv.DictReader(f)}


def read_evidence(path):
    rows = {}
    with open(path) as f:
        header = json.loads(f.readline())
        for line in f:
            if not line.endswith("\n"):
                break
            r = json.loads(line)
            if r["failure"] is None:
                rows[r["material"]] = r
    return header, rows


def mirror_material(m):
    # "KRvKN" or "KRKNMM": swap the sides at the second K (chess keeps its 'v')
    if "v" in m:
        a, b = m.split("v")
        return b + "v" + a
    second = m.index("K", 1)
    return m[second:] + m[:second]


def agreement(rows, truth, threshold, most, seq):
    right = off2 = total = 0
    seconds = positions = 0.0
    for m, r in rows.items():
        if m in truth:
            t = truth[m]
        elif mirror_material(m) in truth:
            t = 9 - truth[mirror_material(m)]
        else:
            continue
        codes = r["scores"][:most]
        used = sequential(codes, threshold, most) if seq else codes
        e, _, _ = interval(*counts(used, threshold))
        d = abs(rank(score_of_expected(e)) - rank(t))
        right += d == 0
        off2 += d >= 2
        total += 1
        share = len(used) / max(1, len(r["scores"]))
        seconds += r["seconds"] * share
        positions += len(used)
    return right / total, off2 / total, seconds / total, positions / total, total


def held_out_threshold(rows, truth, thresholds, most, seq, folds, seed=1):
    """T chosen on k-1 folds, agreement measured on the fold left out."""
    materials = sorted(m for m in rows if m in truth or mirror_material(m) in truth)
    random.Random(seed).shuffle(materials)
    right = total = 0
    chosen = []
    for k in range(folds):
        test = set(materials[k::folds])
        train = {m: rows[m] for m in materials if m not in test}
        best = max(thresholds, key=lambda t: (agreement(train, truth, t, most, seq)[0], -t))
        chosen.append(best)
        a, _, _, _, n = agreement({m: rows[m] for m in test}, truth, best, most, seq)
        right += a * n
        total += n
    return right / total, chosen


def main():
    p = argparse.ArgumentParser()
    p.add_argument("truth")
    p.add_argument("files", nargs="+")
    p.add_argument("--thresholds", default="100,150,200,300,400,600,800")
    p.add_argument("--positions", default="16,32,64,128")
    p.add_argument("--folds", type=int, default=5)
    a = p.parse_args()
    truth = read_truth(a.truth)
    thresholds = [int(t) for t in a.thresholds.split(",")]
    print("| engine | budget | positions | threshold | rank right | off by >= 2 | s per material "
          "| positions searched | materials |")
    print("|---|---|---|---|---|---|---|---|---|")
    for path in a.files:
        header, rows = read_evidence(path)
        for most in [int(n) for n in a.positions.split(",")]:
            for seq in (False, True):
                for t in thresholds:
                    right, off2, sec, pos, n = agreement(rows, truth, t, most, seq)
                    print("| %s | %s | %s%d | %d | %.1f%% | %.1f%% | %.2f | %.1f | %d |" % (
                        header["engine"], header["budget"], "at most " if seq else "", most, t,
                        100 * right, 100 * off2, sec, pos, n))
                held, chosen = held_out_threshold(rows, truth, thresholds, most, seq, a.folds)
                print("| %s | %s | %s%d | held out (%s) | %.1f%% | | | | |" % (
                    header["engine"], header["budget"], "at most " if seq else "", most,
                    ",".join(map(str, chosen)), 100 * held))


if __name__ == "__main__":
    main()
