#!/usr/bin/env python3
import sys, json
sys.path.insert(0, "/work/main/research/ex23-v2")
from run import judge
def summary(board, cycles="article-1", secs=20, nodes=2000000, wit=True):
    out = judge(board, cycles, fmt="json", secs=secs, nodes=nodes)
    try: d = json.loads(out)
    except Exception: return "ERR " + out[:300], None
    lines = []
    for s in d["strings"]:
        if s["reason"] == "pass-alive": continue
        w = ""
        if wit and s.get("witness"):
            w = " | " + " ; ".join(" ".join(x.get("moves", [])) + (" ["+x.get("end","")+"]") for x in s["witness"][:2])
        lines.append(f'{s["color"][0]} {s["stones"][0]}[{len(s["stones"])}] {s["status"]} ({s["reason"]}){w}')
    return "\n".join(lines), d
if __name__ == "__main__":
    board = open(sys.argv[1]).read()
    for m in (sys.argv[2:] or ["article-1", "literal"]):
        print("==", m); print(summary(board, m)[0])
