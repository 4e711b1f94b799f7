#!/usr/bin/env bash
# Call W (round 7): Dawn's auto at 2048³ again (call V measured its choice at 37.1 after tuning it at 42.2), twice, and its choice alone, twice.
set -u; SECONDS=0
source .gpu/gpu-env.sh
o=$OUT; mkdir -p $o
short() { grep -o '"kernel":"[^"]*"\|"constants":{[^}]*}\|"gflops":[0-9]*\|"minMs":[0-9.]*\|"maxMs":[0-9.]*\|"verified":[a-z]*\|"tuneMs":[0-9]*' | tr '\n' ' '; echo; }
for i in 1 2; do echo "== auto $i ($SECONDS s)"; timeout 200 /tmp/node .k15/bench.js --auto --sizes 2048 2>>$o/dawn.err | grep '^{' | tee -a $o/dawn.jsonl | short; done
for i in 1 2; do echo "== reg16x8v GROUP=8 $i ($SECONDS s)"; timeout 90 /tmp/node .k15/bench.js --sizes 2048 --kernels reg16x8v --params GROUP=8 2>>$o/dawn.err | grep '^{' | tee -a $o/dawn.jsonl | short; done
nvidia-smi --query-gpu=clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv | tee $o/clocks.txt
echo "done at $SECONDS s"
