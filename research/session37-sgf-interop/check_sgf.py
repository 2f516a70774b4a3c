#!/usr/bin/env python3
"""Black-box check of `kakunin judge --format sgf` against sgfmill and
`kakunin judge --format json`.

usage: check_sgf.py OUTDIR FILE [EXTRA-ARGS...]
Writes OUTDIR/<name>.{json,sgf,rt.json,result.json}; prints findings.
Runs kakunin as /tmp/kakunin-h4 with RAYON_NUM_THREADS=1, timeout 120.
"""
import json, os, re, subprocess, sys, time

from sgfmill import sgf, boards, sgf_grammar

KAKUNIN = os.environ.get("KAKUNIN", "/tmp/kakunin-h4")
COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def run(args):
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    t = time.time()
    p = subprocess.run(["timeout", "120", KAKUNIN] + args, capture_output=True,
                       text=True, env=env)
    return p.returncode, p.stdout, p.stderr, time.time() - t


def gtp_to_rc(name, h):
    """GTP name -> (row-from-bottom, col) as sgfmill uses."""
    col = COLS.index(name[0].upper())
    row = int(name[1:]) - 1
    return row, col


def sgf_pt_to_rc(v, w, h):
    if v == "" or (v == "tt" and w <= 19 and h <= 19):
        return None
    c = ord(v[0]) - 97
    r = ord(v[1]) - 97
    return h - 1 - r, c


# ---------------------------------------------------------------- raw FF[4]
def raw_tokens(text):
    """Own tokenizer: list of trees as nested lists; node = list of (id, [values])."""
    i = 0
    n = len(text)
    problems = []

    def skip():
        nonlocal i
        while i < n and text[i].isspace():
            i += 1

    def value():
        nonlocal i
        assert text[i] == "["
        i += 1
        out = []
        while True:
            if i >= n:
                raise ValueError("unterminated value")
            c = text[i]
            if c == "\\":
                if i + 1 < n and text[i + 1] == "\n":
                    i += 2
                    continue
                out.append(text[i + 1])
                i += 2
                continue
            if c == "]":
                i += 1
                return "".join(out)
            out.append(c)
            i += 1

    def tree():
        nonlocal i
        skip()
        assert text[i] == "(", text[i:i + 20]
        i += 1
        seq = []
        kids = []
        while True:
            skip()
            c = text[i]
            if c == ";":
                i += 1
                node = []
                seen = set()
                while True:
                    skip()
                    m = re.match(r"[A-Za-z]+", text[i:])
                    if not m:
                        break
                    pid = m.group(0)
                    if not pid.isupper():
                        problems.append(f"lowercase in property id {pid}")
                    i += len(pid)
                    skip()
                    vals = []
                    while i < n and text[i] == "[":
                        vals.append(value())
                        skip()
                    if not vals:
                        problems.append(f"property {pid} without value")
                    if pid in seen:
                        problems.append(f"property {pid} twice in one node")
                    seen.add(pid)
                    node.append((pid, vals))
                seq.append(node)
            elif c == "(":
                if not seq:
                    problems.append("variation before any node")
                kids.append(tree())
            elif c == ")":
                i += 1
                return (seq, kids)
            else:
                raise ValueError(f"unexpected {c!r} at {i}")

    t = tree()
    skip()
    if i != n:
        problems.append(f"trailing text {text[i:i+20]!r}")
    return t, problems


def props(node):
    return {k: v for k, v in node}


