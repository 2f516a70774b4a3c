#!/usr/bin/env python3
"""GNU Go 3.8 self-play to two consecutive passes (session 38 helper).

One gnugo process per game; Black and White may play at different levels
(the GTP `level` command is sent before each genmove).  For every finished
game it writes

  NAME.sgf        the game record (moves, passes as B[]/W[]), so that
                  captures during the game count as prisoners
  NAME-final.sgf  GNU Go's own `printsgf` of the final position (setup stones)
  NAME.json       seed, levels, moves, times, and GNU Go's final_status_list
                  dead / seki / alive and final_score, asked of the engine
                  that played, after the two passes

Games that end in a resignation or reach the move cap are discarded.

usage: python3 selfplay.py [--gnugo /usr/games/gnugo] [--out DIR] [--plan PLAN]
  PLAN: comma list of SIZE:SEED:BLACKLEVEL:WHITELEVEL, default the session-38 plan.
"""
import argparse, json, os, subprocess, sys, time

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def default_plan():
    plan = []
    # 9x9: 20 games, levels 1..10 mixed
    for i in range(20):
        plan.append((9, 100 + i, 1 + (i % 10), 1 + ((i * 3 + 4) % 10)))
    # 13x13: 10 games, levels 1..10
    for i in range(10):
        plan.append((13, 200 + i, 1 + (i % 10), 1 + ((i * 3 + 5) % 10)))
    # 19x19: 5 games, levels 1..5
    for i in range(5):
        plan.append((19, 300 + i, 1 + i, 1 + ((i + 2) % 5)))
    return plan


class GTP:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def __call__(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            l = self.p.stdout.readline()
            if l == "":
                raise RuntimeError("engine died on %r" % line)
            l = l.rstrip("\n")
            if l == "" and out:
                break
            if l == "" and not out:
                continue
            out.append(l)
        text = "\n".join(out)
        if text.startswith("?"):
            raise RuntimeError("GTP error on %r: %s" % (line, text))
        return text[1:].strip()

    def close(self):
        try:
            self("quit")
        except Exception:
            pass
        self.p.wait(timeout=10)


def gtp_to_sgf(v, size):
    if v.lower() == "pass":
        return ""
    col = LETTERS.index(v[0].upper())
    row = int(v[1:])
    return "abcdefghijklmnopqrs"[col] + "abcdefghijklmnopqrs"[size - row]


def vertices(text):
    return [w for w in text.split() if w]


def play_game(gnugo, size, seed, lb, lw, out, name, cap=400):
    g = GTP([gnugo, "--mode", "gtp", "--seed", str(seed)])
    t0 = time.time()
    g("boardsize %d" % size)
    g("clear_board")
    g("komi 6.5")
    moves = []
    passes = 0
    colour = "black"
    result = None
    while True:
        if len(moves) >= cap:
            result = "cap"
            break
        g("level %d" % (lb if colour == "black" else lw))
        v = g("genmove " + colour)
        if v.lower() == "resign":
            result = "resign-" + colour
            break
        moves.append((colour, v))
        passes = passes + 1 if v.lower() == "pass" else 0
        if passes == 2:
            result = "passes"
            break
        colour = "white" if colour == "black" else "black"
    info = dict(name=name, size=size, seed=seed, black_level=lb, white_level=lw,
                result=result, moves=len(moves), seconds=None)
    if result == "passes":
        final = os.path.join(out, name + "-final.sgf")
        g("printsgf " + final)
        info["final_status_dead"] = vertices(g("final_status_list dead"))
        info["final_status_seki"] = vertices(g("final_status_list seki"))
        info["final_status_alive"] = vertices(g("final_status_list alive"))
        info["final_score"] = g("final_score")
        info["captures_black"] = g("captures black")  # stones captured BY black
        info["captures_white"] = g("captures white")
        rec = ["(;GM[1]FF[4]SZ[%d]KM[6.5]RU[Japanese]PB[GNU Go 3.8 level %d]"
               "PW[GNU Go 3.8 level %d]GN[%s seed %d]RE[%s]\n"
               % (size, lb, lw, name, seed, info["final_score"])]
        for c, v in moves:
            rec.append(";%s[%s]" % ("B" if c == "black" else "W", gtp_to_sgf(v, size)))
        rec.append(")\n")
        with open(os.path.join(out, name + ".sgf"), "w") as f:
            f.write("".join(rec))
    g.close()
    info["seconds"] = round(time.time() - t0, 1)
    info["move_list"] = " ".join(v for _, v in moves)
    if result == "passes":
        with open(os.path.join(out, name + ".json"), "w") as f:
            json.dump(info, f, indent=1)
    return info


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gnugo", default="/usr/games/gnugo")
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)) + "/games")
    ap.add_argument("--plan", default=None)
    ap.add_argument("--budget", type=float, default=25 * 60, help="stop starting games after this many seconds")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    plan = default_plan() if a.plan is None else [tuple(int(x) for x in p.split(":")) for p in a.plan.split(",")]
    start = time.time()
    log = open(os.path.join(a.out, "selfplay-log.jsonl"), "a")
    for size, seed, lb, lw in plan:
        if time.time() - start > a.budget:
            print("budget reached, stop", flush=True)
            break
        name = "g%02d-s%d-b%d-w%d" % (size, seed, lb, lw)
        if os.path.exists(os.path.join(a.out, name + ".json")):
            continue
        info = play_game(a.gnugo, size, seed, lb, lw, a.out, name)
        short = {k: info[k] for k in ("name", "result", "moves", "seconds")}
        if info["result"] == "passes":
            short["score"] = info["final_score"]
            short["dead"] = len(info["final_status_dead"])
            short["seki"] = len(info["final_status_seki"])
        print(json.dumps(short), flush=True)
        log.write(json.dumps(info) + "\n")
        log.flush()


if __name__ == "__main__":
    main()
