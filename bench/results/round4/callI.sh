#!/usr/bin/env bash
# Call I: the split-K rung (S = 2, 3, 4) at every shape on Dawn, then Dawn's auto at 512–2048 and the N = 1531 shape.
set -u; SECONDS=0
source .gpu/gpu-env.sh
export BENCH=.k15/bench.js
o=$OUT; mkdir -p $o/g
short() { grep -o '"constants":{[^}]*}\|"m":[0-9]*,"k":[0-9]*,"n":[0-9]*\|"gflops":[0-9]*\|"verified":[a-z]*\|"error":"[^"]\{0,100\}' | tr '\n' ' '; echo; }
for S in 4 2 3; do for x in "--sizes 512" "--sizes 1024" "--sizes 2048" "--sizes 4096" "--shapes 2039x3001x1531" "--shapes 3989x1021x2999"; do
  for t in 1 2 3; do line=$(timeout 60 /tmp/node $BENCH $x --kernels split128v --params S=$S 2>>$o/dawn.err | grep '^{'); [ -n "$line" ] && { echo "$line" >> $o/g/dawn.jsonl; echo "$line" | short; break; }; done
done; done
echo "== Dawn auto ($SECONDS s)"
left=$((370 - SECONDS))
( OUT=$o/g PARTS="dawn-auto" SIZES="1024 512 2048" SHAPES="2039x3001x1531" timeout $left bash .k15/scripts/gpu-bench.sh ) 2>&1 | grep -v '^{' | grep "^| \|^- " | tail -14
echo "done at $SECONDS s"
