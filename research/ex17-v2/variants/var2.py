exec(open("var1.py").read().split("import itertools")[0])
for libs in [("D4","G4"),("D4","J4"),("D4","K4"),("E4","H4"),("E4","K4"),("G4","K4"),("F4","H4"),("D4","F4")]:
    b=setp(base, libs, ".")
    d=run(b, "v1_"+"".join(libs))
