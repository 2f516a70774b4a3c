run("""X . X . X . X . X .
X X X X X X X X X X
O O O O O O O O O O
X X X . X X X . X X
O O X X X X X X X X
. O O O O O O O X X
. O . . O X X X X X""", "control_corner_alive")
