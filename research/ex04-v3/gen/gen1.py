#!/usr/bin/env python3
"""Enumerate the shape of the six black stones (s + a 5-cell region R) for the
structure S(7) | y | s ... on the top edge, z below y, K below S's last stone.
Build a whole board, run kakunin judge (one at a time), record statuses."""
import json, subprocess, sys, itertools, os
KAK = "/work/main/target/release/kakunin"
OUT = os.path.dirname(os.path.abspath(__file__))
COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

S = {(1,0),(2,0),(3,0),(4,0),(1,1),(2,1),(3,1)}
Y = (5,0); K = (4,1); Z = (5,1); SS = (6,0); A1 = (7,0)
FORCED_BLACK = {(4,2)}
FORCED_WHITE = {(6,1),(5,2)}

def nbrs(p):
    x,y = p
    return [(x+1,y),(x-1,y),(x,y+1),(x,y-1)]

def polys(size, seed, allowed):
    res = set()
    def grow(cur):
        if len(cur) == size:
            res.add(frozenset(cur)); return
        cand = set()
        for c in cur:
            for n in nbrs(c):
                if n not in cur and allowed(n): cand.add(n)
        for n in cand:
            grow(cur | {n})
    grow(frozenset([seed]))
    return res

def allowed(p):
    x,y = p
    return x >= 6 and 0 <= y <= 3 and p not in FORCED_WHITE and x <= 11

def build(R, ndame=2):
    six = {SS} | set(R)
    core = six | {Z}
    G = set()
    for (x,y) in core:
        for dx in (-1,0,1):
            for dy in (-1,0,1):
                q = (x+dx,y+dy)
                if q[1] < 0: continue
                if q in core or q in S or q in (Y,K) or q in FORCED_BLACK: continue
                G.add(q)
    G |= FORCED_WHITE
    # connectivity of G
    st = [next(iter(G))]; seen = {st[0]}
    while st:
        p = st.pop()
        for n in nbrs(p):
            if n in G and n not in seen: seen.add(n); st.append(n)
    if seen != G: return None
    maxc = max(x for x,y in G); maxr = max(y for x,y in G)
    Wd = maxc + 2; H = max(maxr + 3, 4)
    board = {}
    for x in range(Wd):
        for y in range(H):
            board[(x,y)] = 'X'
    for p in S: board[p] = 'O'
    for p in G: board[p] = 'O'
    board[Y] = '.'; board[K] = '.'
    # six and z black already
    # G liberties candidates
    libs = set()
    for p in G:
        for n in nbrs(p):
            if n in board and board[n] == 'X' and n not in six and n != Z and n not in FORCED_BLACK:
                libs.add(n)
    # dame: leftmost adjacent pair in row maxr+1
    row = sorted([p for p in libs if p[1] == maxr+1])
    dame = None
    for a in row:
        b = (a[0]+1, a[1])
        if b in libs: dame = [a,b]; break
    if dame is None: return None
    for d in dame: board[d] = '.'
    # eyes
    board[(0,H-1)] = '.'; board[(Wd-1,H-1)] = '.'
    rows = []
    for y in range(H):
        rows.append(' '.join(board[(x,y)] for x in range(Wd)))
    return rows, Wd, H

def coord(p, H):
    return f"{COLS[p[0]]}{H - p[1]}"

def judge(rows, name, secs=10):
    path = os.path.join(OUT, name + ".yaml")
    with open(path, "w") as f:
        f.write(f"id: {name}\ntitle: {name}\nsource: generated\nprovenance: original\nnote: generated\nboard: |\n")
        for r in rows: f.write("  " + r + "\n")
        f.write("verdict: test\n")
    out = subprocess.run(["nice","-n","10",KAK,"judge","--format","json","--max-seconds",str(secs),path],
                         capture_output=True, text=True, timeout=600)
    return json.loads(out.stdout), path

if __name__ == "__main__":
    shapes = sorted(polys(5, A1, allowed), key=lambda s: sorted(s))
    print(len(shapes), "shapes", file=sys.stderr)
    results = []
    for i, R in enumerate(shapes):
        b = build(R)
        if b is None: continue
        rows, Wd, H = b
        d, path = judge(rows, f"g1_{i:03d}")
        sts = [(s["color"], len(s["stones"]), s["status"], s["reason"]) for s in d["strings"]]
        bad = [s for s in sts if s[2] != "alive"]
        rec = {"i": i, "R": sorted(R), "rows": rows, "statuses": sts, "nbad": len(bad), "millis": d["millis"]}
        results.append(rec)
        print(i, len(bad), sts, d["millis"], flush=True)
        if len(bad) == 0:
            print("\n".join(rows), flush=True)
    with open(os.path.join(OUT, "gen1-results.json"), "w") as f:
        json.dump(results, f, indent=1)
