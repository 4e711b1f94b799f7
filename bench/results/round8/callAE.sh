#!/usr/bin/env bash
# Call AE (round 8): blk128x256 (vec4 B, C per element) at 4096³ on wgpu, fresh processes and after smaller sizes; auto at 4096³ again.
set -u; SECONDS=0
source .gpu/gpu-env.sh
o=$OUT; mkdir -p $o
short() { grep -o '"kernel":"[^"]*"\|"m":[0-9]*\|"constants":{[^}]*}\|"gflops":[0-9]*\|"minMs":[0-9.]*\|"maxMs":[0-9.]*\|"verified":[a-z]*\|"tuneMs":[0-9]*' | tr '\n' ' '; echo; }
for i in 1 2 3; do echo "== fresh 4096 $i ($SECONDS s)"; timeout 100 /tmp/deno run -A .k15/bench.js --sizes 4096 --kernels blk128x256 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | short; done
echo "== after smaller ($SECONDS s)"; timeout 150 /tmp/deno run -A .k15/bench.js --sizes 512,1024,2048,4096 --kernels blk128x256 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | short
echo "== auto 4096 ($SECONDS s)"; timeout 200 /tmp/deno run -A .k15/bench.js --auto --sizes 4096 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | short
echo "== tune 4096 ($SECONDS s)"; timeout 200 /tmp/deno run -A .k15/bench.js --tune --sizes 4096 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | grep -o '"kernel":"[^"]*"\|"params":{[^}]*}\|"gflops":[0-9]*\|"tuneBest"' | tr '\n' ' '; echo
echo "done at $SECONDS s"
