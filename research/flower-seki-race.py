"""Exhaustive retrograde analysis of a capture race (helper check for
research/flower-seki-notes.md; independent of kakunin).

Board: strings of X (black), O (white), . (empty), top row first. Moves only
on the given points; terminal when the black target string (a point of it,
`tb`) or the white one (`tw`) is captured. Values: win/lose for the side to
move, draw otherwise (two passes, or endless play).
"""
from collections import deque
def parse(rows):
    g=[list(r.replace(' ','')) for r in rows]
    return g
def nbrs(h,w,r,c):
    for dr,dc in ((1,0),(-1,0),(0,1),(0,-1)):
        rr,cc=r+dr,c+dc
        if 0<=rr<h and 0<=cc<w: yield rr,cc
def group(g,r,c):
    h,w=len(g),len(g[0]); col=g[r][c]; st=[(r,c)]; seen={(r,c)}; libs=set()
    while st:
        p=st.pop()
        for q in nbrs(h,w,*p):
            v=g[q[0]][q[1]]
            if v=='.': libs.add(q)
            elif v==col and q not in seen: seen.add(q); st.append(q)
    return seen,libs
def play(g,r,c,col):
    if g[r][c]!='.': return None
    h,w=len(g),len(g[0]); g2=[row[:] for row in g]; g2[r][c]=col
    opp='O' if col=='X' else 'X'; captured=[]
    for q in nbrs(h,w,r,c):
        if g2[q[0]][q[1]]==opp:
            s,l=group(g2,*q)
            if not l:
                for p in s: g2[p[0]][p[1]]='.'; captured.append(p)
    s,l=group(g2,r,c)
    if not l: return None
    return g2,captured
def key(g): return ''.join(''.join(r) for r in g)
def solve(rows, movable, tb, tw, first):
    """tb: a point of the black target (white wins if it is captured); tw: point of white target."""
    g0=parse(rows)
    # state: (boardkey, tomove, lastpass, kopoint)
    start=(key(g0),first,False,None)
    boards={key(g0):g0}
    succ={}; pred={}
    Q=deque([start]); seen={start}
    term={}
    while Q:
        s=Q.popleft(); bk,tm,lp,ko=s; g=boards[bk]
        out=[]
        for (r,c) in movable:
            if (r,c)==ko: continue
            res=play(g,r,c,tm)
            if res is None: continue
            g2,cap=res
            # terminal?
            if g2[tb[0]][tb[1]]!='X': out.append(('T','O')); continue
            if g2[tw[0]][tw[1]]!='O': out.append(('T','X')); continue
            nk=None
            if len(cap)==1:
                s2,l2=group(g2,r,c)
                if len(s2)==1 and len(l2)==1: nk=cap[0]
            k2=key(g2); boards.setdefault(k2,g2)
            t=(k2,'O' if tm=='X' else 'X',False,nk)
            out.append(('S',t))
        # pass
        if lp: out.append(('T','draw'))
        else:
            t=(bk,'O' if tm=='X' else 'X',True,None); out.append(('S',t))
        succ[s]=out
        for kind,t in out:
            if kind=='S':
                pred.setdefault(t,[]).append(s)
                if t not in seen: seen.add(t); Q.append(t)
    # retrograde: value from perspective of side to move: win/lose
    val={}
    cnt={s:len(o) for s,o in succ.items()}
    W=deque()
    for s,o in succ.items():
        tm=s[1]
        if any(k=='T' and v==tm for k,v in o): val[s]='win'; W.append(s)
        else:
            # terminal losses / draws reduce count
            c=sum(1 for k,v in o if k=='T' and v!=tm and v!='draw')
            cnt[s]-=c
            if cnt[s]==0 and not any(k=='T' and v=='draw' for k,v in o): val[s]='lose'; W.append(s)
    while W:
        s=W.popleft()
        for p in pred.get(s,[]):
            if p in val: continue
            if val[s]=='lose': val[p]='win'; W.append(p)
            else:
                cnt[p]-=1
                if cnt[p]==0 and not any(k=='T' and v=='draw' for k,v in succ[p]): val[p]='lose'; W.append(p)
    v=val.get(start,'draw')
    return v,len(succ),val,succ,boards,start
