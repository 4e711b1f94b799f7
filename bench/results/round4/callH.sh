#!/usr/bin/env bash
# Call H: the split-K rung (split128v, S = 2, 3, 4) at every shape on wgpu, cuBLAS, then wgpu's auto (which now may choose it).
set -u; SECONDS=0
source .gpu/gpu-env.sh
export BENCH=.k15/bench.js
o=$OUT; mkdir -p $o/g
short() { grep -o '"kernel":"[^"]*"\|"constants":{[^}]*}\|"m":[0-9]*,"k":[0-9]*,"n":[0-9]*\|"gflops":[0-9]*\|"verified":[a-z]*\|"error":"[^"]\{0,100\}' | tr '\n' ' '; echo; }
( OUT=$o/g PARTS="cublas" bash .k15/scripts/gpu-bench.sh ) > /dev/null 2>&1
python3 -c "
import json
for l in open('$o/g/cublas.jsonl'): r=json.loads(l); print('cuBLAS', r['m'],r['k'],r['n'], round(r['gflops']/1000,1))"
for S in 2 3 4; do echo "== wgpu split128v S=$S ($SECONDS s)"; timeout 150 /tmp/deno run -A $BENCH --sizes 512,1024,2048,4096 --shapes 2039x3001x1531,3989x1021x2999 --kernels split128v --params S=$S 2>>$o/deno.err | grep '^{' | tee -a $o/g/deno.jsonl | short | sed 's/"kernel"/\n"kernel"/g'; done
echo "== wgpu auto ($SECONDS s)"
left=$((590 - SECONDS))
( OUT=$o/g PARTS="wgpu-auto" SIZES="512 1024 2048" SHAPES="2039x3001x1531" timeout $left bash .k15/scripts/gpu-bench.sh ) 2>&1 | grep -v '^{' | grep -i "auto\|^- " | tail -12
echo "done at $SECONDS s"
