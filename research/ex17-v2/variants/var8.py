exec(open("var1.py").read().split("import itertools")[0])
for libs in [("D4","G4","K4"),("D4","F4","H4")]:
    run(setp(base, libs, "."), "l3_"+"".join(libs))
