exec(open("var1.py").read().split("import itertools")[0])
base5 = "\n".join(base.split("\n")[2:])
for libs in [("D4","H4"),("D4","K4"),("F4","K4")]:
    b=setp(base5, libs, ".")
    d=run(b, "e5_"+"".join(libs))
