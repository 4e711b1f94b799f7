#!/bin/bash
# Call 2 (issue 36): the fixed tuner through wgpu (Deno): three fresh tunes per shape in one process,
# each choice measured at once, then every candidate timed settled; auto ÷ the best of those.
set -u; SECONDS=0
cd .tuner && source .gpu/gpu-env.sh && cd ..
B=.tuner/new/bench.js
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader > $OUT/gpu.txt
for S in "$@"; do
  echo "== wgpu --auto --repeat 3 --shapes $S (t=$SECONDS s)"
  /tmp/deno run -A $B --auto --repeat 3 --shapes $S >> $OUT/deno.jsonl 2>> $OUT/deno.err
  grep "auto ÷" $OUT/deno.err | tail -1
done
echo "done at $SECONDS s"
