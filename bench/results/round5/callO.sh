#!/usr/bin/env bash
# Call O (round 5): the 128×128 block with vec4 B and C and scalar A loads (16×8, 8×16, 8×16 with fma()),
# unsplit at the large shapes and split (8×16, S = 4) at 1024³ and 2039×3001×1531; wgpu, then Dawn.
set -u; SECONDS=0
source .gpu/gpu-env.sh
o=$OUT; mkdir -p $o
short() { grep -o '"kernel":"[^"]*"\|"source":"[^"]*"\|"m":[0-9]*,"k":[0-9]*,"n":[0-9]*\|"gflops":[0-9]*\|"verified":[a-z]*\|"error":"[^"]\{0,80\}' | tr '\n' ' '; echo; }
B=.k15/bench.js
S1="--sizes 2048,4096 --shapes 2039x3001x1531,3989x1021x2999"
S2="--sizes 1024 --shapes 2039x3001x1531"
run() { echo "== $*"; timeout 150 /tmp/deno run -A $B "$@" 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | short; }
for v in b128x128k8t16x8vb b128x128k8t8x16vb b128x128k8t8x16vbf; do run $S1 --kernels reg16x8v --params GROUP=16 --source reg16x8v=.k15/exp/$v.wgsl; done
run $S2 --kernels split8x16v --params S=4
for v in split8x16vb split8x16vbf; do run $S2 --kernels split8x16v --params S=4 --source split8x16v=.k15/exp/$v.wgsl; done
echo "== Dawn ($SECONDS s)"
one() { for t in 1 2 3; do line=$(timeout 60 /tmp/node $B "$@" 2>>$o/dawn.err | grep '^{'); [ -n "$line" ] && { echo "$line" >> $o/dawn.jsonl; echo "$line" | short; return; }; done; echo "died: $*"; }
for v in b128x128k8t16x8vb b128x128k8t8x16vb b128x128k8t8x16vbf; do for s in "--sizes 2048" "--sizes 4096" "--shapes 2039x3001x1531" "--shapes 3989x1021x2999"; do
  one $s --kernels reg16x8v --params GROUP=16 --source reg16x8v=.k15/exp/$v.wgsl; done; done
for v in split8x16vb split8x16vbf; do for s in "--sizes 1024" "--shapes 2039x3001x1531"; do
  one $s --kernels split8x16v --params S=4 --source split8x16v=.k15/exp/$v.wgsl; done; done
echo "done at $SECONDS s"
