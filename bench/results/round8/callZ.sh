#!/usr/bin/env bash
# Call Z (round 8, diagnostic): the scalar rungs natively too (reg16x8, blk128x256 in CUDA C++), beside wgpu's figures for them.
set -u; SECONDS=0
o=$OUT; mkdir -p $o
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $o/gpu.txt
TRITON=0 timeout 300 python3 .k15/native/native.py 2048 4096 2039x3001x1531 3989x1021x2999 2>$o/native.err | tee $o/native.jsonl | python3 -c "
import sys, json
for l in sys.stdin:
    d = json.loads(l)
    print(d.get('kernel'), d.get('m'), d.get('k'), d.get('n'), round(d.get('gflops', 0)), d.get('maxRelErrVsCublas'), d.get('ptxas', ''), d.get('error', '')[:300])
"
grep -v Deprecat $o/native.err | grep -v run_port | tail -5
source .gpu/gpu-env.sh
for kp in "reg16x8 GROUP=8" "blk128x256 GROUP=8"; do set -- $kp
  timeout 150 /tmp/deno run -A .k15/bench.js --sizes 2048,4096 --shapes 2039x3001x1531,3989x1021x2999 --kernels $1 --params $2 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | grep -o '"kernel":"[^"]*"\|"m":[0-9]*\|"gflops":[0-9]*\|"verified":[a-z]*' | tr '\n' ' '; echo
done
echo "done at $SECONDS s"
