#!/usr/bin/env python3
"""Print one game: the board, GNU Go's marks and kakunin's overlay side by side,
then kakunin's strings that are not plain alive (with witness lines if -w).
usage: python3 view.py NAME [-w]"""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
L = "ABCDEFGHJKLMNOPQRST"
name = sys.argv[1]
info = json.load(open(os.path.join(HERE, "games", name + ".json")))
d = json.load(open(os.path.join(HERE, "results", name + ".json")))
n = info["size"]
board = {}
for s in d["strings"]:
    for v in s["stones"]:
        board[v] = "X" if s["color"] == "black" else "O"
dead, seki = set(info["final_status_dead"]), set(info["final_status_seki"])
print(name, "GNU Go", info["final_score"], "kakunin", d["score"]["result"] if d.get("score") else None, "%.1fs" % (d["millis"] / 1000))
print("    " + " ".join(L[:n]) + "     GNU Go (x/o dead, s seki)   kakunin overlay")
for r in range(n, 0, -1):
    row = []
    g = []
    for c in range(n):
        v = L[c] + str(r)
        b = board.get(v, ".")
        row.append(b)
        g.append(("x" if b == "X" else "o") if v in dead else ("s" if v in seki else b))
    print("%3d %s   %s   %s" % (r, " ".join(row), " ".join(g), d["overlay"][n - r]))
for s in d["strings"]:
    lab = d["overlay"][n - int(s["stones"][0][1:])].split()[L.index(s["stones"][0][0])]
    if lab != "A" or "-w" in sys.argv[2:]:
        print("-", s["color"], " ".join(s["stones"][:12]) + (" ..." if len(s["stones"]) > 12 else ""), lab, s["status"], s.get("reason"), json.dumps(s.get("open")) if s.get("open") else "")
        if "-w" in sys.argv[2:]:
            for w in s.get("witness", []):
                print("    ", w.get("first"), "first:", w.get("claim"))
                print("      moves:", " ".join(w.get("moves", [])), "| end:", w.get("end"), w.get("settled_by", ""))
