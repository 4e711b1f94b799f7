#!/usr/bin/env bash
# Call AC (round 8): vec4 kernels with C written per element, on wgpu and Dawn.
set -u; SECONDS=0
source .gpu/gpu-env.sh
o=$OUT; mkdir -p $o
source "$(dirname "$0")/common.sh"  # short, dawn_reg16x8v
wg() { echo "== wgpu $* ($SECONDS s)"; timeout 150 /tmp/deno run -A .k15/bench.js "$@" 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | short; }
for rep in 1 2; do
  wg --sizes 2048,4096 --kernels blk128x256
  wg --sizes 2048,4096 --kernels blk128x256 --source blk128x256=.k15/exp8/b256vbcs.wgsl
  wg --sizes 2048,4096 --kernels blk128x256 --source blk128x256=.k15/exp8/b256vbfcs.wgsl
  wg --sizes 2048,4096 --shapes 2039x3001x1531,3989x1021x2999 --kernels reg16x8v --params GROUP=16 --source reg16x8v=.k15/exp8/b128t8x16cs.wgsl
  wg --sizes 2048,4096 --shapes 2039x3001x1531,3989x1021x2999 --kernels reg16x8v --params GROUP=16 --source reg16x8v=.k15/exp8/reg16x8v_cs.wgsl
done
for s in 2048 4096; do
  for v in "" ".k15/exp8/reg16x8v_cs.wgsl"; do
    echo "== dawn reg16x8v $s [$v] ($SECONDS s)"
    dawn_reg16x8v "$s" "$v"
  done
done
echo "done at $SECONDS s"
