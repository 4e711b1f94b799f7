#!/usr/bin/env bash
# Call G: split-K with 128×128 blocks (and blk128x64v) at 1024³ and 2039×3001×1531, both engines, every dispatch of a sample in one pass.
set -u; SECONDS=0
source .gpu/gpu-env.sh
o=$OUT; mkdir -p $o
A="1024 2039x3001x1531 --kernels b128x128k8t16x8v,blk128x64v --splits 1,2,3,4 --one-pass"
echo "== Dawn"
for try in 1 2 3; do timeout 200 /tmp/node .k15/scripts/exp-splitk.mjs $A > /tmp/sk.txt 2>>$o/dawn.err; c=$?; grep '^{' /tmp/sk.txt >> $o/dawn.jsonl; [ $c = 0 ] && break; echo "died ($try)"; done
grep -o '"id":"[^"]*"\|"S":[0-9]*\|"m":[0-9]*,"k":[0-9]*,"n":[0-9]*\|"gflops":[0-9.]*\|"verified":[a-z]*' $o/dawn.jsonl | paste -sd' ' | sed 's/"id"/\n"id"/g'
echo; echo "== wgpu ($SECONDS s)"
timeout 200 /tmp/deno run -A .k15/scripts/exp-splitk.mjs $A 2>>$o/deno.err | grep '^{' > $o/deno.jsonl
grep -o '"id":"[^"]*"\|"S":[0-9]*\|"m":[0-9]*,"k":[0-9]*,"n":[0-9]*\|"gflops":[0-9.]*\|"verified":[a-z]*' $o/deno.jsonl | paste -sd' ' | sed 's/"id"/\n"id"/g'
echo; echo "== cuBLAS ($SECONDS s)"; timeout 100 python3 .k15/scripts/cublas.py 1024 2039x3001x1531 2>>$o/cublas.err | tee $o/cublas.jsonl | grep -o '"m": [0-9]*\|"gflops": [0-9.]*' | paste -sd' '
echo "done at $SECONDS s"
