#!/usr/bin/env bash
# Round 10 (roofline) on the GPU machine: the bench's --roofline through wgpu (Deno) and Dawn (Node),
# the copy variants, and a native copy (PyTorch) for comparison. BENCH=path/to/bench.js; DIR holds copy_u32.wgsl,
# the round's u32 copy probe, kept in git history only: git show c2588a1:docs/results/round10/copy_u32.wgsl > DIR/copy_u32.wgsl
set -uo pipefail
out=${OUT:-gpu-out}; mkdir -p "$out"
bench=${BENCH:-bench-dist/bench.js}; dir=${DIR:-gpu-in}
source .gpu/gpu-env.sh
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv,noheader | tee -a "$out/gpu.txt"
date -u +%FT%TZ | tee -a "$out/gpu.txt"
V=${VARIANTS:-64:1:block,256:1:block,256:4:block,256:8:block,1024:4:block,256:16:block,256:4:grid-stride:1056,256:4:grid-stride:4224,1024:1:grid-stride:2112}
deno() { timeout 200 /tmp/deno run -A "$bench" "$@" 2>>"$out/deno.err" | tee -a "$out/deno.txt"; }
dawn() { for try in 1 2 3; do
    timeout 200 /tmp/node "$bench" "$@" 2>>"$out/dawn.err" > "$out/dawn.tmp"; rc=$?
    if grep -q '^{' "$out/dawn.tmp"; then sed "s/^{/{\"try\":$try,/" "$out/dawn.tmp" | tee -a "$out/dawn.txt"; return; fi
    echo "dawn $*: try $try died rc=$rc" | tee -a "$out/dawn.err"; done; }
for part in ${PARTS:-native wgpu dawn}; do case $part in
native)
  python3 - <<'PY' 2>&1 | tee -a "$out/native.txt"
import torch, json
for mib in (64, 256, 1024):
    n = mib * 2**20 // 4
    a = torch.ones(n, device='cuda'); b = torch.empty_like(a)
    for _ in range(50): b.copy_(a)
    torch.cuda.synchronize()
    s, e = torch.cuda.Event(True), torch.cuda.Event(True); reps = 200
    s.record()
    for _ in range(reps): b.copy_(a)
    e.record(); torch.cuda.synchronize(); ms = s.elapsed_time(e) / reps
    print(json.dumps({"native": "torch copy_ (cudaMemcpy-like, read+write)", "mib": mib, "ms": ms, "gbps": 2 * mib * 2**20 / ms / 1e6}))
PY
  ;;
wgpu)
  deno --roofline
  deno --roofline --copy-variants "$V" --fma-off
  deno --roofline --copy-source "$dir/copy_u32.wgsl" --copy-variants 256:1:block,256:4:block --fma-off
  deno --roofline --copy-mib 64 --fma-off
  deno --roofline --copy-mib 1024 --fma-off
  deno --roofline --copy-mib 16 --fma-wg 64
  deno --roofline --copy-mib 16 --fma-wg 1024 --fma-inv 4194304
  ;;
dawn)
  dawn --roofline
  dawn --roofline --copy-variants "$V" --fma-off
  dawn --roofline --dawn-flags 'enable-dawn-features=disable_robustness'
  dawn --roofline --copy-variants "$V" --fma-off --dawn-flags 'enable-dawn-features=disable_robustness'
  dawn --roofline --copy-source "$dir/copy_u32.wgsl" --copy-variants 256:1:block,256:4:block --fma-off
  dawn --roofline --copy-mib 1024 --fma-wg 1024 --fma-inv 4194304
  ;;
esac; done
