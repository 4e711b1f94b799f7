#!/usr/bin/env bash
# Run on the GPU machine (see docs/benchmarks.md): the headless bundle through wgpu (Deno) and
# Dawn (Node + webgpu), and cuBLAS, writing JSON lines to $OUT (or ./gpu-out).
# Needs .gpu/ and .gl/ from ../shared/tools/gpu-carry-prep all, and the bundle from npm run build:bench
# (BENCH=path/to/bench.js, default bench-dist/bench.js).
#   SIZES="512 1024 2048 4096"   square shapes;   SHAPES="2039x3001x1531 3989x1021x2999"   M×K×N shapes
#   KERNELS="naive tiled:16 reg4x4 reg8x8db@BK=8 ..."   (kernel:tile for the tiled kernel, kernel@NAME=V,... for override constants)
#   PARTS="cublas wgpu wgpu-auto dawn dawn-auto"   which parts to run (each fits one 10-minute command on an H100)
# wgpu: one Deno process per kernel over every shape. Dawn: one Node process per kernel and shape,
# retried (the process can die while it waits for the GPU). auto: the app's "Run auto" with no
# record (tune the shape-aware candidates, then measure the chosen one), one process per shape.
set -uo pipefail
out=${OUT:-gpu-out}; mkdir -p "$out"
bench=${BENCH:-bench-dist/bench.js}
sizes=${SIZES:-512 1024 2048 4096}
shapes=${SHAPES:-2039x3001x1531 3989x1021x2999}
kernels=${KERNELS:-naive tiled:16 reg4x4 reg8x8 reg8x8v reg8x8db@BK=8 reg16x8@GROUP=8 reg16x8v@GROUP=16 blk32x64v blk64x64v blk128x64v blk128x256 subgroup}
parts=${PARTS:-cublas wgpu wgpu-auto dawn dawn-auto}
here=$(cd "$(dirname "$0")" && pwd)
source .gpu/gpu-env.sh
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader | tee -a "$out/gpu.txt"
date -u +%FT%TZ | tee -a "$out/gpu.txt"
all=$(echo $sizes $shapes)                       # one list: "512 ... 2039x3001x1531 ..."
args_of() { case "$1" in *x*) echo "--shapes $1";; *) echo "--sizes $1";; esac; }
sq=$(echo $sizes | tr ' ' ,); nsq=$(echo $shapes | tr ' ' ,)

# "tiled:32" → k=tiled t=32; "reg8x8db@BK=8" → k=reg8x8db p=BK=8
parse() {
  local kt=$1; p=""
  case "$kt" in *@*) p=${kt#*@}; kt=${kt%%@*} ;; esac
  k=${kt%%:*}; t=${kt#*:}; [ "$t" = "$kt" ] && t=16
}
# One Dawn measurement in its own process, retried: dawn_one FILE ARGS...
dawn_one() {
  local f=$1; shift
  for try in 1 2 3 4; do
    line=$(timeout 240 /tmp/node "$bench" "$@" 2>>"$out/dawn.err" | grep '^{')
    if [ -n "$line" ]; then echo "$line" | sed "s/^{/{\"try\":$try,/" | tee -a "$out/$f"; return; fi
    echo "dawn $*: try $try died" | tee -a "$out/dawn.err"
  done
}

for part in $parts; do
  case $part in
  cublas)
    echo "== cuBLAS (settled, back-to-back batches timed with CUDA events)"
    python3 "$here/cublas.py" $all 2>>"$out/cublas.err" | tee -a "$out/cublas.jsonl" ;;
  wgpu)
    echo "== wgpu (Deno): one process per kernel"
    /tmp/deno run -A "$bench" --features --sizes 4 --kernels naive 2>>"$out/deno.err" | head -1 > "$out/features-wgpu.json"
    for kt in $kernels; do
      parse "$kt"
      /tmp/deno run -A "$bench" ${sq:+--sizes $sq} ${nsq:+--shapes $nsq} --kernels "$k" --tiles "$t" --params "$p" 2>>"$out/deno.err" | grep '^{' | tee -a "$out/deno.jsonl"
    done ;;
  wgpu-auto)
    echo "== wgpu (Deno): auto, one process per shape"
    for s in $all; do timeout 400 /tmp/deno run -A "$bench" --auto $(args_of $s) 2>>"$out/deno.err" | grep '^{' | tee -a "$out/deno.jsonl"; done ;;
  dawn)
    echo "== Dawn (Node + webgpu): one process per kernel and shape"
    timeout 60 /tmp/node "$bench" --features --sizes 4 --kernels naive 2>>"$out/dawn.err" | head -1 > "$out/features-dawn.json"
    for s in $all; do
      for kt in $kernels; do parse "$kt"; dawn_one dawn.jsonl $(args_of $s) --kernels "$k" --tiles "$t" --params "$p"; done
    done ;;
  dawn-auto)
    echo "== Dawn (Node + webgpu): auto, one process per shape"
    for s in $all; do dawn_one dawn.jsonl --auto $(args_of $s); done ;;
  esac
done
[ -x /tmp/node ] && /tmp/node "$here/bench-shapes.mjs" "$out" 2>&1 | tail -60
