# Shared by round 8's call scripts (sourced; factored out of callAA.sh and callAC.sh afterwards, the commands unchanged).
# short: one line per JSON result (kernel, source, size, GFLOP/s, verified).
short() { grep -o '"kernel":"[^"]*"\|"source":"[^"]*"\|"m":[0-9]*\|"gflops":[0-9]*\|"verified":[a-z]*' | tr '\n' ' '; echo; }
# dawn_reg16x8v SIZE [WGSL]: reg16x8v (GROUP=16) through Dawn at SIZE³, the WGSL swapped in when given; up to 3 tries
# (a Dawn process sometimes dies before its line), the first line appended to $o/dawn.jsonl.
dawn_reg16x8v() {
  local s=$1 v=${2:-} line try
  for try in 1 2 3; do
    line=$(timeout 90 /tmp/node .k15/bench.js --sizes "$s" --kernels reg16x8v --params GROUP=16 ${v:+--source reg16x8v=$v} 2>>"$o/dawn.err" | grep '^{')
    if [ -n "$line" ]; then echo "$line" | tee -a "$o/dawn.jsonl" | short; break; fi
  done
}
