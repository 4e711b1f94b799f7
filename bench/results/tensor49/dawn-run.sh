#!/bin/bash
# Issue 49, item 3: the tensor rung through headless Dawn (Node + the webgpu npm package 0.6.2), run on the GPU
# machine from the project root with .gpu, .gl (../shared/tools/gpu-carry-prep dawn) and bench-dist (npm run
# build:bench) carried. The Dawn toggles are Chromium's for the rung (allow_unsafe_apis, vulkan_enable_f16_on_nvidia,
# use_vulkan_memory_model). dawn.node can die while it waits for long GPU work (../shared/docs/real-gpu.md): one
# measurement per process, retried up to 4 times. cuBLAS FP32 (scripts/cublas.py) and half in the same call.
set -uo pipefail
source .gpu/gpu-env.sh
out=${OUT:-gpu-out}; mkdir -p "$out"
F="enable-dawn-features=allow_unsafe_apis,vulkan_enable_f16_on_nvidia,use_vulkan_memory_model"
timeout 60 /tmp/node bench-dist/bench.js --features --sizes 4 --kernels naive --dawn-flags "$F" 2>>"$out/err.txt" | head -1 > "$out/features.json"
one() {
  for t in 1 2 3 4; do
    l=$(timeout 200 /tmp/node bench-dist/bench.js "$@" --dawn-flags "$F" 2>>"$out/err.txt" | grep '^{')
    if [ -n "$l" ]; then echo "$l" | sed "s/^{/{\"try\":$t,/" | tee -a "$out/dawn.jsonl"; return; fi
    echo "try $t died: $*" | tee -a "$out/err.txt"
  done
}
one --sizes 4096 --kernels tensor
one --shapes 3001x4999x2003 --kernels tensor
one --sizes 4096 --kernels blk128x256
one --sizes 4096 --kernels tensor
python3 scripts/cublas.py 4096 3001x4999x2003 > "$out/cublas.jsonl" 2>>"$out/err.txt"
python3 - >> "$out/cublas.jsonl" <<'PY'
import json, time, torch
x = torch.randn(4096, 4096, device='cuda', dtype=torch.half); y = torch.randn(4096, 4096, device='cuda', dtype=torch.half)
t = time.time()
while time.time() - t < 1.0: torch.matmul(x, y)
s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True); ms = []
for _ in range(15):
    s.record(); [torch.matmul(x, y) for _ in range(10)]; e.record(); torch.cuda.synchronize(); ms.append(s.elapsed_time(e) / 10)
ms.sort(); print(json.dumps({'cublasHalf': '4096x4096x4096', 'tflops': 2 * 4096**3 / (ms[7] * 1e9)}))
PY
cat "$out/cublas.jsonl"; tail -c 2000 "$out/err.txt"
