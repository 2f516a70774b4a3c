#!/usr/bin/env python3
"""Judge every finished self-play game with kakunin, compare with GNU Go (session 38).

For each games/NAME.json (written by selfplay.py) it runs, one process at a time,
  RAYON_NUM_THREADS=1 KAKUNIN judge --format json --max-position-seconds 60 games/NAME.sgf
(wall time measured, killed after --kill seconds), keeps the JSON in
results/NAME.json, and for each file with a disagreement or an unknown string also
the text output in results/NAME.txt.  Then it compares per kakunin string:
  kakunin label = the string's letter in kakunin's Article 8 overlay
     A alive, S seki, D dead, ? unknown, a alive with seki undecided
  GNU Go label  = dead if in final_status_list dead, seki if in ... seki, else alive
and writes results/table.md and results/disagreements.md.

usage: python3 judge.py [--kakunin /tmp/kakunin-h1] [--kill 180] [--rejudge]
"""
import argparse, glob, json, os, statistics, subprocess, time

HERE = os.path.dirname(os.path.abspath(__file__))
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def run(cmd, kill, out_path):
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    t0 = time.time()
    with open(out_path, "w") as f:
        p = subprocess.Popen(cmd, stdout=f, stderr=subprocess.PIPE, env=env, text=True)
        try:
            _, err = p.communicate(timeout=kill)
            rc = p.returncode
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
            rc = "killed"
            err = ""
    return time.time() - t0, rc, err


def label_of(overlay, size, vertex):
    col = LETTERS.index(vertex[0])
    row = int(vertex[1:])
    return overlay[size - row].split()[col]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kakunin", default="/tmp/kakunin-h1")
    ap.add_argument("--kill", type=float, default=180)
    ap.add_argument("--rejudge", action="store_true")
    ap.add_argument("--text", action="store_true", help="also keep the text output of files with an issue (a second run)")
    a = ap.parse_args()
    gdir = os.path.join(HERE, "games")
    rdir = os.path.join(HERE, "results")
    os.makedirs(rdir, exist_ok=True)
    rows = []
    dis = []
    unk = []
    for jpath in sorted(glob.glob(os.path.join(gdir, "*.json"))):
        info = json.load(open(jpath))
        name = info["name"]
        sgf = os.path.join(gdir, name + ".sgf")
        kj = os.path.join(rdir, name + ".json")
        meta = os.path.join(rdir, name + ".time")
        if a.rejudge or not os.path.exists(meta):
            secs, rc, err = run([a.kakunin, "judge", "--format", "json",
                                 "--max-position-seconds", "60", sgf], a.kill, kj)
            json.dump({"seconds": round(secs, 2), "rc": rc, "stderr": err[-2000:]}, open(meta, "w"))
            print(name, round(secs, 1), rc, flush=True)
        m = json.load(open(meta))
        row = dict(name=name, size=info["size"], seconds=m["seconds"], rc=m["rc"],
                   strings=0, decided=0, unknown=0, dis=0, gnugo_score=info["final_score"])
        rows.append(row)
        if m["rc"] != 0:
            continue
        d = json.load(open(kj))
        row["kakunin_score"] = d["score"]["result"] if d.get("score") else None
        size = info["size"]
        gdead = set(info["final_status_dead"])
        gseki = set(info["final_status_seki"])
        has_issue = False
        for s in d["strings"]:
            row["strings"] += 1
            labels = {label_of(d["overlay"], size, v) for v in s["stones"]}
            kl = next(iter(labels)) if len(labels) == 1 else "mixed:" + "".join(sorted(labels))
            gl = {("dead" if v in gdead else "seki" if v in gseki else "alive") for v in s["stones"]}
            gl = gl.pop() if len(gl) == 1 else "mixed"
            entry = dict(game=name, color=s["color"], stones=s["stones"], kakunin=kl,
                         status=s["status"], reason=s.get("reason"), gnugo=gl, open=s.get("open"))
            if kl == "?" or s["status"] == "unknown":
                row["unknown"] += 1
                unk.append(entry)
                has_issue = True
                continue
            row["decided"] += 1
            kdead = kl == "D"
            gd = gl == "dead"
            bad = kdead != gd
            if kl in ("A", "S") and not gd:
                bad = bad or ((kl == "S") != (gl == "seki"))
            if bad:
                row["dis"] += 1
                dis.append(entry)
                has_issue = True
        if a.text and has_issue and (a.rejudge or not os.path.exists(os.path.join(rdir, name + ".txt"))):
            run([a.kakunin, "judge", "--max-position-seconds", "60", sgf], a.kill,
                os.path.join(rdir, name + ".txt"))
    # tables
    out = ["| game | size | kakunin s | strings | decided | unknown | disagreements | GNU Go score | kakunin score |",
           "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        out.append("| %s | %d | %s%s | %d | %d | %d | %d | %s | %s |" % (
            r["name"], r["size"], r["seconds"], "" if r["rc"] == 0 else " (%s)" % r["rc"],
            r["strings"], r["decided"], r["unknown"], r["dis"], r["gnugo_score"], r.get("kakunin_score")))
    out.append("")
    out.append("| size | games | strings | decided | unknown | disagreements | kakunin time median / max (s) |")
    out.append("|---|---|---|---|---|---|---|")
    for size in (9, 13, 19):
        rs = [r for r in rows if r["size"] == size]
        if not rs:
            continue
        ts = [r["seconds"] for r in rs]
        out.append("| %dx%d | %d | %d | %d | %d | %d | %.1f / %.1f |" % (
            size, size, len(rs), sum(r["strings"] for r in rs), sum(r["decided"] for r in rs),
            sum(r["unknown"] for r in rs), sum(r["dis"] for r in rs), statistics.median(ts), max(ts)))
    open(os.path.join(rdir, "table.md"), "w").write("\n".join(out) + "\n")
    with open(os.path.join(rdir, "disagreements.md"), "w") as f:
        f.write("## disagreements\n\n")
        for e in dis:
            f.write("- %s %s %s: kakunin %s (%s, %s), GNU Go %s\n" % (
                e["game"], e["color"], " ".join(e["stones"]), e["kakunin"], e["status"], e["reason"], e["gnugo"]))
        f.write("\n## unknown\n\n")
        for e in unk:
            f.write("- %s %s %s: kakunin %s, GNU Go %s, open %s\n" % (
                e["game"], e["color"], " ".join(e["stones"]), e["kakunin"], e["gnugo"], json.dumps(e["open"])))
    print("\n".join(out))
    print(len(dis), "disagreements,", len(unk), "unknown")


if __name__ == "__main__":
    main()
