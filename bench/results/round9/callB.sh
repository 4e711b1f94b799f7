#!/usr/bin/env bash
# Call B (round 9, issue #27): the same through Dawn (Node + webgpu),
# at 4096³ and two shapes that are not multiples of 128, beside the rungs that won there in rounds 7–8.
set -u; SECONDS=0
PARTS="dawn-auto dawn" SIZES="4096" SHAPES="2039x3001x1531 3989x1021x2999" KERNELS="blk128x256 split128v@S=4 reg16x8v@GROUP=16" bash scripts/gpu-bench.sh > $OUT/log.txt 2>&1
grep -o '"kernel":"[^"]*"\|"m":[0-9]*\|"k":[0-9]*\|"gflops":[0-9]*\|"tuneMs":[0-9]*\|"verified":[a-z]*' $OUT/dawn.jsonl | tr '\n' ' ' | sed 's/"kernel"/\n"kernel"/g'; echo
echo "done at $SECONDS s"
