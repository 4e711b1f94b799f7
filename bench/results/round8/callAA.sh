#!/usr/bin/env bash
# Call AA (round 8): does wgpu's cost follow the 16-byte global loads? reg16x8v as is, with two vec2 loads per staged vec4, and with four scalar loads (C stays vec4).
set -u; SECONDS=0
source .gpu/gpu-env.sh
o=$OUT; mkdir -p $o
source "$(dirname "$0")/common.sh"  # short, dawn_reg16x8v
python3 .k15/scripts/cublas.py 2048 4096 2039x3001x1531 3989x1021x2999 2>>$o/cublas.err | tee -a $o/cublas.jsonl | grep -o '"m": [0-9]*\|"gflops": [0-9]*' | tr '\n' ' '; echo
for rep in 1 2; do
  for v in "" ".k15/exp8/reg16x8v_v2.wgsl" ".k15/exp8/reg16x8v_s4.wgsl"; do
    echo "== wgpu rep $rep [$v] ($SECONDS s)"
    timeout 150 /tmp/deno run -A .k15/bench.js --sizes 2048,4096 --shapes 2039x3001x1531,3989x1021x2999 --kernels reg16x8v --params GROUP=16 ${v:+--source reg16x8v=$v} 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | short
  done
done
for s in 2048 4096; do
  for v in "" ".k15/exp8/reg16x8v_v2.wgsl" ".k15/exp8/reg16x8v_s4.wgsl"; do
    echo "== dawn $s [$v] ($SECONDS s)"
    dawn_reg16x8v "$s" "$v"
  done
done
echo "done at $SECONDS s"
