# example.sh - the README's quick start on examples/dealloc.mlir: the input
# leaks in every function, the pipeline's output frees every buffer exactly
# once (ir-run --check), verifies in mlir-opt-22, and does no more runtime
# deallocation work than mlir-opt-22 --buffer-deallocation-pipeline.
# Run by tests/run with $BIN (the tools), $T (a scratch directory).
set -u
cd "$T"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
EX=$ROOT/examples/dealloc.mlir
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

"$BIN/ir-run" --check "$EX" >in.txt 2>&1 && fail "input reported clean"
grep -q "^ir-run: 3 functions: 0 clean, 3 with errors" in.txt ||
  { fail "input: every function leaks"; cat in.txt; }

"$BIN/ir-asm" "$EX" | "$BIN/dd-own" | "$BIN/dd-simplify" | "$BIN/dd-lower" |
  "$BIN/ir-dis" >out.mlir || fail "pipeline failed"
"$BIN/ir-run" --check out.mlir >run.txt 2>&1 || { fail "output not clean"; cat run.txt; }
grep -q "^ir-run: 3 functions: 3 clean, 0 with errors, 0 skipped" run.txt ||
  fail "output: three clean functions"
# one guarded free per allocation site reaching a function end, nothing else
[ "$(grep -c 'memref.dealloc' out.mlir)" -eq 4 ] || fail "four memref.dealloc"
grep -q "bufferization.dealloc" out.mlir && fail "a bufferization.dealloc is left"

if command -v mlir-opt-22 >/dev/null; then
  mlir-opt-22 --allow-unregistered-dialect out.mlir >/dev/null 2>err.txt ||
    { fail "mlir-opt-22 rejects the output"; cat err.txt; }
  mlir-opt-22 --allow-unregistered-dialect --buffer-deallocation-pipeline "$EX" >ref.mlir
  for w in memref.dealloc scf.if extract_aligned_pointer_as_index; do
    [ "$(grep -c "$w" out.mlir)" -le "$(grep -c "$w" ref.mlir)" ] ||
      fail "more $w than mlir-opt-22"
  done
fi
[ $fails -eq 0 ]
