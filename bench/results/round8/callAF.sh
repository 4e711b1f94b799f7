#!/usr/bin/env bash
# Call AF (round 8): the split-K rungs with their partial products written per element (C an array of f32), wgpu and Dawn.
set -u; SECONDS=0
source .gpu/gpu-env.sh
o=$OUT; mkdir -p $o
short() { grep -o '"kernel":"[^"]*"\|"source":"[^"]*"\|"m":[0-9]*\|"constants":{[^}]*}\|"gflops":[0-9]*\|"verified":[a-z]*' | tr '\n' ' '; echo; }
for rep in 1 2; do
  for k in split8x16v split128v; do
    for v in "" ".k15/exp8/${k}_cs.wgsl"; do
      echo "== wgpu $k [$v] ($SECONDS s)"
      timeout 150 /tmp/deno run -A .k15/bench.js --sizes 1024 --shapes 2039x3001x1531 --kernels $k ${v:+--source $k=$v} 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | short
    done
  done
done
for s in "--sizes 1024" "--shapes 2039x3001x1531"; do
  for k in split128v split8x16v; do
    for v in "" ".k15/exp8/${k}_cs.wgsl"; do
      echo "== dawn $k $s [$v] ($SECONDS s)"
      for try in 1 2 3; do
        line=$(timeout 90 /tmp/node .k15/bench.js $s --kernels $k ${v:+--source $k=$v} 2>>$o/dawn.err | grep '^{')
        if [ -n "$line" ]; then echo "$line" | tee -a $o/dawn.jsonl | short; break; fi
      done
    done
  done
done
echo "done at $SECONDS s"
