#!/usr/bin/env bash
# Call U (round 7): every rung through Dawn (Node + webgpu), one process per kernel and shape — the second half; cuBLAS in the same call.
set -u; SECONDS=0
BENCH=.k15/bench.js PARTS="cublas dawn" KERNELS="${KERNELS:-reg16x8v@GROUP=16 blk32x64v blk64x64v blk128x64v blk128x256 split128v@S=4 split8x16v@S=4 subgroup}" bash .k15/scripts/gpu-bench.sh > $OUT/log.txt 2>&1
tail -30 $OUT/log.txt; echo "done at $SECONDS s"
