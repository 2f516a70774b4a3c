run("""X . X . X . X . X
X X X X X X X X X
O O O O O O O O O
X X X . X X . X O
O O X X X X X X X
. O O O O X X X X
X X X . O O O O X""", "w9a")
run("""X . X . X . X . X
X X X X X X X X X
O O O O O O O O O
X X X . X X X . O
O O X X X X X X X
. O O O O X X X X
X X X . O O O O X""", "w9b")
