#!/usr/bin/env bash
# Call J: split-K with 8×16 per invocation (the 128×128 split that ran 10–12% faster on wgpu unsplit), S = 4 and 2, both engines, against split128v.
set -u; SECONDS=0
source .gpu/gpu-env.sh
B=.k15/bench.js; o=$OUT; mkdir -p $o
short() { grep -o '"source":"[^"]*"\|"constants":{[^}]*}\|"m":[0-9]*,"k":[0-9]*,"n":[0-9]*\|"gflops":[0-9]*\|"verified":[a-z]*\|"error":"[^"]\{0,80\}' | tr '\n' ' '; echo; }
for src in "" "--source split128v=.k15/exp/split128x16v.wgsl" "--source split128v=.k15/exp/split128x16vf.wgsl"; do for S in 4 2; do
  echo "== wgpu S=$S $src"; timeout 100 /tmp/deno run -A $B --sizes 1024,2048 --shapes 2039x3001x1531 --kernels split128v --params S=$S $src 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | short
  for x in "--sizes 1024" "--shapes 2039x3001x1531"; do for t in 1 2 3; do line=$(timeout 60 /tmp/node $B $x --kernels split128v --params S=$S $src 2>>$o/dawn.err | grep '^{'); [ -n "$line" ] && { echo "$line" >> $o/dawn.jsonl; echo "dawn: $(echo "$line" | short)"; break; }; done; done
done; done
timeout 60 python3 .k15/scripts/cublas.py 1024 2048 2039x3001x1531 2>/dev/null | tee $o/cublas.jsonl | grep -o '"m": [0-9]*\|"gflops": [0-9.]*' | paste -sd' '
echo "done at $SECONDS s"
