#!/usr/bin/env bash
# Call A (round 9, issue #27): auto with the tuner's final (leaders re-timed, settled) through wgpu (Deno),
# at 4096³ and two shapes that are not multiples of 128, beside the rungs that won there in rounds 7–8.
set -u; SECONDS=0
PARTS="wgpu-auto wgpu" SIZES="4096" SHAPES="2039x3001x1531 3989x1021x2999" KERNELS="blk128x256 split8x16v@S=4 split128v@S=4" bash scripts/gpu-bench.sh > $OUT/log.txt 2>&1
grep -o '"kernel":"[^"]*"\|"m":[0-9]*\|"k":[0-9]*\|"gflops":[0-9]*\|"tuneMs":[0-9]*\|"verified":[a-z]*' $OUT/deno.jsonl | tr '\n' ' ' | sed 's/"kernel"/\n"kernel"/g'; echo
echo "done at $SECONDS s"
