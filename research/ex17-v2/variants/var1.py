base = """X . X . X . X . X .
X X X X X X X X X X
O O O O O O O O O O
X X X X X X X X X X
O O X X X X X X X X
. O O O O O O O X X
X X X . O X X X X X"""
cols="ABCDEFGHJK"
def setp(b, pts, c):
    rows=[r.split() for r in b.split("\n")]
    H=len(rows)
    for p in pts:
        x=cols.index(p[0]); y=int(p[1:])
        rows[H-y][x]=c
    return "\n".join(" ".join(r) for r in rows)
import itertools
for libs in [("D4","H4"),("C4","K4"),("J4","K4"),("E4","F4"),("C4","D4"),("F4","K4")]:
    b=setp(base, libs, ".")
    run(b, "v1_"+"".join(libs))
