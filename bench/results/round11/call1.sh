#!/bin/bash
# Call 1 (issue 36): why the tuner's short rounds misread through wgpu. Diagnostic bundle = main a2a02c6
# plus logging: the long-run probe's wall-clock estimate, whether the run was split, settle time.
set -u; SECONDS=0
cd .tuner && source .gpu/gpu-env.sh && cd ..
B=.tuner/diag/bench.js
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader > $OUT/gpu.txt
nvidia-smi --query-gpu=timestamp,clocks.sm,utilization.gpu,power.draw --format=csv -lms 100 > $OUT/clocks.csv 2>/dev/null &
CL=$!
echo "== A: points at 4096^3 with the app's 400 ms submit budget (probe on), then without" 
/tmp/deno run -A $B --sizes 4096,4096,4096 --kernels blk128x256,reg16x8 --max-submit-ms 400 > $OUT/a-probe.jsonl 2>$OUT/a.err
/tmp/deno run -A $B --sizes 4096 --kernels blk128x256,reg16x8 >> $OUT/a-probe.jsonl 2>>$OUT/a.err
grep -o '"kernel":"[^"]*"\|"gflops":[0-9]*\|"split":{[^}]*}\|"probe":{[^}]*}\|"settledMs":[0-9.]*' $OUT/a-probe.jsonl | tr '\n' ' ' | sed 's/"kernel"/\n"kernel"/g'; echo
echo "== B: two fresh tunes (old tuner) at 4096^3, each timing logged; t=$SECONDS"
/tmp/deno run -A $B --auto --sizes 4096,4096 > $OUT/b-auto.jsonl 2>$OUT/b-diag.txt
grep diagTiming $OUT/b-diag.txt | python3 -c '
import sys,json
for l in sys.stdin:
  d=json.loads(l); p=d.get("probe") or {}
  print(f"{d[\"diagTiming\"]:40s} {d[\"gflops\"]/1000:6.1f} parts={d[\"parts\"]} settled={d.get(\"settledMs\")} probeWall={p.get(\"perBandWallMs\",0):.1f} est={p.get(\"estimateMs\",0):.0f} n={d[\"samples\"]}")'
grep -o '"kernel":"[^"]*"\|"gflops":[0-9]*\|"tuneMs":[0-9]*' $OUT/b-auto.jsonl | tr '\n' ' '; echo
kill $CL; echo "done at $SECONDS s"
