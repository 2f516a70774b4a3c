#!/usr/bin/env python3
"""ex04-v4: like ex04-v3/gen/gen1.py, but the white ring G around the six and z
is split into two strings: h (holding the point below s) and g (the rest),
by a cut point c of the ring that touches no six stone and no z (black, joined
to the enclosure, or empty).  Vary outside liberties of h and g."""
import json, subprocess, sys, itertools, os
# The template and shapes of ex04-v3's first generator.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'ex04-v3', 'gen'))
from gen1 import S, Y, K, Z, SS, A1, FORCED_BLACK, FORCED_WHITE, nbrs, polys, allowed, COLS
KAK = "/work/main/target/release/kakunin"
OUT = os.path.dirname(os.path.abspath(__file__))
BELOW_S = (6,1)

def comps(pts):
    pts = set(pts); res = []
    while pts:
        st = [pts.pop()]; c = set(st)
        while st:
            p = st.pop()
            for n in nbrs(p):
                if n in pts: pts.discard(n); c.add(n); st.append(n)
        res.append(c)
    return res

def ring(R):
    six = {SS} | set(R); core = six | {Z}
    G = set()
    for (x,y) in core:
        for dx in (-1,0,1):
            for dy in (-1,0,1):
                q = (x+dx,y+dy)
                if q[1] < 0: continue
                if q in core or q in S or q in (Y,K) or q in FORCED_BLACK: continue
                G.add(q)
    G |= FORCED_WHITE
    return six, G

def variants(R):
    six, G = ring(R)
    core = six | {Z}
    for c in sorted(G):
        if c in FORCED_WHITE: continue
        if any(n in core for n in nbrs(c)): continue
        rest = G - {c}
        cs = comps(rest)
        if len(cs) != 2: continue
        h = [k for k in cs if BELOW_S in k][0]; g = [k for k in cs if BELOW_S not in k][0]
        # g must touch the six (else it's just part of the enclosure side)
        if not any(n in six for p in g for n in nbrs(p)): continue
        yield six, h, g, c

def build(six, h, g, c, cut, kh, kg):
    W = set(h) | set(g)
    maxc = max(x for x,y in W | six) ; maxr = max(y for x,y in W)
    Wd = maxc + 2; H = max(maxr + 3, 4)
    board = {(x,y): 'X' for x in range(Wd) for y in range(H)}
    for p in S: board[p] = 'O'
    for p in W: board[p] = 'O'
    board[Y] = '.'; board[K] = '.'
    board[c] = cut
    def libs(str_):
        L = set()
        for p in str_:
            for n in nbrs(p):
                if n in board and board[n] == 'X' and n not in six and n != Z and n not in FORCED_BLACK and n != c:
                    if not any(m in W and m not in str_ for m in nbrs(n)) and n[1] > 0 or (n[1]==0 and not any(m in W and m not in str_ for m in nbrs(n))):
                        L.add(n)
        return sorted(L, key=lambda p: (-p[1], p[0]))
    lh = libs(h); lg = libs(g)
    # prefer points not adjacent to each other
    def pick(L, k):
        out = []
        for p in L:
            if len(out) == k: break
            if any(q in nbrs(p) for q in out): continue
            out.append(p)
        return out if len(out) == k else None
    ph = pick(lh, kh); pg = pick(lg, kg)
    if ph is None or pg is None: return None
    for p in ph + pg: board[p] = '.'
    board[(0,H-1)] = '.'; board[(Wd-1,H-1)] = '.'
    return [' '.join(board[(x,y)] for x in range(Wd)) for y in range(H)]

def judge(rows, name, secs):
    path = os.path.join(OUT, name + ".yaml")
    with open(path, "w") as f:
        f.write(f"id: {name}\ntitle: {name}\nsource: generated\nprovenance: original\nnote: generated\nboard: |\n")
        for r in rows: f.write("  " + r + "\n")
        f.write("verdict: test\n")
    out = subprocess.run(["nice","-n","10",KAK,"judge","--format","json","--max-seconds",str(secs),path],
                         capture_output=True, text=True, timeout=300)
    return json.loads(out.stdout), path

if __name__ == "__main__":
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    secs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    dry = len(sys.argv) > 3 and sys.argv[3] == "dry"
    CUTS = tuple(os.environ.get("CUTS","X.")); KGS = tuple(int(k) for k in os.environ.get("KGS","012"))
    shapes = sorted([R for R in polys(size, A1, allowed) if SS not in R], key=lambda s: sorted(s))
    todo = []
    seen = set()
    for i, R in enumerate(shapes):
        for six, h, g, c in variants(R):
            for cut in CUTS:
                for kh in (1, 2):
                    for kg in KGS:
                        rows = build(six, h, g, c, cut, kh, kg)
                        if rows is None: continue
                        key = "\n".join(rows)
                        if key in seen: continue
                        seen.add(key)
                        todo.append((i, c, cut, kh, kg, rows))
    print(len(shapes), "shapes", len(todo), "boards", file=sys.stderr)
    if dry:
        for t in todo[:6]:
            print(t[:5]); print("\n".join(t[5]))
        sys.exit()
    results = []
    for n, (i, c, cut, kh, kg, rows) in enumerate(todo):
        d, path = judge(rows, f"s{size}_{n:03d}", secs)
        sts = [(s["color"], len(s["stones"]), s["status"]) for s in d["strings"]]
        bad = [s for s in sts if s[2] not in ("alive", "seki")]
        rec = {"n": n, "shape": i, "cut": [c, cut], "kh": kh, "kg": kg, "rows": rows, "statuses": sts, "nbad": len(bad), "millis": d["millis"]}
        results.append(rec)
        print(n, i, c, cut, kh, kg, len(bad), sts, d["millis"], flush=True)
        if len(bad) == 0: print("\n".join(rows), flush=True)
        with open(os.path.join(OUT, f"gen4-size{size}-results.json"), "w") as f:
            json.dump(results, f, indent=1)
