#!/usr/bin/env bash
# Round 10, call 2 (on the GPU machine): the app's default roofline probes (one vec4 per invocation)
# through wgpu (Deno) and Dawn (Node), each twice; once with the wall clock (a cross-check of the
# timestamp-timed copyBufferToBuffer); and the coalescing / bank-conflict probes (--probes) at 64 and 256 MiB.
set -uo pipefail
out=${OUT:-gpu-out}; mkdir -p "$out"
bench=${BENCH:-bench-dist/bench.js}
source .gpu/gpu-env.sh
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv,noheader | tee -a "$out/gpu.txt"
date -u +%FT%TZ | tee -a "$out/gpu.txt"
deno() { timeout 200 /tmp/deno run -A "$bench" "$@" 2>>"$out/deno.err" | tee -a "$out/wgpu.txt"; }
dawn() { for try in 1 2 3; do
    timeout 200 /tmp/node "$bench" "$@" 2>>"$out/dawn.err" > "$out/dawn.tmp"; rc=$?
    if grep -q '^{' "$out/dawn.tmp"; then sed "s/^{/{\"try\":$try,/" "$out/dawn.tmp" | tee -a "$out/dawn.txt"; return; fi
    echo "dawn $*: try $try died rc=$rc" | tee -a "$out/dawn.err"; done; }
for rep in 1 2; do deno --roofline; dawn --roofline; done
deno --roofline --wall --fma-off
dawn --roofline --wall --fma-off
deno --probes; dawn --probes
deno --probes --probe-mib 256; dawn --probes --probe-mib 256
