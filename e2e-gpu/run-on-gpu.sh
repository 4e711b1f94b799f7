#!/bin/bash
# Call 3 of the GPU round trip (scripts/gpu-roundtrip.sh; run from the carried tree as `bash .gpue3/run-on-gpu.sh`):
# join the three parts calls 1–3 brought to /opt/gpue, unpack Chromium, Node and Playwright, measure the native copy
# with PyTorch (the roofline's reference, same machine, same call), then run `npm run e2e:gpu` against the production
# build with the NVIDIA GPU as Chromium's WebGPU adapter. Everything it finds goes to $OUT (at most 8 files).
set -u
SECONDS=0
here=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
log() { echo "[$SECONDS s] $*"; }
R=${GPUE_ROOT:-/opt/gpue}
mkdir -p "$R" && cp -n "$here"/p2 "$R"/ 2>/dev/null
ls -la "$R"
G=$R/gpue
if [ ! -x "$G/node" ]; then
  for p in p0 p1 p2; do [ -f "$R/$p" ] || { echo "part $p missing: calls 1 and 2 must come less than 30 s apart, on the same machine"; exit 3; }; done
  cat "$R/p0" "$R/p1" "$R/p2" | xz -dc | tar -x -C "$R" || { echo "unpacking failed"; exit 3; }
fi
log "unpacked"
# GPUE_SIM=1: a rehearsal on a machine without the GPU (nothing unpacked into /, no NVIDIA driver files named).
if [ -z "${GPUE_SIM:-}" ]; then
  for f in "$G"/debs/*.deb; do dpkg -x "$f" /; done; ldconfig
  export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
  export VK_ICD_FILENAMES=$VK_DRIVER_FILES
  export __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
fi
cat > "$G/fonts.conf" <<'XML'
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>/usr/share/fonts</dir>
  <cachedir>/tmp/fontconfig-cache</cachedir>
</fontconfig>
XML
export FONTCONFIG_FILE=$G/fonts.conf
export CHROME=$G/chromium/chromium
# The flags of ../shared/docs/real-gpu.md (2026-11-27): GL through ANGLE on NVIDIA's EGL, Vulkan without a surface.
export CHROME_GPU_FLAGS="${CHROME_GPU_FLAGS-"--headless=new --no-sandbox --enable-unsafe-webgpu --ignore-gpu-blocklist --disable-gpu-sandbox --use-gl=angle --use-angle=gl-egl --ozone-platform=headless --enable-features=Vulkan --use-vulkan=native --disable-vulkan-surface --enable-dawn-features=allow_unsafe_apis,vulkan_enable_f16_on_nvidia,use_vulkan_memory_model"}"
mkdir -p "$R/bin" && ln -sf "$G/node" "$R/bin/node" && export PATH=$R/bin:$PATH
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv > "$OUT/gpu.txt" 2>&1
LD_LIBRARY_PATH=$G/lib "$CHROME" --version >> "$OUT/gpu.txt" 2>&1
cat "$OUT/gpu.txt"
# The native copy (PyTorch copy_ of 256 MiB, read + write counted), the GPU kept busy first; and the FP32 peak.
PYTHONUNBUFFERED=1 timeout 60 python3 - > "$OUT/native.json" 2>>"$OUT/log.txt" <<'PY'
import json, subprocess, time, torch
n = 256 * 2**20 // 4
a = torch.empty(n, device='cuda'); b = torch.empty(n, device='cuda'); a.fill_(1.0)
t = time.time()
while time.time() - t < 1.0: b.copy_(a)
torch.cuda.synchronize()
s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
ms = []
for _ in range(5):
    s.record()
    for _ in range(50): b.copy_(a)
    e.record(); torch.cuda.synchronize(); ms.append(s.elapsed_time(e) / 50)
ms.sort(); med = ms[len(ms) // 2]
p = torch.cuda.get_device_properties(0)
clock = float(subprocess.run(['nvidia-smi', '--query-gpu=clocks.max.sm', '--format=csv,noheader,nounits'], capture_output=True, text=True).stdout.split()[0])
# cuBLAS at the ladder's 4096³ in the same call (issue #49): half inputs with f32 sums, and FP32 with TF32 off.
torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction = False
def mm_tflops(dtype, n=4096):
    x = torch.randn(n, n, device='cuda', dtype=dtype); y = torch.randn(n, n, device='cuda', dtype=dtype)
    for _ in range(5): torch.matmul(x, y)
    torch.cuda.synchronize(); t = []
    for _ in range(15):
        s.record(); [torch.matmul(x, y) for _ in range(10)]; e.record(); torch.cuda.synchronize(); t.append(s.elapsed_time(e) / 10)
    t.sort(); return 2 * n**3 / (t[len(t) // 2] * 1e9)
half, fp32 = mm_tflops(torch.half), mm_tflops(torch.float)
print(json.dumps({'copyMiB': 256, 'copyMs': med, 'copyGBs': 2 * 256 * 2**20 / (med * 1e6), 'sms': p.multi_processor_count, 'maxSmClockMHz': clock,
                  'peakGflops': p.multi_processor_count * 128 * 2 * clock / 1e3, 'gpu': p.name, 'torch': torch.__version__,
                  'cublasShape': '4096×4096×4096', 'cublasHalfTflops': half, 'cublasFp32Tflops': fp32}))
PY
cat "$OUT/native.json"; log "native copy measured"
A=${GPUE_APP:-/tmp/app}; rm -rf "$A" && mkdir -p "$A" && tar -xJf "$here/app.tar.xz" -C "$A" && ln -s "$G/node_modules" "$A/node_modules"
cd "$A"
export LD_LIBRARY_PATH=$G/lib TILES_GPU_REQUIRED=${TILES_GPU_REQUIRED-1} GPU_E2E_NO_BUILD=1 GPU_E2E_ROOT=$A
export GPU_REPORT=$OUT/report.json GPU_BOARD_REPORT=$OUT/board.json GPU_NATIVE=$OUT/native.json GPU_E2E_JSON=$OUT/playwright.json GPU_LINK_FILE=$OUT/link.txt
export GPU_E2E_GLOBAL_MS=${GPU_E2E_GLOBAL_MS:-500000}
log "suite starts"
set -o pipefail
# Arguments, if any, pick the suite's files (`bash .gpue3/run-on-gpu.sh board.gpu.ts`); none runs them all.
DEBUG=pw:browser node node_modules/@playwright/test/cli.js test -c playwright.gpu.config.ts "$@" 2>&1 | tee -a "$OUT/log.txt"
rc=$?
log "suite ended: $rc"
exit $rc
