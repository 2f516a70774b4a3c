cols="ABCDEFGHJK"
def setp(b, pts, c):
    rows=[r.split() for r in b.split("\n")]
    H=len(rows)
    for p in pts:
        x=cols.index(p[0]); y=int(p[1:])
        rows[H-y][x]=c
    return "\n".join(" ".join(r) for r in rows)
base9 = """X . X . X . X . X
X X X X X X X X X
O O O O O O O O O
X X X X X X X X O
O O X X X X X X X
. O O O O O O O X
X X X . O X X X X"""
for libs in [("D4","G4"),("D4","H4"),("E4","H4"),("D4","F4"),("F4","H4")]:
    run(setp(base9, libs, "."), "n9_"+"".join(libs))
