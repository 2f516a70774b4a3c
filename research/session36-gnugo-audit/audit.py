#!/usr/bin/env python3
"""Session 36 audit: kakunin against GNU Go 3.8 on real game endings.

Reproduces the tables of README.md from the data:

  python3 audit.py [--kakunin PATH] [--gnugo PATH] [--cache DIR] [--out DIR]

For every KGS game (../shared/data/gnugo-kgs/*.sgf) and every OGS position
(../shared/data/ogs-score-estimator/test_games/*/*.game) it

  * runs `kakunin judge --format json --max-nodes 20000` (one process at a
    time, RAYON_NUM_THREADS=1) and keeps every string's status and witnesses;
    kakunin's verdict on a string is its label in kakunin's Article 8
    overlay: A alive, S seki (alive, borders a dame), D dead, ? unknown;
  * asks GNU Go (`gnugo --mode gtp`) `final_status_list alive|dead|seki`
    after `loadsgf` (KGS: the game record itself; OGS: a temporary SGF with
    the position as AB/AW setup and PL, written to the cache directory, never
    under the project);
  * reads the players' own marks: for KGS the TB/TW of the last node (a stone
    standing on the other colour's territory mark was marked dead), for OGS
    the `.game` removal grid;
  * replays every witness line of every disagreement on an independent
    board (this file's own rules: captures, suicide forbidden, simple ko
    forbidden only as Article 7-2 allows, see `replay`) to check legality and
    that the claimed capture really happens.

Writes tables.md (per-set tables and the list of disagreements) and
disagreements.txt (each disagreement with the board and every witness line
replayed move by move) to --out (default: this script's folder).
Nothing is cached between runs unless --cache is given and holds the files.
"""

import argparse
import glob
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = "/work/shared/data"
COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


# ---------------------------------------------------------------- boards

def vtx(x, y, h):
    """(column, row-from-top) -> GTP vertex."""
    return f"{COLS[x]}{h - y}"


def parse_vtx(v, h):
    return COLS.index(v[0].upper()), h - int(v[1:])


def neighbours(x, y, w, h):
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        a, b = x + dx, y + dy
        if 0 <= a < w and 0 <= b < h:
            yield a, b


def group(board, x, y, w, h):
    c = board[y][x]
    seen = {(x, y)}
    stack = [(x, y)]
    libs = set()
    while stack:
        p = stack.pop()
        for q in neighbours(*p, w, h):
            v = board[q[1]][q[0]]
            if v == c and q not in seen:
                seen.add(q)
                stack.append(q)
            elif v == ".":
                libs.add(q)
    return seen, libs


def play(board, colour, x, y, w, h):
    """Plays colour ('X' or 'O') at (x, y); returns the captured points or
    raises ValueError for an occupied point or suicide."""
    if board[y][x] != ".":
        raise ValueError("occupied")
    board[y][x] = colour
    other = "O" if colour == "X" else "X"
    captured = []
    for q in neighbours(x, y, w, h):
        if board[q[1]][q[0]] == other:
            g, libs = group(board, q[0], q[1], w, h)
            if not libs:
                for p in g:
                    board[p[1]][p[0]] = "."
                captured.extend(g)
    g, libs = group(board, x, y, w, h)
    if not libs:
        board[y][x] = "."
        raise ValueError("suicide")
    return sorted(set(captured))


def show(board, h, marks=None):
    w = len(board[0])
    marks = marks or {}
    out = ["   " + " ".join(COLS[:w])]
    for y in range(h):
        row = []
        for x in range(w):
            row.append(marks.get((x, y), board[y][x]))
        out.append(f"{h - y:2d} " + " ".join(row))
    return "\n".join(out)


# ---------------------------------------------------------------- SGF

def sgf_points(vals):
    pts = []
    for v in vals:
        if ":" in v:
            a, b = v.split(":")
            for x in range(min(ord(a[0]), ord(b[0])), max(ord(a[0]), ord(b[0])) + 1):
                for y in range(min(ord(a[1]), ord(b[1])), max(ord(a[1]), ord(b[1])) + 1):
                    pts.append((x - 97, y - 97))
        elif len(v) == 2:
            pts.append((ord(v[0]) - 97, ord(v[1]) - 97))
    return pts


