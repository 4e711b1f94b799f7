"""cuBLAS FP32 reference for docs/benchmarks.md: C = A·B on square f32 matrices, TF32 off,
timed with CUDA events (warm-up, then the median of repeated runs). One JSON line per size."""
import json
import statistics
import sys

import torch

torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False
sizes = [int(s) for s in sys.argv[1:]] or [1024, 2048, 4096]
for n in sizes:
    a = torch.rand(n, n, device="cuda") * 2 - 1
    b = torch.rand(n, n, device="cuda") * 2 - 1
    for _ in range(5):
        torch.mm(a, b)
    torch.cuda.synchronize()
    times = []
    for _ in range(30):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        c = torch.mm(a, b)
        e.record()
        torch.cuda.synchronize()
        times.append(s.elapsed_time(e))
    ref = (a.double() @ b.double()).float()
    err = ((c - ref).abs().max() / ref.abs().max()).item()
    med = statistics.median(times)
    print(json.dumps({
        "engine": f"cuBLAS (torch {torch.__version__}, CUDA {torch.version.cuda}), TF32 off",
        "adapter": torch.cuda.get_device_name(0), "kernel": "cublas-sgemm", "m": n, "k": n, "n": n,
        "clock": "cuda-events", "samples": len(times), "medianMs": med, "minMs": min(times), "maxMs": max(times),
        "gflops": 2 * n ** 3 / (med * 1e6), "maxErrVsF64": err,
    }), flush=True)
