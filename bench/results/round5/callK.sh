#!/usr/bin/env bash
# Call K (round 5): wgpu — phases of 16 for the 128×128 vec4 block (16×8 and 8×16 per invocation), and the
# 128×256 block with vec4 B and C and fma() on the padded plan (odd shapes too), against the rungs; cuBLAS.
set -u; SECONDS=0
source .gpu/gpu-env.sh
o=$OUT; mkdir -p $o
short() { grep -o '"kernel":"[^"]*"\|"source":"[^"]*"\|"m":[0-9]*,"k":[0-9]*,"n":[0-9]*\|"gflops":[0-9]*\|"verified":[a-z]*\|"error":"[^"]\{0,80\}' | tr '\n' ' '; echo; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $o/gpu.txt
S1="--sizes 2048,4096 --shapes 2039x3001x1531,3989x1021x2999"
S2="--sizes 2048,4096 --shapes 3989x1021x2999"
run() { echo "== $*"; timeout 150 /tmp/deno run -A "$@" 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | short; }
run .k15/bench.js $S1 --kernels blk128x256
run .k15/bench-exp.js $S1 --kernels blk128x256 --source blk128x256=.k15/exp/b128x256k8t16x8vbf.wgsl
run .k15/bench.js $S2 --kernels reg16x8v --params GROUP=16
run .k15/bench.js $S2 --kernels reg16x8v --params GROUP=16 --source reg16x8v=.k15/exp/b128x128k16t16x8v.wgsl
run .k15/bench.js $S2 --kernels reg16x8v --params GROUP=16 --source reg16x8v=.k15/exp/b128x128k8t8x16v.wgsl
run .k15/bench.js $S2 --kernels reg16x8v --params GROUP=16 --source reg16x8v=.k15/exp/b128x128k16t8x16v.wgsl
echo "== cuBLAS ($SECONDS s)"
timeout 90 python3 .k15/scripts/cublas.py 2048 4096 2039x3001x1531 3989x1021x2999 2>/dev/null | tee $o/cublas.jsonl | grep -o '"m": [0-9]*\|"gflops": [0-9.]*' | paste -sd' '
echo "done at $SECONDS s"
