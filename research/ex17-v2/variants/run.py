import json, subprocess, sys, time
def run(board, name, extra=()):
    rows = board.strip("\n").split("\n")
    y = "id: %s\ntitle: %s\nsource: test\nprovenance: reconstructed\nboard: |\n%s\nverdict: test\n" % (name, name, "\n".join("  "+r.strip() for r in rows))
    open(name+".yaml","w").write(y)
    t=time.time()
    p = subprocess.run(["nice","-n","10","timeout","300","/work/main/target/release/kakunin","judge","--format","json",*extra,name+".yaml"],capture_output=True,text=True)
    el=time.time()-t
    d=json.loads(p.stdout)
    ov = d["overlay"]
    print(name, "nodes", d["nodes"], "ms", d["millis"], "wall %.1f"%el)
    print(ov if isinstance(ov,str) else "\n".join(ov) if isinstance(ov,list) else ov)
    for s in d["strings"]:
        print("  ", s["color"], s["stones"][:3], len(s["stones"]), s["status"], s["reason"])
    sys.stdout.flush()
    return d
if __name__=="__main__":
    import importlib
    exec(open(sys.argv[1]).read())
