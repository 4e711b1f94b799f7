#!/usr/bin/env bash
# Call L (round 5): the same as call K on Dawn, one process per measurement, retried.
set -u; SECONDS=0
source .gpu/gpu-env.sh
o=$OUT; mkdir -p $o
short() { grep -o '"kernel":"[^"]*"\|"source":"[^"]*"\|"m":[0-9]*,"k":[0-9]*,"n":[0-9]*\|"gflops":[0-9]*\|"verified":[a-z]*\|"error":"[^"]\{0,80\}' | tr '\n' ' '; echo; }
one() { for t in 1 2 3; do line=$(timeout 60 /tmp/node "$@" 2>>$o/dawn.err | grep '^{'); [ -n "$line" ] && { echo "$line" >> $o/dawn.jsonl; echo "$line" | short; return; }; done; echo "died: $*"; }
for s in "--sizes 2048" "--sizes 4096" "--shapes 2039x3001x1531" "--shapes 3989x1021x2999"; do
  one .k15/bench-exp.js $s --kernels blk128x256 --source blk128x256=.k15/exp/b128x256k8t16x8vbf.wgsl
done
for s in "--sizes 2048" "--sizes 4096" "--shapes 3989x1021x2999"; do
  one .k15/bench.js $s --kernels reg16x8v --params GROUP=16
  one .k15/bench.js $s --kernels reg16x8v --params GROUP=16 --source reg16x8v=.k15/exp/b128x128k16t16x8v.wgsl
  one .k15/bench.js $s --kernels reg16x8v --params GROUP=16 --source reg16x8v=.k15/exp/b128x128k16t8x16v.wgsl
done
echo "done at $SECONDS s"
