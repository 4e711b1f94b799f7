#!/usr/bin/env bash
# Call M (round 5): wgpu's auto (no record: tune the shape-aware candidates, then measure the choice) at every shape, with split8x16v among the candidates; cuBLAS.
set -u; SECONDS=0
export BENCH=.k15/bench.js
OUT=$OUT PARTS="wgpu-auto cublas" timeout 585 bash .k15/scripts/gpu-bench.sh 2>&1 | grep -v '^{' | tail -30
grep -h '^{' $OUT/deno.jsonl | grep -o '"kernel":"[^"]*"\|"params":{[^}]*}\|"m":[0-9]*,"k":[0-9]*,"n":[0-9]*\|"gflops":[0-9]*\|"verified":[a-z]*\|"tuned":[^,]*' | paste -sd' ' | sed 's/"kernel"/\n"kernel"/g'
echo "done at $SECONDS s"
