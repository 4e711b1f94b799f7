#!/usr/bin/env bash
# Call X (round 8, diagnostic): what Dawn's robustness transform and workgroup zero-init cost the best kernels.
# Same bundle, same kernels, one process per measurement, flag sets interleaved, twice. No browser runs
# with these flags: the figures say what the engine's safety costs, not what the app gets.
set -u; SECONDS=0
source .gpu/gpu-env.sh
o=$OUT; mkdir -p $o
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $o/gpu.txt
short() { grep -o '"engine":"[^"]*"\|"kernel":"[^"]*"\|"m":[0-9]*\|"constants":{[^}]*}\|"gflops":[0-9]*\|"minMs":[0-9.]*\|"maxMs":[0-9.]*\|"verified":[a-z]*' | tr '\n' ' '; echo; }
python3 .k15/scripts/cublas.py 2048 4096 2>>$o/cublas.err | tee -a $o/cublas.jsonl
flagsets=("" "enable-dawn-features=disable_robustness" "enable-dawn-features=disable_workgroup_init" "enable-dawn-features=disable_robustness,disable_workgroup_init")
cfgs=("--sizes 4096 --kernels reg16x8v --params GROUP=16" "--sizes 4096 --kernels blk128x256" "--sizes 2048 --kernels reg16x8v --params GROUP=4" "--sizes 2048 --kernels blk128x256")
for rep in 1 2; do
  for c in "${cfgs[@]}"; do
    for f in "${flagsets[@]}"; do
      echo "== rep $rep: $c [$f] ($SECONDS s)"
      for try in 1 2 3; do
        line=$(timeout 120 /tmp/node .k15/bench.js $c ${f:+--dawn-flags "$f"} 2>>$o/dawn.err | grep '^{')
        if [ -n "$line" ]; then echo "$line" | tee -a $o/dawn.jsonl | short; break; fi
        echo "try $try died"
      done
    done
  done
done
nvidia-smi --query-gpu=clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv | tee $o/clocks.txt
echo "done at $SECONDS s"
