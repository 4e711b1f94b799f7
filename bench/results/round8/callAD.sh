#!/usr/bin/env bash
# Call AD (round 8): blk128x256 as landed (vec4 B, C per element) at every shape on both engines, wgpu's auto where it matters, cuBLAS.
set -u; SECONDS=0
source .gpu/gpu-env.sh
o=$OUT; mkdir -p $o
short() { grep -o '"kernel":"[^"]*"\|"m":[0-9]*\|"k":[0-9]*\|"constants":{[^}]*}\|"gflops":[0-9]*\|"verified":[a-z]*\|"tuneMs":[0-9]*\|"chosen":{[^}]*}' | tr '\n' ' '; echo; }
python3 .k15/scripts/cublas.py 512 1024 2048 4096 2039x3001x1531 3989x1021x2999 2>>$o/cublas.err | tee -a $o/cublas.jsonl | grep -o '"m": [0-9]*\|"gflops": [0-9]*' | tr '\n' ' '; echo
echo "== wgpu blk128x256 ($SECONDS s)"
timeout 200 /tmp/deno run -A .k15/bench.js --sizes 512,1024,2048,4096 --shapes 2039x3001x1531,3989x1021x2999 --kernels blk128x256 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | short
for s in "--sizes 2048" "--shapes 3989x1021x2999" "--sizes 4096"; do
  echo "== wgpu auto $s ($SECONDS s)"
  timeout 200 /tmp/deno run -A .k15/bench.js --auto $s 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | short
done
for s in "--sizes 512" "--sizes 1024" "--sizes 2048" "--sizes 4096" "--shapes 2039x3001x1531" "--shapes 3989x1021x2999"; do
  echo "== dawn blk128x256 $s ($SECONDS s)"
  for try in 1 2 3; do
    line=$(timeout 90 /tmp/node .k15/bench.js $s --kernels blk128x256 2>>$o/dawn.err | grep '^{')
    if [ -n "$line" ]; then echo "$line" | tee -a $o/dawn.jsonl | short; break; fi
  done
done
echo "done at $SECONDS s"