def sgf_nodes(text):
    """The main line's nodes as lists of (property, [values])."""
    nodes = []
    i = 0
    depth = 0
    cur = None
    in_main = True
    seen_first_var = {}
    n = len(text)
    while i < n:
        c = text[i]
        if c == "(":
            depth += 1
            # a second variation at the same depth leaves the main line
            if seen_first_var.get(depth):
                in_main = False
            i += 1
        elif c == ")":
            seen_first_var[depth] = True
            depth -= 1
            i += 1
        elif c == ";":
            cur = []
            if in_main:
                nodes.append(cur)
            i += 1
        elif c.isupper():
            j = i
            while text[j].isalpha():
                j += 1
            name = re.sub("[a-z]", "", text[i:j])
            vals = []
            while True:
                while text[j].isspace():
                    j += 1
                if text[j] != "[":
                    break
                k = j + 1
                val = []
                while text[k] != "]":
                    if text[k] == "\\":
                        k += 1
                    val.append(text[k])
                    k += 1
                vals.append("".join(val))
                j = k + 1
            if cur is not None:
                cur.append((name, vals))
            i = j
        else:
            i += 1
    return nodes


def kgs_marks(path):
    """Last-node TB/TW points of a KGS record."""
    nodes = sgf_nodes(open(path, encoding="utf-8", errors="replace").read())
    tb, tw = set(), set()
    for node in nodes:
        for name, vals in node:
            if name == "TB":
                tb = set(sgf_points(vals))
            if name == "TW":
                tw = set(sgf_points(vals))
    return tb, tw


# ---------------------------------------------------------------- OGS

def read_game(path):
    rows = [l.split() for l in open(path) if l.strip() and not l.startswith("#")]
    h = int(rows[0][1])
    w = int(rows[1][1])
    to_move = int(rows[2][1])
    grid = rows[3:3 + h]
    rem = rows[3 + h:3 + 2 * h]
    board = [["X" if v == "1" else "O" if v == "-1" else "." for v in r] for r in grid]
    removed = {(x, y) for y, r in enumerate(rem) for x, v in enumerate(r) if v == "1"}
    return board, w, h, to_move, removed


def game_to_sgf(board, w, h, to_move):
    ab = "".join(f"[{chr(97 + x)}{chr(97 + y)}]" for y in range(h) for x in range(w) if board[y][x] == "X")
    aw = "".join(f"[{chr(97 + x)}{chr(97 + y)}]" for y in range(h) for x in range(w) if board[y][x] == "O")
    sz = f"{w}" if w == h else f"{w}:{h}"
    pl = "B" if to_move == 1 else "W"
    return f"(;FF[4]GM[1]SZ[{sz}]KM[6.5]RU[Japanese]" + (f"AB{ab}" if ab else "") + (f"AW{aw}" if aw else "") + f"PL[{pl}])\n"


# ---------------------------------------------------------------- engines

def kakunin_json(kakunin, path, cache):
    key = os.path.join(cache, re.sub(r"[^A-Za-z0-9_.-]", "_", path) + ".json") if cache else None
    if key and os.path.exists(key):
        return json.load(open(key))
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    out = subprocess.run([kakunin, "judge", "--format", "json", "--max-nodes", "20000", path],
                         env=env, capture_output=True, text=True, check=True).stdout
    if key:
        open(key, "w").write(out)
    return json.loads(out)


def gnugo_status(gnugo, sgf_path):
    cmds = f"loadsgf {sgf_path}\nfinal_status_list alive\nfinal_status_list dead\nfinal_status_list seki\nquit\n"
    out = subprocess.run([gnugo, "--mode", "gtp"], input=cmds, capture_output=True, text=True, check=True).stdout
    answers = [a.strip() for a in out.split("\n\n") if a.strip()]
    status = {}
    for name, ans in zip(["loadsgf", "alive", "dead", "seki"], answers):
        if not ans.startswith("="):
            raise RuntimeError(f"GNU Go: {ans}")
        if name == "loadsgf":
            continue
        for v in ans[1:].split():
            status[v.upper()] = name
    return status