# ---------------------------------------------------------------- input stones
def input_stones(path):
    """Independent reading of the input position: {(r,c): 'b'|'w'}, size, prisoners."""
    if path.endswith(".yaml"):
        import yaml
        d = yaml.safe_load(open(path))
        rows = [r.split() for r in d["board"].strip("\n").split("\n")]
        h = len(rows)
        w = len(rows[0])
        st = {}
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                if ch == "X":
                    st[(h - 1 - y, x)] = "b"
                elif ch == "O":
                    st[(h - 1 - y, x)] = "w"
        pr = d.get("prisoners") or {}
        return st, (w, h), (pr.get("black", 0), pr.get("white", 0)), d.get("komi", 0)
    if path.endswith(".game"):
        lines = [l for l in open(path).read().split("\n")]
        h = w = None
        grid = []
        for l in lines:
            if l.startswith("#"):
                continue
            if l.startswith("height"):
                h = int(l.split()[1]); continue
            if l.startswith("width"):
                w = int(l.split()[1]); continue
            if l.startswith("player_to_move"):
                continue
            if not l.strip():
                if grid:
                    break
                continue
            grid.append([int(x) for x in l.split()])
        st = {}
        for y, row in enumerate(grid):
            for x, v in enumerate(row):
                if v == 1:
                    st[(h - 1 - y, x)] = "b"
                elif v == -1:
                    st[(h - 1 - y, x)] = "w"
        return st, (w, h), None, None
    # SGF record: replay the main line in sgfmill
    g = sgf.Sgf_game.from_bytes(open(path, "rb").read())
    size = g.get_size()
    b = boards.Board(size)
    root = g.get_root()
    for prop, col in (("AB", "b"), ("AW", "w")):
        if root.has_property(prop):
            for rc in root.get(prop):
                b.play(rc[0], rc[1], col)
    caps = {"b": 0, "w": 0}
    for node in g.get_main_sequence()[1:]:
        col, mv = node.get_move()
        if col is None or mv is None:
            continue
        before = sum(1 for _ in b.list_occupied_points())
        b.play(mv[0], mv[1], col)
        after = sum(1 for _ in b.list_occupied_points())
        caps[col] += before + 1 - after
    st = {(r, c): col for col, (r, c) in b.list_occupied_points()}
    km = g.get_komi()
    return st, (size, size), (caps["b"], caps["w"]), km


# ---------------------------------------------------------------- legality
class Pos:
    def __init__(self, w, h, stones):
        self.w, self.h = w, h
        self.g = dict(stones)
        self.ko = None  # point that may not be retaken next move

    def nb(self, p):
        r, c = p
        for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= q[0] < self.h and 0 <= q[1] < self.w:
                yield q

    def group(self, p):
        col = self.g[p]
        seen = {p}
        st = [p]
        libs = set()
        while st:
            x = st.pop()
            for q in self.nb(x):
                v = self.g.get(q)
                if v is None:
                    libs.add(q)
                elif v == col and q not in seen:
                    seen.add(q)
                    st.append(q)
        return seen, libs

    def play(self, col, p):
        """Returns None if legal, else reason."""
        if p is None:
            self.ko = None
            return None
        if p in self.g:
            return "occupied"
        if p == self.ko:
            return "immediate ko retake"
        self.g[p] = col
        opp = "w" if col == "b" else "b"
        captured = []
        for q in self.nb(p):
            if self.g.get(q) == opp:
                grp, libs = self.group(q)
                if not libs:
                    captured.extend(grp)
                    for x in grp:
                        self.g.pop(x, None)
        grp, libs = self.group(p)
        if not libs:
            del self.g[p]
            for x in captured:
                self.g[x] = opp
            return "suicide"
        captured = set(captured)
        if len(captured) == 1 and len(grp) == 1 and len(libs) == 1:
            self.ko = next(iter(captured))
        else:
            self.ko = None
        return None


def name_rc(rc, h):
    r, c = rc
    return f"{COLS[c]}{r+1}"


