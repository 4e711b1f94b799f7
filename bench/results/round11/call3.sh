#!/bin/bash
# Call 3 (issue 36): wgpu at the odd shape (Deno kept from call 2 on the warm machine), then Dawn (Node + webgpu) at 4096³.
set -u; SECONDS=0
cd .tuner && source .gpu/gpu-env.sh && cd ..
B=.tuner/new/bench.js
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader > $OUT/gpu.txt
if [ -x /tmp/deno ]; then for S in $WGPU; do
  echo "== wgpu --auto --repeat 3 --shapes $S (t=$SECONDS s)"
  /tmp/deno run -A $B --auto --repeat 3 --shapes $S >> $OUT/deno.jsonl 2>> $OUT/deno.err
  grep "auto ÷" $OUT/deno.err | tail -1
done; else echo "no /tmp/deno: a fresh machine"; fi
for S in $DAWN; do
  for try in 1 2; do
    echo "== dawn --auto --repeat 3 --shapes $S try $try (t=$SECONDS s)"
    /tmp/node $B --auto --repeat 3 --shapes $S > $OUT/dawn-$S-$try.jsonl 2>> $OUT/dawn.err && break
    echo "exit $?"
  done
  grep "auto ÷" $OUT/dawn.err | tail -1
done
echo "done at $SECONDS s"