def show(v,first):
    if v=='draw': return 'neither big group falls (draw)'
    winner=first if v=='win' else ('O' if first=='X' else 'X')
    return ('White' if winner=='O' else 'Black')+' captures'


# ---------------------------------------------------------------------------
# Checks behind research/flower-seki-notes.md. Run: python3 flower-seki-race.py
# The game: moves only on the listed points (pass always allowed), simple ko
# (no immediate single-stone retake), two passes end it (draw), a repeated
# position is a draw, and the capture of either big group ends it.

def _sub(b, ch):
    g = [list(r) for r in b]
    for (r, c), v in ch.items():
        g[r][c] = v
    return [''.join(r) for r in g]


def _report(name, rows, mov, tb, tw, first):
    v, n, *_ = solve(rows, mov, tb, tw, first)
    print(f"{name:28s} {'White' if first == 'O' else 'Black'} to move: {show(v, first)} ({n} positions)")


if __name__ == '__main__':
    # The candidate (11x8): rows top first, (row, col) from the top left.
    A = ["OOOOOOOOOOO".replace('O', '.', 1), "OXXXXXXXXXO", "OXOOO.XOOXO", "OXOXXOXO.XO",
         "OXOX.OXXXXO", "OXOOOOXOOOO", "OXXXXXXO.OO", "OOOOOOOOOOO"]
    movA = [(r, c) for r in range(1, 7) for c in range(1, 10) if (r, c) != (6, 8)]
    bgA, wgA = (1, 1), (2, 2)  # B7 (black group), C6 (white group)
    for f in 'OX':
        _report('flower-seki start', A, movA, bgA, wgA, f)
    _report('after Black J5 x3', _sub(A, {(2, 7): '.', (2, 8): '.', (3, 7): '.', (3, 8): 'X'}), movA, bgA, wgA, 'O')
    _report('after White E4 x3', _sub(A, {(3, 3): '.', (3, 4): '.', (4, 3): '.', (4, 4): 'O'}), movA, bgA, wgA, 'X')
    # The 11x5 folded variant (j89-03's top two rows inside a white enclosure).
    Bv = [".XXXO.XOOO.", "OOOOOXXXXXX", "XXXXXXXXXXX", "OOOOOOOOOOO", "O.OOOOOOO.O"]
    movB = [(0, c) for c in range(11)]
    bgB, wgB = (1, 5), (1, 0)  # F4, A4
    for f in 'OX':
        _report('11x5 variant start', Bv, movB, bgB, wgB, f)
    _report('after Black L5 x3', _sub(Bv, {(0, 7): '.', (0, 8): '.', (0, 9): '.', (0, 10): 'X'}), movB, bgB, wgB, 'O')
    _report('after White A5 x3', _sub(Bv, {(0, 1): '.', (0, 2): '.', (0, 3): '.', (0, 0): 'O'}), movB, bgB, wgB, 'X')
    # cases/classic/flower-seki.yaml (9x5): the three-stone strings fill the
    # top corners, B = A4 and C = J4 on the side edges below them, A = E5.
    Fc = ["XXXO.XOOO", ".OOOXXXX.", "OOXXOOOXX", "XXXXXOOOO", "X.X.XO.O."]
    movC = [(0, c) for c in range(9)] + [(1, 0), (1, 8)]
    bgC, wgC = (1, 5), (1, 1)  # F4 (black group), B4 (white group)
    for f in 'OX':
        _report('9x5 corners start', Fc, movC, bgC, wgC, f)
    _report('after Black J4 x3', _sub(Fc, {(0, 6): '.', (0, 7): '.', (0, 8): '.', (1, 8): 'X'}), movC, bgC, wgC, 'O')
    _report('after White A4 x3', _sub(Fc, {(0, 0): '.', (0, 1): '.', (0, 2): '.', (1, 0): 'O'}), movC, bgC, wgC, 'X')