# ---------------------------------------------------------------- main check
def check(outdir, path, extra):
    base = os.path.basename(path)
    parent = os.path.basename(os.path.dirname(path))
    tag = f"{parent}__{base}"
    F = []  # findings
    res = {"file": path, "args": extra, "findings": F}

    rc, js, err, t1 = run(["judge", "--format", "json"] + extra + [path])
    res["t_json"] = t1
    if rc != 0:
        F.append(f"json run failed rc={rc}: {err.strip()[:300]}")
        return res
    J = json.loads(js)
    rc, sg, err, t2 = run(["judge", "--format", "sgf"] + extra + [path])
    res["t_sgf"] = t2
    if rc != 0:
        F.append(f"sgf run failed rc={rc}: {err.strip()[:300]}")
        return res
    sgf_path = os.path.join(outdir, tag + ".sgf")
    open(sgf_path, "w").write(sg)
    open(os.path.join(outdir, tag + ".json"), "w").write(js)
    W, H = J["width"], J["height"]

    # (6) raw characters
    for m in re.finditer(r"[\x00-\x08\x0b-\x1f\x7f]", sg):
        F.append(f"raw control character {m.group(0)!r} at offset {m.start()}")
        break

    # (1) own FF[4] check
    try:
        tree, probs = raw_tokens(sg)
        for p in probs:
            F.append("FF4: " + p)
    except Exception as e:
        F.append(f"own tokenizer failed: {e}")
        tree = None
    if tree:
        seq, kids = tree
        rootp = props(seq[0])
        if "SZ" not in rootp:
            F.append("FF4: no SZ in root")

        def walk(t, depth):
            s, k = t
            for j, node in enumerate(s):
                if (depth, j) != (0, 0) and "SZ" in props(node):
                    F.append("FF4: SZ outside root")
                for pid, vals in node:
                    if pid in ("B", "W"):
                        v = vals[0]
                        if v and not re.fullmatch(r"[a-z]{2}", v):
                            F.append(f"FF4: bad move value {pid}[{v}]")
                    if pid in ("AB", "AW", "TB", "TW", "MA"):
                        for v in vals:
                            if not re.fullmatch(r"[a-z]{2}", v) or ord(v[0]) - 97 >= W or ord(v[1]) - 97 >= H:
                                F.append(f"FF4: bad point {pid}[{v}]")
                        if len(set(vals)) != len(vals):
                            F.append(f"FF4: {pid} lists a point twice")
                    if pid == "LB":
                        for v in vals:
                            if not re.fullmatch(r"[a-z]{2}:.*", v, re.S):
                                F.append(f"FF4: bad LB value {v!r}")
            for kk in k:
                walk(kk, depth + 1)
        walk(tree, 0)

    # (1) sgfmill parse
    try:
        G = sgf.Sgf_game.from_bytes(sg.encode("utf-8"))
    except Exception as e:
        F.append(f"sgfmill parse error: {e}" + (" (sgfmill supports square boards only)" if "bad SZ" in str(e) else ""))
        G = None
    root = G.get_root() if G else None

    # (2) stones
    try:
        st, (w, h), pris, komi_in = input_stones(path)
    except Exception as e:
        F.append(f"cannot read input independently: {e}")
        st, w, h, pris, komi_in = None, W, H, None, None
    res["prisoners_in"] = pris
    if (w, h) != (W, H):
        F.append(f"size: input {w}x{h}, json {W}x{H}")
    json_st = {}
    for s in J["strings"]:
        for n in s["stones"]:
            json_st[gtp_to_rc(n, H)] = s["color"][0]
    if st is not None and st != json_st:
        F.append(f"json strings' stones differ from the input: {len(set(st.items()) ^ set(json_st.items()))} points")
    if G:
        try:
            if G.get_size() != W or W != H:
                F.append(f"sgfmill size {G.get_size()} vs {W}x{H}")
            b = boards.Board(G.get_size())
            for prop, col in (("AB", "b"), ("AW", "w")):
                if root.has_property(prop):
                    for rc_ in root.get(prop):
                        b.play(rc_[0], rc_[1], col)
            sg_st = {(r, c): col for col, (r, c) in b.list_occupied_points()}
            ref = st if st is not None else json_st
            if sg_st != ref:
                diff = sorted(set(sg_st.items()) ^ set(ref.items()))
                F.append(f"SGF setup stones differ from the input: {diff[:10]}")
        except Exception as e:
            F.append(f"sgfmill setup failed: {e}")

    # stones from the raw tree (also for boards sgfmill cannot size)
    raw_st = {}
    if tree:
        r0 = props(tree[0][0])
        for prop, col in (("AB", "b"), ("AW", "w")):
            for v in r0.get(prop, []):
                raw_st[sgf_pt_to_rc(v, W, H)] = col
        if raw_st != (st if st is not None else json_st):
            F.append("raw AB/AW differ from the input stones")
    # (3) TB/TW/MA/LB
    ov = [row.split() for row in J["overlay"]]
    marks = {}
    for y, row in enumerate(ov):
        for x, ch in enumerate(row):
            marks[(H - 1 - y, x)] = ch
    def rp(vals):
        return {sgf_pt_to_rc(v, W, H) for v in vals}
    rootp = props(tree[0][0]) if tree else {}
    TB = rp(rootp.get("TB", []))
    TW = rp(rootp.get("TW", []))
    MA = rp(rootp.get("MA", []))
    LB = {}
    for v in rootp.get("LB", []):
        pt, txt = v.split(":", 1)
        LB[sgf_pt_to_rc(pt, W, H)] = txt
    dead = {gtp_to_rc(n, H) for s in J["strings"] if s["status"] == "dead" for n in s["stones"]}
    col_of = json_st
    sc = J["score"]
    for who, T, own in (("black", TB, "b"), ("white", TW, "w")):
        terr = {p for p, m in marks.items() if m == own}
        if len(terr) != sc[who]["territory"]:
            F.append(f"json: overlay {own} count {len(terr)} != score.{who}.territory {sc[who]['territory']}")
        if not terr <= T:
            F.append(f"T{own.upper()} misses territory points {sorted(name_rc(p,H) for p in terr - T)[:10]}")
        extra_pts = T - terr
        not_dead = {p for p in extra_pts if not (p in dead and col_of.get(p) != own)}
        if not_dead:
            F.append(f"T{own.upper()} has points that are neither {own}-territory nor dead opponent stones: {sorted(name_rc(p,H) for p in not_dead)[:10]} marks {[marks.get(p) for p in sorted(not_dead)][:10]}")
        if len(extra_pts) != sc[who]["removed"]:
            F.append(f"T{own.upper()} dead-stone points {len(extra_pts)} != score.{who}.removed {sc[who]['removed']}")
    if TB & TW:
        F.append("TB and TW overlap")
    ovD = {p for p, m in marks.items() if m == "D"}
    if MA != dead:
        F.append(f"MA != dead strings' stones: extra {sorted(name_rc(p,H) for p in MA-dead)[:8]} missing {sorted(name_rc(p,H) for p in dead-MA)[:8]}")
    if ovD != dead:
        F.append("json: overlay D != dead strings")
    expLB = {p: m for p, m in marks.items() if m in ("S", "a", "?")}
    if LB != expLB:
        F.append(f"LB != overlay S/a/?: {sorted((name_rc(p,H), LB.get(p), expLB.get(p)) for p in set(LB)|set(expLB) if LB.get(p)!=expLB.get(p))[:8]}")
    for s in J["strings"]:
        pts = [gtp_to_rc(n, H) for n in s["stones"]]
        lab = {LB.get(p) for p in pts}
        want = {"seki": {"S"}, "unknown": {"?"}}.get(s["status"])
        if want and lab != want:
            F.append(f"string {s['stones'][0]} status {s['status']} labels {lab}")
        if len(lab) != 1 or (s["status"] == "dead" and lab != {None}) or (s["status"] == "alive" and lab - {None, "a", "S"}):
            F.append(f"string {s['stones'][0]} status {s['status']} labels {lab}")

    # (4) RE / KM
    decided = all(s["status"] != "unknown" for s in J["strings"])
    RE = rootp.get("RE")
    if decided and not RE:
        F.append("RE missing although every string is decided")
    if not decided and RE:
        F.append(f"RE[{RE[0]}] written although some string is unknown")
    if RE and RE[0] != sc["result"]:
        F.append(f"RE[{RE[0]}] != json result {sc['result']}")
    if RE and not re.fullmatch(r"(0|Draw|Void|\?|[BW]\+(\d+(\.\d+)?|R|Resign|T|Time|F|Forfeit)?)", RE[0]):
        F.append(f"RE[{RE[0]}] is not an FF[4] result")
    KM = rootp.get("KM", [None])[0]
    try:
        if KM is None or float(KM) != float(sc["komi"]):
            F.append(f"KM[{KM}] != json komi {sc['komi']}")
    except ValueError:
        F.append(f"KM[{KM}] not a number")
    if komi_in is not None and float(komi_in) != float(sc["komi"]):
        F.append(f"json komi {sc['komi']} != input komi {komi_in}")
    if G:
        try:
            G.get_komi()
        except Exception as e:
            F.append(f"sgfmill get_komi: {e}")
    # comments readable
    for pid, vals in (rootp.items() if tree else []):
        for v in vals:
            if re.search(r"[\x00-\x08\x0b-\x1f\x7f]", v):
                F.append(f"control character in {pid}")
    if G:
        try:
            c = root.get("C")
            if "kakunin" not in c or "result" not in c:
                F.append("root comment lacks the verdict text")
        except Exception as e:
            F.append(f"sgfmill root C: {e}")

    # (5) variations
    with_lines = [s for s in J["strings"] if any(w_["moves"] for w_ in s["witness"])]
    kids = tree[1] if tree else []
    if with_lines:
        if not kids:
            F.append("no variations although witness lines exist")
        else:
            first = kids[0]
            if any(pid in ("B", "W") for node in first[0] for pid, _ in node) or first[1]:
                F.append("main line (first variation) contains moves")
            if len(kids) - 1 != len(with_lines):
                F.append(f"{len(kids)-1} witness variations, {len(with_lines)} strings with lines")
    elif kids:
        F.append("variations but no witness lines")
    if G and with_lines:
        ms = G.get_main_sequence()
        if any(n.get_move()[0] for n in ms):
            F.append("sgfmill main sequence has moves")
    nmoves = 0
    for s, var in zip(with_lines, kids[1:]):
        seq, sub = var
        if sub:
            F.append("witness variation has sub-variations")
        nodes = [props(n) for n in seq]
        # expected node list
        exp = []
        for w_ in s["witness"]:
            if not w_["moves"]:
                exp.append(("C", None, w_))
            col = w_["first"][0]
            for k, m in enumerate(w_["moves"]):
                exp.append((col, m, w_ if k == 0 else None))
                col = "w" if col == "b" else "b"
        if len(exp) != len(nodes):
            F.append(f"string {s['stones'][0]}: {len(nodes)} nodes, expected {len(exp)}")
        for (col, m, w_), nd in zip(exp, nodes):
            if col == "C":
                if "B" in nd or "W" in nd:
                    F.append(f"string {s['stones'][0]}: move where a comment node was expected")
                continue
            key = col.upper()
            if key not in nd:
                F.append(f"string {s['stones'][0]}: colour mismatch, expected {key} got {list(nd)}")
                break
            v = nd[key][0]
            got = sgf_pt_to_rc(v, W, H)
            want = None if m.lower() == "pass" else gtp_to_rc(m, H)
            if got != want:
                F.append(f"string {s['stones'][0]}: move {m} written as {key}[{v}]")
        # legality: continuous (as any SGF reader replays) and per witness from the root
        base_st = raw_st
        P = Pos(W, H, base_st)
        for k, nd in enumerate(nodes):
            for key in ("B", "W"):
                if key in nd:
                    nmoves += 1
                    why = P.play(key.lower(), sgf_pt_to_rc(nd[key][0], W, H))
                    if why:
                        F.append(f"variation of {s['stones'][0]}: node {k+1} {key}[{nd[key][0]}] illegal when the variation is replayed as SGF ({why})")
        # the witnesses of one string continue each other ("then ...")
        P = Pos(W, H, base_st)
        for wi, w_ in enumerate(s["witness"]):
            col = w_["first"][0]
            for k, m in enumerate(w_["moves"]):
                p = None if m.lower() == "pass" else gtp_to_rc(m, H)
                why = P.play(col, p)
                if why:
                    F.append(f"json witness {wi} of {s['stones'][0]}: move {k+1} {col.upper()} {m} illegal ({why}); line {' '.join(w_['moves'])}")
                col = "w" if col == "b" else "b"
        # sgfmill replay too (catches occupied points)
        if G:
            pass
    # sgfmill full replay of each variation via its tree
    if G:
        try:
            for ci, child in enumerate(root):
                node = child
                bb = b.copy()
                while True:
                    c_, mv = node.get_move()
                    if c_ and mv:
                        bb.play(mv[0], mv[1], c_)
                    if len(node) == 0:
                        break
                    node = node[0]
        except Exception as e:
            F.append(f"sgfmill replay of variation {ci}: {e}")
    res["witness_moves"] = nmoves

    # round trip
    rc, rt, err, t3 = run(["judge", "--format", "json"] + extra + [sgf_path])
    res["t_rt"] = t3
    if rc != 0:
        F.append(f"round trip: kakunin judge on its own SGF failed rc={rc}: {err.strip()[:300]}")
    else:
        open(os.path.join(outdir, tag + ".rt.json"), "w").write(rt)
        R = json.loads(rt)
        if R["overlay"] != J["overlay"]:
            F.append("round trip: overlay differs")
        a = sorted((s["color"], tuple(s["stones"]), s["status"]) for s in J["strings"])
        bq = sorted((s["color"], tuple(s["stones"]), s["status"]) for s in R["strings"])
        if a != bq:
            F.append("round trip: strings/statuses differ: " + str([x for x in a if x not in bq][:3]) + " -> " + str([x for x in bq if x not in a][:3]))
        if R["score"] != J["score"]:
            F.append(f"round trip: score differs: {J['score']['result']} -> {R['score']['result']}; prisoners B {J['score']['black']['prisoners']}->{R['score']['black']['prisoners']} W {J['score']['white']['prisoners']}->{R['score']['white']['prisoners']}")
    return res


if __name__ == "__main__":
    outdir = sys.argv[1]
    path = sys.argv[2]
    extra = sys.argv[3:]
    os.makedirs(outdir, exist_ok=True)
    r = check(outdir, path, extra)
    tag = os.path.basename(os.path.dirname(path)) + "__" + os.path.basename(path)
    json.dump(r, open(os.path.join(outdir, tag + ".result.json"), "w"), indent=1)
    print(path, " ".join(extra), f"json {r.get('t_json',0):.1f}s sgf {r.get('t_sgf',0):.1f}s rt {r.get('t_rt',0):.1f}s",
          "OK" if not r["findings"] else "")
    for f in r["findings"]:
        print("   ", f)
