#!/usr/bin/env bash
# Round 10, call 3 (on the GPU machine): the sweep's automatic sampling (--until-ci: until the median's
# 95% CI is within ±3%, at most 60 samples or 2 s) for naive, tiled 16 and the best rungs at 1024³ and 4096³,
# through wgpu (Deno) and Dawn (Node): how many samples each point took, and why it stopped.
set -uo pipefail
out=${OUT:-gpu-out}; mkdir -p "$out"
bench=${BENCH:-bench-dist/bench.js}
source .gpu/gpu-env.sh
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader | tee -a "$out/gpu.txt"
date -u +%FT%TZ | tee -a "$out/gpu.txt"
for k in naive "tiled --tiles 16" reg8x8db "reg16x8v --params GROUP=16" blk128x256; do
  timeout 200 /tmp/deno run -A "$bench" --until-ci --sizes 1024,4096 --kernels $k 2>>"$out/deno.err" | tee -a "$out/wgpu.txt"
  timeout 200 /tmp/node "$bench" --until-ci --sizes 1024,4096 --kernels $k 2>>"$out/dawn.err" | tee -a "$out/dawn.txt"
done
