#!/usr/bin/env bash
# Call D: cuBLAS settled at every shape; the changed rung (blk128x64v, fma) at every shape on both engines; wgpu's auto at every shape.
set -u; SECONDS=0
source .gpu/gpu-env.sh
export BENCH=.k15/bench.js
g=$OUT/g; mkdir -p $g
( OUT=$g PARTS="cublas" KERNELS="blk128x64v" bash .k15/scripts/gpu-bench.sh ) 2>&1 | grep -v '^{' | tail -3
echo "== blk128x64v, wgpu and Dawn ($SECONDS s)"
( OUT=$g PARTS="wgpu dawn" KERNELS="blk128x64v" bash .k15/scripts/gpu-bench.sh ) 2>&1 | grep -o '"engine":"[a-z]*\|"m":[0-9]*,"k":[0-9]*,"n":[0-9]*\|"gflops":[0-9]*\|"verified":[a-z]*' | paste -sd' ' | sed 's/"engine/\n"engine/g'
echo; echo "== wgpu auto ($SECONDS s)"
left=$((590 - SECONDS))
( OUT=$g PARTS="wgpu-auto" timeout $left bash .k15/scripts/gpu-bench.sh ) 2>&1 | grep -v '^{' | tail -30
echo "done at $SECONDS s"
