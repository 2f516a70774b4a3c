#!/usr/bin/env python3
"""Independent capture-game check for the example-15 boards (not part of kakunin).

Reuses the exact capture game of research/j89-08-check.py (attacker first,
repetition = failure, Article 7-2 bans lifted by a pass for that capture)
under its two readings of a ban, `point` and `single` (= kakunin's
`--ko-ban retake`). It checks only capture games, not the new-stone clause:

* after White captures the bent four at A (D5), can Black, moving first,
  capture the eleven white stones? On the old board with two outside
  liberties only the point reading says yes; with `single` White lives by
  oshitsubushi (C5, then A5 takes two stones). On the two faithful boards
  both readings say yes;
* from the stopped position, can Black, moving first, capture the eleven?

Usage: python3 research/j89-15-check.py
"""
import importlib.util
import os

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("chk8", os.path.join(here, "j89-08-check.py"))
chk8 = importlib.util.module_from_spec(spec)
spec.loader.exec_module(chk8)

BOARDS = {
    "research/j89-15-two-liberties.yaml": """
X X X . O O O . X
X O O O O O O . X
O O X X X X X X X
X X X X X X X X X
. X X X . X X X .
""",
    "research/j89-15-one-liberty.yaml": """
X X X . O O O . X
X O O O O O O X X
O O X X X X X X X
X X X X X X X X X
. X X X . X X X .
""",
    "cases/official/j89-15.yaml": """
X X X . O O . X .
X O O O O O O O X
O O X X X X X X X
X X X X X X X X X
. X X X . X X X .
""",
}


def after_white_a(txt):
    """The board after White captures the four black stones at D5."""
    rows = [r.split() for r in txt.strip("\n").splitlines()]
    for p in ("A5", "B5", "C5", "A4"):
        r, c = 5 - int(p[1:]), chk8.COLS.index(p[0])
        rows[r][c] = "."
    rows[0][3] = "O"
    return "\n".join(" ".join(r) for r in rows)


if __name__ == "__main__":
    for name, txt in BOARDS.items():
        for label, board in (("after White A", after_white_a(txt)), ("stopped", txt)):
            g = chk8.Game(board, ["A1", "E1", "J1"])
            for reading in ("point", "single"):
                d, line = chk8.capture_within(g, "E5", "X", reading, 21)
                what = (f"captured in {d} plies: {' '.join(line)}" if d
                        else "not captured within 21 plies")
                print(f"{name}, {label}, Black first against the eleven, "
                      f"{reading}: {what}", flush=True)
