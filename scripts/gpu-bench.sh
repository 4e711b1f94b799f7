#!/usr/bin/env bash
# Run on the GPU machine (see docs/benchmarks.md): the headless bundle through wgpu (Deno) and
# Dawn (Node + webgpu), and cuBLAS, in one call. Writes JSON lines to $OUT (or ./gpu-out).
# Needs .gpu/ and .gl/ from ../shared/tools/gpu-carry-prep all, and bench-dist/ from npm run build:bench.
#   SIZES="1024 2048 4096"  KERNELS="naive tiled:16 reg4x4 reg8x8 reg8x8db@BK=8"
#   (kernel:tile for the tiled kernel, kernel@NAME=V,... for override constants)
set -uo pipefail
out=${OUT:-gpu-out}; mkdir -p "$out"
sizes=${SIZES:-1024 2048 4096}
kernels=${KERNELS:-naive tiled:8 tiled:16 tiled:32 reg4x4 reg8x8}
source .gpu/gpu-env.sh
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$out/gpu.txt"
date -u +%FT%TZ >> "$out/gpu.txt"

# "tiled:32" → k=tiled t=32; "reg8x8db@BK=8" → k=reg8x8db p=BK=8
parse() {
  local kt=$1; p=""
  case "$kt" in *@*) p=${kt#*@}; kt=${kt%%@*} ;; esac
  k=${kt%%:*}; t=${kt#*:}; [ "$t" = "$kt" ] && t=16
}

echo "== features"
/tmp/deno run -A bench-dist/bench.js --features --sizes 4 --kernels naive 2>>"$out/deno.err" | head -1 | tee "$out/features-wgpu.json"
timeout 60 /tmp/node bench-dist/bench.js --features --sizes 4 --kernels naive 2>>"$out/dawn.err" | head -1 | tee "$out/features-dawn.json"

echo "== wgpu (Deno)"
for kt in $kernels; do
  parse "$kt"
  /tmp/deno run -A bench-dist/bench.js --sizes "$(echo $sizes | tr ' ' ,)" --kernels "$k" --tiles "$t" --params "$p" 2>>"$out/deno.err" | tee -a "$out/deno.jsonl"
done

echo "== Dawn (Node + webgpu): one measurement per process, retried (the process can die while waiting)"
for n in $sizes; do
  for kt in $kernels; do
    parse "$kt"
    for try in 1 2 3 4; do
      line=$(timeout 180 /tmp/node bench-dist/bench.js --sizes "$n" --kernels "$k" --tiles "$t" --params "$p" 2>>"$out/dawn.err" | grep '^{')
      if [ -n "$line" ]; then echo "$line" | sed "s/^{/{\"try\":$try,/" | tee -a "$out/dawn.jsonl"; break; fi
      echo "dawn $n $k $t: try $try died" | tee -a "$out/dawn.err"
    done
  done
done

echo "== cuBLAS"
python3 scripts/cublas.py $sizes 2>>"$out/cublas.err" | tee "$out/cublas.jsonl"
