#!/usr/bin/env bash
# Call T (round 7): every rung through Dawn (Node + webgpu), one process per kernel and shape — the first half of the rungs; cuBLAS in the same call.
set -u; SECONDS=0
BENCH=.k15/bench.js PARTS="cublas dawn" KERNELS="${KERNELS:-naive tiled:16 reg4x4 reg8x8 reg8x8v reg8x8db@BK=8 reg16x8@GROUP=8}" bash .k15/scripts/gpu-bench.sh > $OUT/log.txt 2>&1
tail -30 $OUT/log.txt; echo "done at $SECONDS s"