# ---------------------------------------------------------------- replay

def replay_witness(board0, w, h, wit, target):
    """Replays a witness line; returns (text, ok, final board).
    Checks: every move legal (empty point, no suicide), and a retake of a
    single-stone ko only after its owner passed for it (Article 7-2; a pass
    lifts any one ban here, the line is only checked, not searched)."""
    board = [r[:] for r in board0]
    colour = "X" if wit["first"] == "black" else "O"
    lines = []
    ok = True
    bans = {"X": set(), "O": set()}
    target_pts = {parse_vtx(s, h) for s in target}
    target_captured_at = None
    for i, m in enumerate(wit["moves"], 1):
        other = "O" if colour == "X" else "X"
        if m.lower() == "pass":
            lines.append(f"{i:3d} {colour} pass")
            bans[colour].clear()  # a pass may lift a ban; lines are read, not searched
        else:
            x, y = parse_vtx(m, h)
            try:
                before = [r[:] for r in board]
                caps = play(board, colour, x, y, w, h)
            except ValueError as e:
                lines.append(f"{i:3d} {colour} {m}  ILLEGAL ({e})")
                ok = False
                break
            note = ""
            if (x, y) in bans[colour] and len(caps) == 1:
                note = "  BANNED RETAKE"
                ok = False
            if caps:
                note += "  captures " + " ".join(vtx(a, b, h) for a, b in caps)
                if target_pts & set(caps) and target_captured_at is None:
                    target_captured_at = i
                    note += "  [target captured]"
            # a single-stone capture by a lone stone with one liberty = ko capture
            g, libs = group(board, x, y, w, h)
            if len(caps) == 1 and len(g) == 1 and len(libs) == 1:
                bans[other].add(caps[0])
            lines.append(f"{i:3d} {colour} {m}{note}")
        colour = "O" if colour == "X" else "X"
    return lines, ok, board, target_captured_at


# ---------------------------------------------------------------- kinds

def kind_of(board, ov, w, h, pts, kstat, gstat):
    """Why kakunin's Article 8 label of a string can differ from GNU Go's,
    read off kakunin's overlay: the dame points the string touches and what
    makes them dame, or the undecided points it touches."""
    if kstat == gstat or kstat == "unknown":
        return ""
    adj = set()
    for p in pts:
        for q in neighbours(*p, w, h):
            if board[q[1]][q[0]] == ".":
                adj.add(q)
    dame = sorted(q for q in adj if ov[q[1]][q[0]] == ".")
    undecided = sorted(q for q in adj if ov[q[1]][q[0]] == "-")
    out = []
    if dame:
        # the regions (empty points and dead stones) of those dame points
        kinds = set()
        seen = set()
        for d in dame:
            if d in seen:
                continue
            reg = {d}
            stack = [d]
            live = set()
            deadcol = set()
            while stack:
                p = stack.pop()
                for q in neighbours(*p, w, h):
                    c = board[q[1]][q[0]]
                    o = ov[q[1]][q[0]]
                    if c == "." or o == "D":
                        if q not in reg:
                            reg.add(q)
                            stack.append(q)
                    elif o in "AS":
                        live.add(c)
                    elif o == "?":
                        live.add("?")
            for p in reg:
                if board[p[1]][p[0]] != "." and ov[p[1]][p[0]] == "D":
                    deadcol.add(board[p[1]][p[0]])
            seen |= reg
            if {"X", "O"} <= live:
                kinds.add("open dame")
            elif live & deadcol:
                kinds.add("own dead stone in the region")
            else:
                kinds.add("dame (other)")
        out.append("seki by " + " and ".join(sorted(kinds)) + ": " + " ".join(vtx(*q, h) for q in dame))
    if undecided:
        out.append("touches undecided points " + " ".join(vtx(*q, h) for q in undecided))
    return "; ".join(out) if out else "no dame, no undecided point"


# ---------------------------------------------------------------- main

