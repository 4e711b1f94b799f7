#!/usr/bin/env bash
# Call Y (round 8, diagnostic): the same algorithm natively — reg16x8v ported to CUDA C++ (nvcc), Triton fp32 (ieee), cuBLAS.
set -u; SECONDS=0
o=$OUT; mkdir -p $o
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $o/gpu.txt
nvcc --version | tail -2 | tee -a $o/gpu.txt
timeout 560 python3 .k15/native/native.py 2048 4096 2039x3001x1531 3989x1021x2999 2>$o/native.err | tee $o/native.jsonl | python3 -c "
import sys, json
for l in sys.stdin:
    d = json.loads(l)
    print(d.get('kernel'), d.get('m'), d.get('k'), d.get('n'), round(d.get('gflops', 0)), d.get('maxRelErrVsCublas'), d.get('ptxas', ''), d.get('error', ''))
"
tail -5 $o/native.err
echo "done at $SECONDS s"
