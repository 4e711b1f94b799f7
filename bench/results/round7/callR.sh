#!/usr/bin/env bash
# Call R (round 7, the final table): every rung through wgpu (Deno, one process per kernel over every shape), cuBLAS in the same call.
set -u; SECONDS=0
BENCH=.k15/bench.js PARTS="cublas wgpu" KERNELS="naive tiled:16 reg4x4 reg8x8 reg8x8v reg8x8db@BK=8 reg16x8@GROUP=8 reg16x8v@GROUP=16 blk32x64v blk64x64v blk128x64v blk128x256 split128v@S=4 split8x16v@S=4 subgroup" bash .k15/scripts/gpu-bench.sh > $OUT/log.txt 2>&1
tail -40 $OUT/log.txt; echo "done at $SECONDS s"