def classify(k, g):
    if k == g:
        return "agree"
    return f"kakunin {k} / GNU Go {g}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kakunin", default="/tmp/kakunin-h1")
    ap.add_argument("--gnugo", default="/usr/games/gnugo")
    ap.add_argument("--cache", default="/tmp/s36/cache")
    ap.add_argument("--out", default=HERE)
    a = ap.parse_args()
    os.makedirs(a.cache, exist_ok=True)

    sets = {
        "KGS": sorted(glob.glob(f"{DATA}/gnugo-kgs/*.sgf")),
        "OGS": sorted(glob.glob(f"{DATA}/ogs-score-estimator/test_games/*/*.game")),
    }
    rows = []  # one per string
    boards = {}
    overlays = {}
    for setname, files in sets.items():
        for path in files:
            print(path, file=sys.stderr)
            kj = kakunin_json(a.kakunin, path, a.cache)
            w, h = kj["width"], kj["height"]
            if setname == "KGS":
                sgf = path
                tb, tw = kgs_marks(path)
                # final board from kakunin's strings (it replayed the record)
                board = [["."] * w for _ in range(h)]
                for s in kj["strings"]:
                    for v in s["stones"]:
                        x, y = parse_vtx(v, h)
                        board[y][x] = "X" if s["color"] == "black" else "O"
                def marked(pt, colour, tb=tb, tw=tw):
                    return (pt in tw) if colour == "black" else (pt in tb)
            else:
                board, w2, h2, to_move, removed = read_game(path)
                assert (w2, h2) == (w, h)
                sgf = os.path.join(a.cache, os.path.basename(os.path.dirname(path)) + "-" + os.path.basename(path) + ".sgf")
                open(sgf, "w").write(game_to_sgf(board, w, h, to_move))
                def marked(pt, colour, removed=removed):
                    return pt in removed
            # the two boards agree
            for s in kj["strings"]:
                for v in s["stones"]:
                    x, y = parse_vtx(v, h)
                    assert board[y][x] == ("X" if s["color"] == "black" else "O"), (path, v)
            gs = gnugo_status(a.gnugo, sgf)
            boards[path] = (board, w, h)
            overlays[path] = [r.split() for r in kj["overlay"]]
            label = {"A": "alive", "S": "seki", "D": "dead", "?": "unknown"}
            for s in kj["strings"]:
                # kakunin's verdict with Article 8 (seki) from its overlay
                ov = {kj["overlay"][h - int(v[1:])].split()[COLS.index(v[0])] for v in s["stones"]}
                assert len(ov) == 1, (path, s["stones"], ov)
                kstat = label[ov.pop()]
                g = {gs.get(v, "none") for v in s["stones"]}
                gstat = g.pop() if len(g) == 1 else "mixed"
                pts = [parse_vtx(v, h) for v in s["stones"]]
                nm = sum(marked(p, s["color"]) for p in pts)
                player = "dead" if nm == len(pts) else "alive" if nm == 0 else "mixed"
                kind = kind_of(board, [r.split() for r in kj["overlay"]], w, h, pts, kstat, gstat)
                rows.append(dict(set=setname, file=path, kind=kind, color=s["color"], stones=s["stones"],
                                 kakunin=kstat, art7=s["status"], reason=s.get("reason"), gnugo=gstat,
                                 players=player, witness=s.get("witness", [])))

    # ---- tables
    out = []
    out.append("# Tables (written by audit.py)\n")
    for setname in sets:
        R = [r for r in rows if r["set"] == setname]
        dec = [r for r in R if r["kakunin"] in ("alive", "dead", "seki")]
        out.append(f"## {setname}: {len(sets[setname])} positions\n")
        out.append(f"- strings: {len(R)} ({sum(len(r['stones']) for r in R)} stones)")
        out.append(f"- kakunin decided: {len(dec)} (unknown at 20 000 nodes: {len(R) - len(dec)})")
        for st in ("alive", "dead", "seki"):
            out.append(f"  - kakunin {st}: {sum(r['kakunin'] == st for r in dec)}")
        agree = [r for r in dec if r["kakunin"] == r["gnugo"]]
        out.append(f"- GNU Go agrees on {len(agree)} of the {len(dec)} decided strings\n")
        out.append("| kakunin \\ GNU Go | alive | dead | seki | other |")
        out.append("|---|---|---|---|---|")
        for k in ("alive", "dead", "seki", "unknown"):
            cnt = [sum(r["kakunin"] == k and r["gnugo"] == g for r in R) for g in ("alive", "dead", "seki")]
            oth = sum(r["kakunin"] == k and r["gnugo"] not in ("alive", "dead", "seki") for r in R)
            out.append(f"| {k} | " + " | ".join(map(str, cnt)) + f" | {oth} |")
        out.append("")
        out.append("Players' marks on the decided strings (dead = every stone marked dead):\n")
        out.append("| kakunin \\ players | alive | dead | mixed |")
        out.append("|---|---|---|---|")
        for k in ("alive", "dead", "seki"):
            cnt = [sum(r["kakunin"] == k and r["players"] == p for r in dec) for p in ("alive", "dead", "mixed")]
            out.append(f"| {k} | " + " | ".join(map(str, cnt)) + " |")
        out.append("")
        dis = [r for r in dec if r["kakunin"] != r["gnugo"]]
        out.append(f"Disagreements on decided strings: {len(dis)}\n")
        out.append("| # | position | colour | string | kakunin (reason) | GNU Go | players | kakunin's map around it |")
        out.append("|---|---|---|---|---|---|---|---|")
        for i, r in enumerate(dis, 1):
            r["id"] = f"{setname}-{i}"
            name = os.path.relpath(r["file"], DATA)
            st = " ".join(r["stones"]) if len(r["stones"]) <= 8 else " ".join(r["stones"][:8]) + f" ... ({len(r['stones'])})"
            out.append(f"| {r['id']} | {name} | {r['color']} | {st} | {r['kakunin']} ({r['reason']}) | {r['gnugo']} | {r['players']} | {r['kind']} |")
        out.append("")
        us = [r for r in R if r["kakunin"] == "unknown" and r["gnugo"] == "seki"]
        out.append(f"GNU Go's seki strings that kakunin left unknown: {len(us)}\n")
        for r in us:
            out.append(f"- {os.path.relpath(r['file'], DATA)}: {r['color']} {' '.join(r['stones'])}")
        out.append("")
    open(os.path.join(a.out, "tables.md"), "w").write("\n".join(out) + "\n")

    # ---- disagreements with replayed witnesses
    txt = []
    for r in rows:
        if "id" not in r:
            continue
        board, w, h = boards[r["file"]]
        marks = {}
        for v in r["stones"]:
            x, y = parse_vtx(v, h)
            marks[(x, y)] = "#" if r["color"] == "black" else "@"
        txt.append("=" * 72)
        txt.append(f"{r['id']}  {os.path.relpath(r['file'], DATA)}  {r['color']} {' '.join(r['stones'])}")
        txt.append(f"kakunin: {r['kakunin']} ({r['reason']})   GNU Go: {r['gnugo']}   players: {r['players']}")
        txt.append(f"kakunin's map around it: {r['kind']}")
        txt.append("kakunin's overlay:")
        txt.append(show([row[:] for row in overlays[r['file']]], h))
        txt.append("(target string drawn # for black, @ for white)")
        txt.append(show(board, h, marks))
        for wit in r["witness"]:
            txt.append("")
            txt.append(f"witness: {wit.get('claim')} [end: {wit.get('end')}; {wit.get('settled_by', '')}]")
            lines, ok, fin, cap = replay_witness(board, w, h, wit, r["stones"])
            txt.append(f"replay: {'legal' if ok else 'NOT LEGAL'}; target captured at move {cap}")
            txt.extend(lines)
            txt.append(show(fin, h))
        txt.append("")
    open(os.path.join(a.out, "disagreements.txt"), "w").write("\n".join(txt) + "\n")
    json.dump([{k: v for k, v in r.items() if k != "witness"} for r in rows],
              open(os.path.join(a.cache, "rows.json"), "w"))
    print("\n".join(out))


if __name__ == "__main__":
    main()
