#!/usr/bin/env bash
# Call AB (round 8): after call AA (the load width does not matter on wgpu), the C binding and the launch order: reg16x8v with C per element, with and without vec4 loads, GROUP = 8 and 16; reg16x8 beside it.
set -u; SECONDS=0
source .gpu/gpu-env.sh
o=$OUT; mkdir -p $o
short() { grep -o '"kernel":"[^"]*"\|"source":"[^"]*"\|"constants":{[^}]*}\|"m":[0-9]*\|"gflops":[0-9]*\|"verified":[a-z]*' | tr '\n' ' '; echo; }
for g in 16 8; do
  for kv in "reg16x8v:" "reg16x8v:.k15/exp8/reg16x8v_cs.wgsl" "reg16x8v:.k15/exp8/reg16x8v_s4cs.wgsl" "reg16x8:"; do
    k=${kv%%:*}; v=${kv#*:}
    echo "== wgpu $k GROUP=$g [$v] ($SECONDS s)"
    timeout 150 /tmp/deno run -A .k15/bench.js --sizes 2048,4096 --shapes 3989x1021x2999 --kernels $k --params GROUP=$g ${v:+--source $k=$v} 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | short
  done
done
echo "done at $SECONDS s"
