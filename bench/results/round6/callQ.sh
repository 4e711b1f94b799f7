#!/usr/bin/env bash
# Call Q (round 6): wgpu — the launch order (GROUP) of the 128×256 block, and split8x16v with S = 2…8
# (and its GROUP), where wgpu misses 80%; cuBLAS in the same call. The experiment bundle offers the
# extra values (bench-exp.js: blk128x256 GROUP tunable, split S 2…8 and GROUP).
set -u; SECONDS=0
source .gpu/gpu-env.sh
o=$OUT; mkdir -p $o
short() { grep -o '"kernel":"[^"]*"\|"constants":{[^}]*}\|"m":[0-9]*,"k":[0-9]*,"n":[0-9]*\|"gflops":[0-9]*\|"verified":[a-z]*\|"error":"[^"]\{0,80\}' | tr '\n' ' '; echo; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $o/gpu.txt
run() { echo "== $* ($SECONDS s)"; timeout 120 /tmp/deno run -A .k15/bench-exp.js "$@" 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | short; }
for g in 8 1 4 16; do run --sizes 2048 --shapes 3989x1021x2999,2039x3001x1531 --kernels blk128x256 --params GROUP=$g; done
for s in 4 2 3 5 6 7 8; do run --sizes 2048 --shapes 2039x3001x1531 --kernels split8x16v --params S=$s,GROUP=8; done
for g in 1 4 16; do run --shapes 2039x3001x1531 --kernels split8x16v --params S=4,GROUP=$g; done
echo "== cuBLAS ($SECONDS s)"
timeout 90 python3 .k15/scripts/cublas.py 2048 2039x3001x1531 3989x1021x2999 2>/dev/null | tee $o/cublas.jsonl | grep -o '"m": [0-9]*\|"gflops": [0-9.]*' | paste -sd' '
echo "done at $SECONDS s"
