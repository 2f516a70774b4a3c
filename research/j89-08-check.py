#!/usr/bin/env python3
"""Independent check for cases/official/j89-08.yaml (not part of kakunin).

A small exact capture game, in the spirit of RULES-MODEL.md: the attacker
moves first, the players alternate, a turn is any legal move on the board
(the points listed as `skip`, eyes of pass-alive walls, are left out) or a
pass, and the attacker wins when the target string is captured. A position
repeated on the current line is a failure for the attacker. Article 7-2
bans: a ko capture bans the side whose stone was taken from retaking there.
A ban lasts until its owner passes for it (one pass lifts one ban, chosen
by the passer) or the ko shape is gone. If the passer holds no ban, the pass
is a plain pass. The two readings of a ban:

  point  - the banned player may not play on the point at all (kakunin);
  single - he may not make the one-stone recapture there; a move on the
           point that captures the ko stone together with more stones is
           not a recapture in that ko and is allowed.

The search is iterative deepening over the number of plies. A capture found
is a forced win: every defender reply, and every pass, is tried. "No
capture within N plies" is bounded evidence, not a proof.

Usage: python3 research/j89-08-check.py
"""
import sys

COLS = "ABCDEFGHJKLMNOPQRST"


class Game:
    def __init__(self, txt, skip=()):
        rows = [r.split() for r in txt.strip("\n").splitlines()]
        self.h, self.w = len(rows), len(rows[0])
        self.n = self.h * self.w
        self.board = tuple(rows[r][c] for r in range(self.h) for c in range(self.w))
        self.nb = [[] for _ in range(self.n)]
        for i in range(self.n):
            r, c = divmod(i, self.w)
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < self.h and 0 <= cc < self.w:
                    self.nb[i].append(rr * self.w + cc)
        self.skip = {self.pt(p) for p in skip}

    def pt(self, name):
        return (self.h - int(name[1:])) * self.w + COLS.index(name[0])

    def name(self, i):
        r, c = divmod(i, self.w)
        return f"{COLS[c]}{self.h - r}"

    def string(self, b, i):
        col, st, seen, libs, k = b[i], [i], {i}, set(), 0
        while k < len(st):
            j = st[k]
            k += 1
            for n in self.nb[j]:
                if b[n] == ".":
                    libs.add(n)
                elif b[n] == col and n not in seen:
                    seen.add(n)
                    st.append(n)
        return seen, libs

    def play(self, b, i, col):
        """(new board, captured points), or None if occupied or suicide."""
        if b[i] != ".":
            return None
        nb = list(b)
        nb[i] = col
        opp = "O" if col == "X" else "X"
        cap = set()
        for n in self.nb[i]:
            if nb[n] == opp and n not in cap:
                st, libs = self.string(nb, n)
                if not libs:
                    cap |= st
        for c in cap:
            nb[c] = "."
        if not self.string(nb, i)[1]:
            return None
        return tuple(nb), cap


def capture_within(g, target, attacker, reading, maxdepth):
    tgt = g.pt(target)
    defender = g.board[tgt]
    other = {"X": "O", "O": "X"}

    def stands(b, ban):
        player, point, stone = ban
        if b[point] != "." or b[stone] != other[player]:
            return False
        st, libs = g.string(b, stone)
        return len(st) == 1 and len(libs) == 1

    def moves(b, bans, col):
        out = []
        for i in range(g.n):
            if b[i] != "." or i in g.skip:
                continue
            r = g.play(b, i, col)
            if r is None:
                continue
            nb, cap = r
            if any(pl == col and pt == i and (reading == "point" or cap == {stone})
                   for (pl, pt, stone) in bans):
                continue
            nbans = {x for x in bans if stands(nb, x)}
            if len(cap) == 1:
                (c,) = cap
                st, libs = g.string(nb, i)
                if len(st) == 1 and libs == {c}:
                    nbans.add((other[col], c, i))
            out.append((g.name(i), nb, frozenset(nbans)))
        return out

    cache = {}

    def rec(b, bans, tomove, depth, path):
        key = (b, bans, tomove)
        if key in path:
            return False, None  # repetition: the attacker fails
        if (key, depth) in cache:
            return cache[(key, depth)]
        ms = moves(b, bans, tomove)
        mine = [x for x in bans if x[0] == tomove]
        passes = [(f"pass({g.name(x[1])})", b, frozenset(y for y in bans if y != x))
                  for x in mine] or [("pass", b, bans)]
        path.add(key)
        if tomove == attacker:
            res = (False, None)
            for (m, nb, _) in ms:
                if nb[tgt] != defender:
                    res = (True, [m])
                    break
            if not res[0] and depth >= 3:
                # the attacker never needs a pass that lifts no ban
                for (m, nb, nbans) in ms + (passes if mine else []):
                    w, line = rec(nb, nbans, other[tomove], depth - 1, path)
                    if w:
                        res = (True, [m] + line)
                        break
        else:
            res, longest = (True, None), []
            for (m, nb, nbans) in ms + passes:
                w, line = rec(nb, nbans, other[tomove], depth - 1, path)
                if not w:
                    res = (False, None)
                    break
                if len(line) + 1 > len(longest):
                    longest = [m] + line
            if res[0]:
                res = (True, longest)
        path.discard(key)
        cache[(key, depth)] = res
        return res

    for d in range(1, maxdepth + 1, 2):
        w, line = rec(g.board, frozenset(), attacker, d, set())
        if w:
            return d, line
    return None, None


CASES = [
    ("cases/official/j89-08.yaml", """
O . O O O
X O O . O
X O X O O
X X . X O
. X X X X
X O O O O
O O . O .
""", ["C1", "E1"], [("B4", "O", 9), ("C7", "X", 21)]),
    ("former research/j89-08-candidate.yaml", """
O . O . O O
O O O O O O
O O O O O X
X X X X X .
. X X O X X
X O O . O O
O O O O O .
""", ["B7", "D7"], [("B4", "O", 9), ("B2", "X", 25)]),
    ("cases/classic/triple-ko-one-eye.yaml", """
O . O . O . O
O O O O O O O
X X X X X X X
X X . X O X .
O O X O . O X
. O O O O O O
""", ["B6", "D6", "F6"], [("A4", "O", 11), ("B1", "X", 21)]),
    ("cases/classic/triple-ko-no-eye.yaml", """
O . O . O . O
O O O O O O O
X X X X X X X
X X . X O X .
. O X O . O X
O O O O O O O
""", ["B6", "D6", "F6"], [("A4", "O", 17), ("B1", "X", 17)]),
]

if __name__ == "__main__":
    for name, txt, skip, targets in CASES:
        g = Game(txt, skip)
        for target, attacker, depth in targets:
            for reading in ("point", "single"):
                d, line = capture_within(g, target, attacker, reading, depth)
                who = "White" if attacker == "O" else "Black"
                what = (f"captured in {d} plies: {' '.join(line)}" if d
                        else f"not captured within {depth} plies")
                print(f"{name}: {who} first against {target}, ban reading "
                      f"{reading}: {what}", flush=True)
    sys.exit(0)
