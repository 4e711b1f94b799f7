"""What the same algorithm reaches natively: a diagnostic for docs/benchmarks.md (issue 14).

    python3 scripts/native/native.py 2048 4096 2039x3001x1531

For each shape, one JSON line per kernel, timed like scripts/cublas.py (settled about a second,
then back-to-back batches between CUDA events; median, min, max of 30 samples), each result checked
against cuBLAS FP32 (TF32 off) computed from the same data:
- cublas: torch.mm, TF32 off (the reference of every table);
- cuda-port …: scripts/native/port.cu — WGSL rungs written in CUDA C++ and compiled by nvcc (-O3,
  sm_90), with ptxas's register and spill counts: reg16x8v (BK = 8, and with phases of 16), reg16x8
  and blk128x256 (scalar loads; PORTS below);
- triton CONFIG: Triton's blocked matmul (the tutorial's kernel, fp32 with input_precision="ieee",
  so plain FMA, no tensor cores) at a few block configurations: what a compiler that owns
  registers, scheduling and asynchronous copies makes of the same problem.
Shapes whose K or N is not a multiple of 4 are padded with zeros for the float4 ports (as the app does);
TRITON=0 skips Triton;
the figures count the real shape's 2·M·K·N.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

import torch

torch.backends.cuda.matmul.allow_tf32 = False
HERE = os.path.dirname(os.path.abspath(__file__))
SETTLE_S, BATCH_MS, SAMPLES = 1.0, 5.0, 30
GPU = torch.cuda.get_device_name()


def parse(s):
    p = [int(x) for x in s.lower().split("x")]
    return tuple(p * 3) if len(p) == 1 else tuple(p)


def timed(fn):
    fn(); torch.cuda.synchronize()
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    s.record(); [fn() for _ in range(10)]; e.record(); torch.cuda.synchronize()
    one = max(s.elapsed_time(e) / 10, 1e-3)
    for _ in range(max(1, int(SETTLE_S * 1000 / one))):
        fn()
    per = max(1, int(BATCH_MS / one))
    evs = []
    for _ in range(SAMPLES):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); [fn() for _ in range(per)]; e.record(); evs.append((s, e))
    torch.cuda.synchronize()
    ms = sorted(s.elapsed_time(e) / per for s, e in evs)
    return {"medianMs": statistics.median(ms), "minMs": ms[0], "maxMs": ms[-1], "samples": SAMPLES, "launchesPerSample": per}


def report(kernel, m, k, n, t, err, **extra):
    line = {"engine": "native", "adapter": GPU, "kernel": kernel, "m": m, "k": k, "n": n, "clock": "cuda-events", **t,
            "gflops": 2 * m * k * n / (t["medianMs"] * 1e6), "maxRelErrVsCublas": err, **extra}
    print(json.dumps(line), flush=True)


# The ports: (name, the WGSL rung it reproduces, nvcc defines, GROUP as that rung's reference figure ran it).
PORTS = [
    ("cuda-port BK=8", "reg16x8v", {"BK": 8, "BN": 128, "SCALAR": 0}, 16),
    ("cuda-port BK=16", "reg16x8v with phases of 16", {"BK": 16, "BN": 128, "SCALAR": 0}, 16),
    ("cuda-port reg16x8", "reg16x8 (scalar loads)", {"BK": 8, "BN": 128, "SCALAR": 1}, 8),
    ("cuda-port blk128x256", "blk128x256 (scalar loads)", {"BK": 8, "BN": 256, "SCALAR": 1}, 8),
]


def build_port(name, defines):
    tag = "_".join(f"{k}{v}" for k, v in defines.items())
    out = os.path.join(tempfile.gettempdir(), f"port_{tag}.cubin")
    r = subprocess.run(["nvcc", "-cubin", "-O3", "-arch=sm_90", *[f"-D{k}={v}" for k, v in defines.items()], "-Xptxas", "-v",
                        "-o", out, os.path.join(HERE, "port.cu")], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(r.stderr)
    import cupy
    usage = " ".join(l.strip() for l in r.stderr.splitlines() if "registers" in l or "spill" in l)
    return cupy.RawModule(path=out).get_function("port"), usage


def run_port(name, rung, defines, group, fn, usage, a, b, ref, m, k, n):
    import cupy
    bn, scalar = defines["BN"], defines["SCALAR"]
    # float4 ports need K and N multiples of 4 (zero padding, as the app does); scalar ports take any shape.
    k4, n4 = (k, n) if scalar else ((k + 3) // 4 * 4, (n + 3) // 4 * 4)
    ap = torch.zeros(m, k4, device="cuda"); ap[:, :k] = a
    bp = torch.zeros(k4, n4, device="cuda"); bp[:k, :n] = b
    cp = torch.empty(m, n4, device="cuda")
    grid = ((n4 + bn - 1) // bn, (m + 127) // 128)
    args = (cupy.uint64(ap.data_ptr()), cupy.uint64(bp.data_ptr()), cupy.uint64(cp.data_ptr()),
            cupy.uint32(m), cupy.uint32(k4), cupy.uint32(n4), cupy.uint32(group))
    stream = cupy.cuda.ExternalStream(torch.cuda.current_stream().cuda_stream)
    launch = lambda: fn(grid, (bn // 8, 8), args, stream=stream)  # noqa: E731
    t = timed(launch)
    err = ((cp[:, :n] - ref).abs().max() / ref.abs().max()).item()
    report(name, m, k, n, t, err, ptxas=usage, GROUP=group, rung=rung)


def triton_kernels():
    import triton
    import triton.language as tl

    @triton.jit
    def mm(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn,
           BM: tl.constexpr, BN: tl.constexpr, BKK: tl.constexpr, G: tl.constexpr):
        pid = tl.program_id(0)
        npm, npn = tl.cdiv(M, BM), tl.cdiv(N, BN)
        per = G * npn
        gid = pid // per
        first = gid * G
        gs = min(npm - first, G)
        pm = first + ((pid % per) % gs)
        pn = (pid % per) // gs
        rm = pm * BM + tl.arange(0, BM)
        rn = pn * BN + tl.arange(0, BN)
        rk = tl.arange(0, BKK)
        ap = a + rm[:, None] * sam + rk[None, :] * sak
        bp = b + rk[:, None] * sbk + rn[None, :] * sbn
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for kk in range(0, tl.cdiv(K, BKK)):
            av = tl.load(ap, mask=(rm[:, None] < M) & (rk[None, :] < K - kk * BKK), other=0.0)
            bv = tl.load(bp, mask=(rk[:, None] < K - kk * BKK) & (rn[None, :] < N), other=0.0)
            acc = tl.dot(av, bv, acc, input_precision="ieee")
            ap += BKK * sak
            bp += BKK * sbk
        cp = c + rm[:, None] * scm + rn[None, :] * scn
        tl.store(cp, acc, mask=(rm[:, None] < M) & (rn[None, :] < N))

    def run(cfg, a, b, ref, m, k, n):
        bm, bn, bk, warps, stages = cfg
        c = torch.empty(m, n, device="cuda")
        grid = (triton.cdiv(m, bm) * triton.cdiv(n, bn),)
        launch = lambda: mm[grid](a, b, c, m, n, k, a.stride(0), a.stride(1), b.stride(0), b.stride(1),  # noqa: E731
                                  c.stride(0), c.stride(1), BM=bm, BN=bn, BKK=bk, G=8, num_warps=warps, num_stages=stages)
        t = timed(launch)
        err = ((c - ref).abs().max() / ref.abs().max()).item()
        report(f"triton {bm}x{bn}x{bk} w{warps} s{stages}", m, k, n, t, err)
    return run


TRITON_CONFIGS = [(128, 128, 32, 8, 3), (128, 256, 32, 8, 3), (256, 128, 32, 8, 3), (128, 128, 16, 8, 4),
                  (128, 128, 32, 4, 3), (64, 128, 32, 4, 4), (128, 64, 32, 4, 4)]

if __name__ == "__main__":
    shapes = [parse(s) for s in sys.argv[1:]] or [(2048,) * 3, (4096,) * 3]
    ports = []
    for name, rung, defines, group in PORTS:
        try:
            ports.append((name, rung, defines, group, *build_port(name, defines)))
        except Exception as e:  # noqa: BLE001
            print(json.dumps({"kernel": name, "error": str(e)[:2000]}), flush=True)
    tri = None
    if os.environ.get("TRITON", "1") != "0":
        try:
            tri = triton_kernels()
        except Exception as e:  # noqa: BLE001
            print(json.dumps({"kernel": "triton", "error": str(e)[:2000]}), flush=True)
    for m, k, n in shapes:
        g = torch.Generator(device="cuda").manual_seed(1)
        a = torch.rand(m, k, device="cuda", generator=g) * 2 - 1
        b = torch.rand(k, n, device="cuda", generator=g) * 2 - 1
        ref = torch.empty(m, n, device="cuda")
        report("cublas", m, k, n, timed(lambda: torch.mm(a, b, out=ref)), 0.0)
        for p in ports:
            try:
                run_port(*p, a, b, ref, m, k, n)
            except Exception as e:  # noqa: BLE001
                print(json.dumps({"kernel": p[0], "m": m, "error": str(e)[:1000]}), flush=True)
        for cfg in TRITON_CONFIGS if tri else []:
            try:
                tri(cfg, a, b, ref, m, k, n)
            except Exception as e:  # noqa: BLE001
                print(json.dumps({"kernel": f"triton {cfg}", "m": m, "error": str(e)[:600]}), flush=True)
