exec(open("var1.py").read().split("import itertools")[0])
for libs in [("D4","H4"),("D4","K4"),("D4","F4"),("E4","H4")]:
    b=setp(base, libs, ".")
    d=run(b, "v1_"+"".join(libs), extra=("--max-nodes","800000"))
