#!/usr/bin/env python3
"""Helper for hand verdicts: strings, liberties, Benson pass-alive, Art. 8 map and score
from a list of dead strings chosen BY HAND. Usage: tool.py board.txt [dead coords...]"""
import sys
COLS = "ABCDEFGHJKLMNOPQRST"
def load(path):
    rows = [l.split() for l in open(path) if l.strip() and not l.startswith('#')]
    return rows
def coord(x, y, h): return COLS[x] + str(h - y)
def parse(c, h):
    return COLS.index(c[0]), h - int(c[1:])
def nb(x, y, w, h):
    for dx, dy in ((1,0),(-1,0),(0,1),(0,-1)):
        if 0 <= x+dx < w and 0 <= y+dy < h: yield x+dx, y+dy
def strings(b):
    h, w = len(b), len(b[0]); seen = {}; out = []
    for y in range(h):
        for x in range(w):
            if b[y][x] in 'XO' and (x,y) not in seen:
                c = b[y][x]; st = [(x,y)]; seen[(x,y)] = len(out); i = 0
                while i < len(st):
                    for p in nb(*st[i], w, h):
                        if p not in seen and b[p[1]][p[0]] == c:
                            seen[p] = len(out); st.append(p)
                    i += 1
                libs = {p for s in st for p in nb(*s, w, h) if b[p[1]][p[0]] == '.'}
                out.append((c, st, libs))
    return out, seen
def benson(b, c):
    h, w = len(b), len(b[0])
    ss, sid = strings(b)
    blocks = {i for i, s in enumerate(ss) if s[0] == c}
    # regions: maximal connected non-c sets
    rid = {}; regs = []
    for y in range(h):
        for x in range(w):
            if b[y][x] != c and (x,y) not in rid:
                st = [(x,y)]; rid[(x,y)] = len(regs); i = 0
                while i < len(st):
                    for p in nb(*st[i], w, h):
                        if p not in rid and b[p[1]][p[0]] != c:
                            rid[p] = len(regs); st.append(p)
                    i += 1
                regs.append(st)
    regset = set(range(len(regs)))
    def border(r):
        return {sid[p] for q in regs[r] for p in nb(*q, w, h) if b[p[1]][p[0]] == c}
    def vital(r, blk):
        libs = ss[blk][2]
        return all(q in libs for q in regs[r] if b[q[1]][q[0]] == '.')
    while True:
        changed = False
        for blk in list(blocks):
            nv = sum(1 for r in regset if blk in border(r) and vital(r, blk) and border(r) <= blocks)
            if nv < 2: blocks.discard(blk); changed = True
        for r in list(regset):
            if not border(r) <= blocks: regset.discard(r); changed = True
        if not changed: break
    return blocks, ss
def main():
    b = load(sys.argv[1]); h, w = len(b), len(b[0])
    assert all(len(r) == w for r in b), [len(r) for r in b]
    dead_coords = sys.argv[2:]
    ss, sid = strings(b)
    print('    ' + ' '.join(COLS[:w]))
    for y in range(h): print('%3d ' % (h-y) + ' '.join(b[y]))
    pa = {}
    for c in 'XO':
        blocks, _ = benson(b, c)
        for i in blocks: pa[i] = True
    dead = set()
    for dc in dead_coords:
        x, y = parse(dc, h); dead.add(sid[(x,y)])
    for i, (c, st, libs) in enumerate(ss):
        st_s = sorted(st, key=lambda p: (p[1], p[0]))
        print(f"{i:3d} {c} n={len(st):3d} libs={len(libs):2d} {'PASS-ALIVE' if i in pa else '':10s} {'DEAD' if i in dead else '':4s} "
              + ' '.join(coord(x,y,h) for x,y in st_s[:12]) + (' ...' if len(st)>12 else '')
              + '  libs: ' + ' '.join(sorted(coord(x,y,h) for x,y in libs))[:80])
    # Art 8 map
    status = {}
    for i, (c, st, libs) in enumerate(ss): status[i] = 'D' if i in dead else 'A'
    def isreg(p):
        x, y = p; return b[y][x] == '.' or (b[y][x] in 'XO' and sid[p] in dead)
    rid = {}; regs = []
    for y in range(h):
        for x in range(w):
            if isreg((x,y)) and (x,y) not in rid:
                st = [(x,y)]; rid[(x,y)] = len(regs); i = 0
                while i < len(st):
                    for p in nb(*st[i], w, h):
                        if p not in rid and isreg(p): rid[p] = len(regs); st.append(p)
                    i += 1
                regs.append(st)
    regcol = []
    for r in regs:
        live = {b[p[1]][p[0]] for q in r for p in nb(*q, w, h) if not isreg(p)}
        deadc = {b[q[1]][q[0]] for q in r if b[q[1]][q[0]] in 'XO'}
        if len(live) == 1:
            col = live.pop()
            regcol.append(None if col in deadc else col)
        else: regcol.append(None)
    seki = set()
    for r, col in zip(regs, regcol):
        if col is None:
            for q in r:
                if b[q[1]][q[0]] == '.':
                    for p in nb(*q, w, h):
                        if not isreg(p): seki.add(sid[p])
    out = [[None]*w for _ in range(h)]
    score = {'X': 0, 'O': 0}; removed = {'X': 0, 'O': 0}
    for r, col in zip(regs, regcol):
        sekireg = col is not None and any(sid[p] in seki for q in r for p in nb(*q, w, h) if not isreg(p))
        for q in r:
            x, y = q; cell = b[y][x]
            if cell == '.':
                if col is None: out[y][x] = '.'
                elif sekireg: out[y][x] = 'e'
                else:
                    out[y][x] = 'b' if col == 'X' else 'w'; score[col] += 1
            else:
                out[y][x] = 'D'
                if col is not None and not sekireg:
                    score[col] += 2; removed[col] += 1
    for y in range(h):
        for x in range(w):
            if out[y][x] is None:
                out[y][x] = 'S' if sid[(x,y)] in seki else 'A'
    print('expect:')
    for row in out: print('  ' + ' '.join(row))
    print('territory+removed*2 (before prisoners/komi):', score, 'removed:', removed)
    nX = sum(r.count('X') for r in b); nO = sum(r.count('O') for r in b)
    print('stones on board: X', nX, 'O', nO)
main()
