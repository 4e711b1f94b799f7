#!/usr/bin/env bash
# Call E: three more splits of the 128×128 block on both engines; Dawn's auto at every shape; cuBLAS again.
set -u; SECONDS=0
source .gpu/gpu-env.sh
export BENCH=.k15/bench.js
B=$BENCH; o=$OUT; mkdir -p $o/g
short() { grep -o '"source":"[^"]*"\|"m":[0-9]*,"k":[0-9]*,"n":[0-9]*\|"gflops":[0-9]*\|"verified":[a-z]*' | tr '\n' ' '; echo; }
for v in b128x128k8t8x16v b128x128k4t16x8v b128x128k8t8x16; do
  timeout 100 /tmp/deno run -A $B --sizes 2048,4096 --shapes 2039x3001x1531 --kernels reg16x8v --params GROUP=16 --source reg16x8v=.k15/exp/$v.wgsl 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | short
  for s in "--sizes 2048" "--sizes 4096" "--shapes 2039x3001x1531"; do
    for try in 1 2 3; do line=$(timeout 100 /tmp/node $B $s --kernels reg16x8v --params GROUP=16 --source reg16x8v=.k15/exp/$v.wgsl 2>>$o/dawn.err | grep '^{'); [ -n "$line" ] && { echo "$line" >> $o/dawn.jsonl; echo "$line" | short; break; }; done
  done
done
echo "== Dawn auto ($SECONDS s)"
left=$((590 - SECONDS))
( OUT=$o/g PARTS="dawn-auto cublas" timeout $left bash .k15/scripts/gpu-bench.sh ) 2>&1 | grep -v '^{' | tail -22
echo "done at $SECONDS s"
