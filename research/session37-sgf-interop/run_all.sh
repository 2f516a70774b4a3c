#!/bin/sh
# Runs check_sgf.py over the inputs, one kakunin process at a time.
PY=/tmp/s37s/venv/bin/python
C=/work/main/research/session37-sgf-interop/check_sgf.py
OUT=${OUT:-/tmp/s37s/out}
case "$1" in
cases)
  for f in $(find /work/main/cases -name '*.yaml' | sort); do
    $PY $C $OUT $f || echo "CHECKER CRASH $f"
    if grep -q 'rc=124' $OUT/$(basename $(dirname $f))__$(basename $f).result.json 2>/dev/null; then
      $PY $C $OUT $f --max-nodes 200000 || echo "CHECKER CRASH $f"
    fi
  done ;;
kgs)
  for f in /work/shared/data/gnugo-kgs/*.sgf; do $PY $C $OUT $f --max-nodes 20000 || echo "CHECKER CRASH $f"; done ;;
ogs)
  for f in $(ls /work/shared/data/ogs-score-estimator/test_games/*/*.game | awk 'NR%4==1' | head -14); do
    $PY $C $OUT $f --max-nodes 20000 || echo "CHECKER CRASH $f"; done ;;
esac
