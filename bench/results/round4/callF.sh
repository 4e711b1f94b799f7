#!/usr/bin/env bash
# Call F: 8×16 per invocation in other blocks, both engines.
set -u; SECONDS=0
source .gpu/gpu-env.sh
B=.k15/bench.js; o=$OUT; mkdir -p $o
short() { grep -o '"source":"[^"]*"\|"m":[0-9]*,"k":[0-9]*,"n":[0-9]*\|"gflops":[0-9]*\|"verified":[a-z]*\|"error":"[^"]\{0,80\}' | tr '\n' ' '; echo; }
L="b128x128k8t8x16vf|reg16x8v|GROUP=16|2048,4096|2039x3001x1531
b128x256k8t8x16|blk128x256||2048,4096|2039x3001x1531
b128x256k8t8x16vb|blk128x256||2048,4096|
b128x256k8t8x16v|blk128x256||2048,4096|
b64x64k16t4x8v|blk64x64v||1024|2039x3001x1531
b128x64k16t4x8v|blk128x64v||1024|2039x3001x1531
b128x64k16t4x8vf|blk128x64v||1024|2039x3001x1531"
for e in wgpu dawn; do
  echo "== $e ($SECONDS s)"
  for x in $L; do IFS='|' read -r v k p s sh <<< "$x"; src="--source $k=.k15/exp/$v.wgsl"
    if [ $e = wgpu ]; then timeout 100 /tmp/deno run -A $B --sizes $s ${sh:+--shapes $sh} --kernels $k --params "$p" $src 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | short
    else for z in ${s//,/ }; do for t in 1 2 3; do line=$(timeout 100 /tmp/node $B --sizes $z --kernels $k --params "$p" $src 2>>$o/dawn.err | grep '^{'); [ -n "$line" ] && { echo "$line" >> $o/dawn.jsonl; echo "$line" | short; break; }; done; done
      for z in ${sh//,/ }; do for t in 1 2 3; do line=$(timeout 100 /tmp/node $B --shapes $z --kernels $k --params "$p" $src 2>>$o/dawn.err | grep '^{'); [ -n "$line" ] && { echo "$line" >> $o/dawn.jsonl; echo "$line" | short; break; }; done; done; fi
  done
done
echo "done at $SECONDS s"
