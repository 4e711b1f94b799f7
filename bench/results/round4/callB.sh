#!/usr/bin/env bash
# Call B: every experiment and the baselines on Dawn (Node + webgpu), one process per kernel and shape, retried.
set -u; SECONDS=0
source .gpu/gpu-env.sh; source .k15/fam.sh
B=.k15/bench.js; o=$OUT; mkdir -p $o
one() { for try in 1 2 3; do line=$(timeout 100 /tmp/node $B "$@" 2>>$o/dawn.err | grep '^{'); if [ -n "$line" ]; then echo "$line" >> $o/dawn.jsonl; echo "$line" | grep -o '"kernel":"[^"]*"\|"source":"[^"]*"\|"m":[0-9]*,"k":[0-9]*,"n":[0-9]*\|"gflops":[0-9]*\|"verified":[a-z]*' | tr '\n' ' '; echo; return; fi; echo "died: $* (try $try)" | tee -a $o/dawn.err; done; }
each() { # each SIZES SHAPES ARGS...
  local s=$1 sh=$2; shift 2
  for x in ${s//,/ }; do one --sizes $x "$@"; done
  for x in ${sh//,/ }; do one --shapes $x "$@"; done
}
echo "== baselines ($SECONDS s)"
for b in $BASE; do IFS='|' read -r k p s sh <<< "$b"; each "$s" "$sh" --kernels $k --params "$p"; done
echo "== experiments ($SECONDS s)"
for f in .k15/exp/*.wgsl; do v=$(basename $f .wgsl); fam $v; each "$sizes" "$shapes" --kernels $k --params "$params" --source $k=$f; done
echo "done at $SECONDS s"
