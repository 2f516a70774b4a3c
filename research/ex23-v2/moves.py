#!/usr/bin/env python3
"""For a board file, try each single stone of COLOR on each empty point and summarize (article-1)."""
import sys
sys.path.insert(0, "/work/main/research/ex23-v2")
from summ import summary
board = [r.split() for r in open(sys.argv[1]).read().strip().splitlines()]
color = sys.argv[2]; pts = sys.argv[3].split(",")
mode = sys.argv[4] if len(sys.argv) > 4 else "article-1"
H = len(board); cols = "ABCDEFGHJKLMNOPQRST"
for p in pts:
    x = cols.index(p[0]); y = H - int(p[1:])
    b = [r[:] for r in board]
    if b[y][x] != ".": continue
    b[y][x] = color
    s = "\n".join(" ".join(r) for r in b)
    print("####", color, p); print(s); print(summary(s, mode, wit=True)[0])
