#!/usr/bin/python3
"""The exact repair as a linear programme, solved by HiGHS (scipy), to check egkb's objective
and time it against (docs/design.md section 9: same objective, exact at least 50x faster).

  bench/lp_compare.py KB.csv [--pieces chess] [--egkb build/release/cli/egkb]

Minimise sum over stored rows of w * |r' - r| subject to every lattice edge, mirror pairs
summing to 8 and invariable rows held. The LP optimum equals the integer one: symmetrising an
optimum keeps it optimal, and without the mirror rows the constraint matrix is a network
matrix. Needs Debian's python3-scipy (1.10, with HiGHS).
"""
import argparse, csv, json, subprocess, sys, time

import numpy as np
from scipy.optimize import linprog
from scipy.sparse import coo_matrix

SETS = {
    "xiangqi": ("RNCPGM", {"H": "N", "A": "G", "E": "M"}),
    "chess": ("QRBNP", {}),
}
WEIGHT = {"manual": 10.0, "generated": 1.0}


def parse(text, kinds, aliases):
    text = text.replace("v", "")
    assert text[0] == "K" and text.count("K") == 2, text
    second = text.index("K", 1)
    sides = []
    for part in (text[1:second], text[second + 1:]):
        counts = [0] * len(kinds)
        for c in part:
            counts[kinds.index(aliases.get(c, c))] += 1
        sides.append(tuple(counts))
    return sides[0] + sides[1]


def rank(score):
    return score if score <= 4 else score - 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kb")
    ap.add_argument("--pieces", default="xiangqi")
    ap.add_argument("--egkb", default="build/release/cli/egkb")
    args = ap.parse_args()
    kinds, aliases = SETS[args.pieces]
    n_kinds = len(kinds)

    stored = {}
    with open(args.kb) as f:
        for row in csv.DictReader(f):
            m = parse(row["material"], kinds, aliases)
            source = row.get("source") or "generated"
            fixed = source == "expert" or row.get("invariable", "0") in ("1", "true", "yes")
            weight = float(row["weight"]) if row.get("weight") else WEIGHT.get(source, 1.0)
            stored[m] = (rank(int(row["score"])), weight, fixed)

    def mirror(m):
        return m[n_kinds:] + m[:n_kinds]

    nodes = sorted(set(stored) | {mirror(m) for m in stored})
    index = {m: i for i, m in enumerate(nodes)}
    n = len(nodes)
    rows_stored = [m for m in nodes if m in stored]
    s = len(rows_stored)
    # Variables: r'(x) for every node, then p and n (positive and negative change) per stored row.
    c = np.concatenate([np.zeros(n), np.array([stored[m][1] for m in rows_stored] * 2)])
    bounds = [(0, 8)] * n + [(0, None)] * (2 * s)
    for m in rows_stored:
        if stored[m][2]:
            r = stored[m][0]
            bounds[index[m]] = (r, r)
            bounds[index[mirror(m)]] = (8 - r, 8 - r)

    ub_rows, ub_cols, ub_vals = [], [], []
    k = 0
    for m in nodes:
        for side in (0, 1):
            for kind in range(n_kinds):
                more = list(m)
                more[side * n_kinds + kind] += 1
                j = index.get(tuple(more))
                if j is None:
                    continue
                i = index[m]
                # Red piece added: r'(more) - r'(m) <= 0; black: r'(m) - r'(more) <= 0.
                a, b = (j, i) if side == 0 else (i, j)
                ub_rows += [k, k]
                ub_cols += [a, b]
                ub_vals += [1.0, -1.0]
                k += 1
    a_ub = coo_matrix((ub_vals, (ub_rows, ub_cols)), shape=(k, n + 2 * s)).tocsr()
    b_ub = np.zeros(k)

    eq_rows, eq_cols, eq_vals, b_eq = [], [], [], []
    e = 0
    for t, m in enumerate(rows_stored):  # r' - p + n = r
        eq_rows += [e, e, e]
        eq_cols += [index[m], n + t, n + s + t]
        eq_vals += [1.0, -1.0, 1.0]
        b_eq.append(stored[m][0])
        e += 1
    for m in nodes:  # mirror pairs sum to 8
        mm = mirror(m)
        if index[m] < index[mm] or m == mm:
            eq_rows += [e] if m == mm else [e, e]
            eq_cols += [index[m]] if m == mm else [index[m], index[mm]]
            eq_vals += [2.0] if m == mm else [1.0, 1.0]
            b_eq.append(8.0)
            e += 1
    a_eq = coo_matrix((eq_vals, (eq_rows, eq_cols)), shape=(e, n + 2 * s)).tocsr()

    start = time.perf_counter()
    lp = linprog(c, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=np.array(b_eq), bounds=bounds, method="highs")
    lp_seconds = time.perf_counter() - start
    if lp.status != 0:
        sys.exit(f"HiGHS: {lp.message}")

    cmd = [args.egkb, "reduce", args.kb, "--method", "exact", "--dry-run", "--json", "--pieces", args.pieces]
    walls = []
    for _ in range(5):  # the process end to end: start, read the KB, build, solve
        start = time.perf_counter()
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
        walls.append(time.perf_counter() - start)
    egkb = json.loads(out)
    wall = sorted(walls)[len(walls) // 2]
    print(f"{args.kb}: {n} nodes, {k} edges")
    print(f"  HiGHS LP: objective {lp.fun:.3f} in {lp_seconds:.3f} s")
    print(f"  egkb exact: objective {egkb['objective']:.3f} in {egkb['seconds']:.3f} s")
    print(f"  egkb reduce --method exact end to end (median of 5 processes): {wall:.3f} s")
    print(f"  same objective: {abs(lp.fun - egkb['objective']) < 1e-6}; the solver is "
          f"{lp_seconds / egkb['seconds']:.0f}x faster than HiGHS, the whole command {lp_seconds / wall:.0f}x")


if __name__ == "__main__":
    main()
