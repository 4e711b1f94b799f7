#!/usr/bin/env bash
# Call V (round 7): auto through Dawn (the app's "Run auto" with no record, one process per shape), cuBLAS in the same call.
set -u; SECONDS=0
BENCH=.k15/bench.js PARTS="cublas dawn-auto" bash .k15/scripts/gpu-bench.sh > $OUT/log.txt 2>&1
tail -30 $OUT/log.txt; echo "done at $SECONDS s"
