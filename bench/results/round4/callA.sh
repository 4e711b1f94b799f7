#!/usr/bin/env bash
# Call A: cuBLAS settled, then every experiment and the baselines on wgpu (Deno), one process per kernel.
set -u; SECONDS=0
source .gpu/gpu-env.sh; source .k15/fam.sh
B=.k15/bench.js; o=$OUT; mkdir -p $o
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $o/gpu.txt
echo "== cuBLAS"; timeout 150 python3 .k15/scripts/cublas.py 1024 2048 4096 2039x3001x1531 2>>$o/cublas.err | tee $o/cublas.jsonl | cut -c1-160
run() { timeout 120 /tmp/deno run -A $B "$@" 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | grep -o '"kernel":"[^"]*"\|"source":"[^"]*"\|"m":[0-9]*,"k":[0-9]*,"n":[0-9]*\|"gflops":[0-9]*\|"verified":[a-z]*' | tr '\n' ' '; echo; }
echo "== baselines ($SECONDS s)"
for b in $BASE; do IFS='|' read -r k p s sh <<< "$b"; run --sizes $s --shapes $sh --kernels $k --params "$p"; done
echo "== experiments ($SECONDS s)"
for f in .k15/exp/*.wgsl; do v=$(basename $f .wgsl); fam $v; run --sizes $sizes ${shapes:+--shapes $shapes} --kernels $k --params "$params" --source $k=$f; done
echo "done at $SECONDS s"
