#!/usr/bin/env bash
# Call P (round 5): split8x16v at 4096³ (the ladder's reference column), S = 4 (its default), both engines.
set -u; SECONDS=0
source .gpu/gpu-env.sh
o=$OUT; mkdir -p $o
short() { grep -o '"kernel":"[^"]*"\|"m":[0-9]*,"k":[0-9]*,"n":[0-9]*\|"gflops":[0-9]*\|"verified":[a-z]*\|"error":"[^"]\{0,80\}' | tr '\n' ' '; echo; }
timeout 150 /tmp/deno run -A .k15/bench.js --sizes 4096 --kernels split8x16v,split128v --params S=4 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | short
for k in split8x16v split128v; do for t in 1 2 3; do line=$(timeout 90 /tmp/node .k15/bench.js --sizes 4096 --kernels $k --params S=4 2>>$o/dawn.err | grep '^{'); [ -n "$line" ] && { echo "$line" >> $o/dawn.jsonl; echo "$line" | short; break; }; done; done
timeout 60 python3 .k15/scripts/cublas.py 4096 2>/dev/null | tee $o/cublas.jsonl | grep -o '"m": [0-9]*\|"gflops": [0-9.]*' | paste -sd' '
echo "done at $SECONDS s"
