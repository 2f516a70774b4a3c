#!/bin/sh
# Longer bounds on a few positions that are settled to a human but stayed unknown at 60 s.
# One process at a time, single-threaded, killed after 180 s.
K=${KAKUNIN:-/tmp/kakunin-h1}
cd "$(dirname "$0")"
run() { name=$1; shift
  s=$(date +%s.%N)
  RAYON_NUM_THREADS=1 timeout -s KILL 180 "$K" judge --format json "$@" games/$name.sgf > results/long/$name.json
  rc=$?
  e=$(date +%s.%N)
  echo "$name rc=$rc $(echo "$e - $s" | bc) s  args: $*"
}
run g13-s208-b9-w10 --max-nodes 20000000 --max-seconds 160 --max-position-seconds 170
run g09-s116-b7-w3 --max-position-seconds 170
run g09-s113-b4-w4 --max-position-seconds 170
run g09-s121-b9-w10 --max-position-seconds 170
