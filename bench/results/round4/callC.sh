#!/usr/bin/env bash
# Call C: fma() variants on both engines (+ the 128×64 fma kernel again, and its GROUP), cuBLAS at 512 and 1024 again.
set -u; SECONDS=0
source .gpu/gpu-env.sh
B=.k15/bench.js; o=$OUT; mkdir -p $o
echo "== cuBLAS"; timeout 100 python3 .k15/scripts/cublas.py 512 1024 2039x3001x1531 2>>$o/cublas.err | tee $o/cublas.jsonl | cut -c1-120
short() { grep -o '"kernel":"[^"]*"\|"source":"[^"]*"\|"m":[0-9]*,"k":[0-9]*,"n":[0-9]*\|"gflops":[0-9]*\|"verified":[a-z]*\|"constants":{[^}]*}' | tr '\n' ' '; echo; }
wg() { timeout 120 /tmp/deno run -A $B "$@" 2>>$o/deno.err | grep '^{' | tee -a $o/deno.jsonl | short; }
dn() { for try in 1 2 3; do line=$(timeout 100 /tmp/node $B "$@" 2>>$o/dawn.err | grep '^{'); if [ -n "$line" ]; then echo "$line" >> $o/dawn.jsonl; echo "$line" | short; return; fi; echo "died: $* (try $try)"; done; }
# "variant|kernel|params|sizes|shapes"
L="b32x64k16t4x4vf|blk32x64v||512,1024| blk32x64v|blk32x64v||512,1024|
b64x64k16t8x4vf|blk64x64v||1024|2039x3001x1531
b128x64k16t8x4vf|blk128x64v||1024|2039x3001x1531
b128x64k16t8x8vf|blk128x64v||512,1024,2048|2039x3001x1531 b128x64k16t8x8vf|blk128x64v|GROUP=4|1024| b128x64k16t8x8vf|blk128x64v|GROUP=16|1024|
b128x128k8t16x8f|reg16x8|GROUP=8|2048,4096|2039x3001x1531
b128x256k8t16x8f|blk128x256||2048,4096|2039x3001x1531
b128x256k8t16x8vbf|blk128x256||2048,4096|"
for e in wgpu dawn; do
  echo "== $e ($SECONDS s)"
  for x in $L; do IFS='|' read -r v k p s sh <<< "$x"; src=""; [ -f .k15/exp/$v.wgsl ] && src="--source $k=.k15/exp/$v.wgsl"
    if [ $e = wgpu ]; then wg --sizes $s ${sh:+--shapes $sh} --kernels $k --params "$p" $src
    else for z in ${s//,/ }; do dn --sizes $z --kernels $k --params "$p" $src; done; for z in ${sh//,/ }; do dn --shapes $z --kernels $k --params "$p" $src; done; fi
  done
done
echo "done at $SECONDS s"
