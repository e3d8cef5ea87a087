#!/usr/bin/python3
"""The certified solver against a MILP (HiGHS through scipy) for every cost shape, on random
small xiangqi bases: where egkb says optimal its objective is the MILP optimum, its bound never
exceeds the optimum, and its objective is never below it.

  tests/reducer/milp_check.py EGKB [--bases 12] [--seed 3]

The MILP states the problem as DESIGN.md section 3 does, apart from egkb's code: a binary
b(x, t) = [rank(x) >= t] per node and threshold, chained; every lattice edge as b(y, t) <= b(x,
t) per t; mirror pairs as b(m(x), t) = 1 - b(x, 9 - t); each stored row's cost w * f(|rank - d|)
(+ |d|/64 of w for the shapes that are not l1) as the sum of its steps. Exit 77 without scipy.
"""
import argparse, csv, json, math, os, random, subprocess, sys, tempfile

try:
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import coo_matrix
except ImportError:
    print("python3-scipy missing: skipped")
    sys.exit(77)

KINDS = "RNCPGM"
MOST = (2, 2, 2, 5, 2, 2)
WEIGHT = {"manual": 10.0, "generated": 1.0}
SHAPES = {
    "l1": lambda d: d,
    "trunc2": lambda d: min(d, 2),
    "trunc3": lambda d: min(d, 3),
    "l0": lambda d: 1 if d else 0,
    "sqrt": lambda d: math.sqrt(d),
}


def text(m):
    side = lambda counts: "K" + "".join(k * c for k, c in zip(KINDS, counts))
    return side(m[:6]) + side(m[6:])


def mirror(m):
    return m[6:] + m[:6]


def rank(score):
    return score if score <= 4 else score - 1


def random_base(rng, size):
    rows = {}
    while len(rows) < size:
        m = [0] * 12
        for _ in range(rng.randint(1, 4)):
            k = rng.randrange(12)
            if m[k] < MOST[k % 6]:
                m[k] += 1
        m = tuple(m)
        if m in rows or mirror(m) in rows:
            continue
        rows[m] = (rng.randrange(10), rng.choice(["manual", "generated", "generated"]))
    return rows


def milp_optimum(rows, shape):
    stored = {m: (rank(s), WEIGHT[src]) for m, (s, src) in rows.items()}
    nodes = sorted(set(stored) | {mirror(m) for m in stored})
    index = {m: i for i, m in enumerate(nodes)}
    var = lambda i, t: i * 8 + t - 1  # t = 1..8
    n = len(nodes) * 8
    f = SHAPES[shape]
    cost, constant = np.zeros(n), 0.0
    for m, (d, w) in stored.items():
        extra = 0.0 if shape == "l1" else 1 / 64
        value = lambda r: w * (f(abs(r - d)) + extra * abs(r - d))
        constant += value(0)
        for t in range(1, 9):
            cost[var(index[m], t)] += value(t) - value(t - 1)
    rows_, cols, vals, lo, hi = [], [], [], [], []
    k = 0

    def row(entries, low, high):
        nonlocal k
        for c, v in entries:
            rows_.append(k)
            cols.append(c)
            vals.append(v)
        lo.append(low)
        hi.append(high)
        k += 1

    for m in nodes:
        i = index[m]
        for t in range(1, 8):
            row([(var(i, t + 1), 1), (var(i, t), -1)], -np.inf, 0)
        mm = index[mirror(m)]
        for t in range(1, 9):
            row([(var(mm, t), 1), (var(i, 9 - t), 1)], 1, 1)
        for side in (0, 1):
            for kind in range(6):
                more = list(m)
                more[side * 6 + kind] += 1
                j = index.get(tuple(more))
                if j is None:
                    continue
                # A red piece added may not make red worse off: rank(more) <= rank(m).
                a, b = (j, i) if side == 0 else (i, j)
                for t in range(1, 9):
                    row([(var(a, t), 1), (var(b, t), -1)], -np.inf, 0)
    a = coo_matrix((vals, (rows_, cols)), shape=(k, n)).tocsr()
    result = milp(cost, constraints=LinearConstraint(a, lo, hi), integrality=np.ones(n),
                  bounds=Bounds(0, 1))
    if result.status != 0:
        sys.exit(f"HiGHS: {result.message}")
    return result.fun + constant


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("egkb")
    ap.add_argument("--bases", type=int, default=12)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    failures = checked = optimal = 0
    with tempfile.TemporaryDirectory() as work:
        for b in range(args.bases):
            rows = random_base(rng, rng.randint(60, 120))
            path = os.path.join(work, f"b{b}.csv")
            with open(path, "w", newline="") as out:
                w = csv.writer(out)
                w.writerow(["material", "score", "source"])
                for m, (s, src) in rows.items():
                    w.writerow([text(m), s, src])
            for shape in SHAPES:
                reply = subprocess.run([args.egkb, "reduce", path, "--method", "exact", "--cost",
                                        shape, "--dry-run", "--json"],
                                       check=True, capture_output=True, text=True).stdout
                c = json.loads(reply)["certificate"]
                best = milp_optimum(rows, shape)
                checked += 1
                optimal += c["optimal"]
                ok = (c["objective"] >= best - 1e-6 and c["bound"] <= best + 0.01 and
                      (not c["optimal"] or abs(c["objective"] - best) <= 0.01))
                failures += not ok
                print(f"base {b} ({len(rows)} rows) {shape:6}: MILP {best:.4f}, egkb "
                      f"{c['objective']:.4f}, bound {c['bound']:.4f}{' optimal' if c['optimal'] else ''}"
                      f"{'' if ok else '  <-- WRONG'}")
    print(f"{checked} repairs: {optimal} certified optimal, {failures} wrong")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
