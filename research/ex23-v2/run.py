#!/usr/bin/env python3
"""Run kakunin (both cycle modes) on a board given as rows; print per-string statuses."""
import subprocess, sys, os, json, tempfile
K = "/work/main/target/release/kakunin"
def yaml_for(board, id_="t"):
    rows = [r.strip() for r in board.strip().splitlines()]
    b = "\n".join("  " + r for r in rows)
    return f"id: {id_}\ntitle: {id_}\nsource: test\nprovenance: original\nboard: |\n{b}\nverdict: test\n"
def judge(board, cycles="article-1", extra=(), fmt="text", secs=20, nodes=2000000):
    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False, dir="/tmp") as f:
        fn = f.name
        f.write(yaml_for(board, os.path.basename(fn)[:-5]))
    try:
        r = subprocess.run(["nice","-n","10",K,"judge","--format",fmt,"--cycles",cycles,
                            "--max-seconds",str(secs),"--max-nodes",str(nodes),*extra,fn],
                           capture_output=True, text=True, timeout=300)
        return r.stdout + r.stderr
    finally:
        os.unlink(fn)
if __name__ == "__main__":
    board = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
    modes = sys.argv[2:] or ["article-1", "literal"]
    for m in modes:
        print("=====", m); print(judge(board, m))
