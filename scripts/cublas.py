"""cuBLAS FP32 reference for docs/benchmarks.md: C = A·B in f32, TF32 off, timed the way the app
times its kernels. One JSON line per shape.

    python3 scripts/cublas.py 512 1024 2048 4096 1021x3001x2039

A shape is N (square) or MxKxN. For each shape:
1. settle: run the product back to back for about SETTLE_S seconds (an idle GPU lowers its clock;
   timed launch by launch after a few warm-ups, 1024³ read 27.6 TFLOP/s instead of 37.7);
2. time SAMPLES batches, each of enough back-to-back launches to last about BATCH_MS, between two
   CUDA events recorded on the stream (all batches queued before the first is waited for, so the
   GPU never idles between them); a sample is the batch time over its launch count;
3. report the median, min and max of the samples, and the error against an f64 product.
"""
import json
import os
import statistics
import sys

import torch

SETTLE_S = float(os.environ.get("SETTLE_S", "1.0"))
BATCH_MS = float(os.environ.get("BATCH_MS", "5.0"))
SAMPLES = int(os.environ.get("SAMPLES", "30"))

torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False


def parse(s):
    parts = [int(x) for x in s.lower().split("x")]
    return tuple(parts * 3) if len(parts) == 1 else tuple(parts)


def timed(fn, launches):
    """Queue one batch of `launches` calls between two events; return the events."""
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    s.record()
    for _ in range(launches):
        fn()
    e.record()
    return s, e


shapes = [parse(s) for s in sys.argv[1:]] or [(n, n, n) for n in (512, 1024, 2048, 4096)]
for m, k, n in shapes:
    g = torch.Generator(device="cuda").manual_seed(1)
    a = torch.rand(m, k, device="cuda", generator=g) * 2 - 1
    b = torch.rand(k, n, device="cuda", generator=g) * 2 - 1
    c = torch.empty(m, n, device="cuda")
    mm = lambda: torch.mm(a, b, out=c)  # noqa: E731

    # Calibrate one launch roughly, then settle for SETTLE_S seconds of back-to-back launches.
    mm()
    torch.cuda.synchronize()
    s, e = timed(mm, 10)
    torch.cuda.synchronize()
    one_ms = max(s.elapsed_time(e) / 10, 1e-3)
    settle = max(1, int(SETTLE_S * 1000 / one_ms))
    for _ in range(settle):
        mm()
    torch.cuda.synchronize()
    s, e = timed(mm, 20)  # re-measure one launch at the settled clock
    torch.cuda.synchronize()
    one_ms = max(s.elapsed_time(e) / 20, 1e-3)
    launches = max(1, int(BATCH_MS / one_ms))

    batches = [timed(mm, launches) for _ in range(SAMPLES)]
    torch.cuda.synchronize()
    times = [s.elapsed_time(e) / launches for s, e in batches]

    ref = (a.double() @ b.double()).float()
    err = ((c - ref).abs().max() / ref.abs().max()).item()
    med = statistics.median(times)
    print(json.dumps({
        "engine": f"cuBLAS (torch {torch.__version__}, CUDA {torch.version.cuda}), TF32 off",
        "adapter": torch.cuda.get_device_name(0), "kernel": "cublas-sgemm", "m": m, "k": k, "n": n,
        "clock": "cuda-events", "settleLaunches": settle, "samples": len(times), "launchesPerSample": launches,
        "medianMs": med, "minMs": min(times), "maxMs": max(times),
        "gflops": 2 * m * k * n / (med * 1e6), "maxErrVsF64": err,
    }), flush=True)
