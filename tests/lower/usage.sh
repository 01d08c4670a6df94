# usage.sh - dd-lower's command line: the full stage (lowering, cse,
# canonicalize) against --only (the lowering alone), --per-function, --help and
# --version, bytecode in and out (a stream of modules stays a stream), and a
# failing run that leaves no output file behind.
# Run by tests/run with $BIN (the tools), $T (a scratch directory).
set -u
cd "$T"
. "$ROOT/tests/lib.sh"

cat >one.mlir <<'X'
func.func @one(%m: memref<2xf32>, %p: i1) {
  bufferization.dealloc (%m : memref<2xf32>) if (%p)
  return
}
X
cat >two.mlir <<'X'
func.func @two(%m: memref<2xf32>, %n: memref<2xf32>, %p: i1) {
  bufferization.dealloc (%m, %n : memref<2xf32>, memref<2xf32>) if (%p, %p)
  return
}
X

cat >twice.mlir <<'X'
func.func @twice(%m: memref<2xf32>, %n: memref<2xf32>) -> i1 {
  %t = arith.constant true
  %r = bufferization.dealloc (%m : memref<2xf32>) if (%t) retain (%n : memref<2xf32>)
  %s = bufferization.dealloc (%m : memref<2xf32>) if (%t) retain (%n : memref<2xf32>)
  %x = arith.andi %r, %s : i1
  return %x : i1
}
X
# The full stage: cse shares the two pointer comparisons, canonicalize folds
# the conditions (`and true`, `not (ne)` = eq, `x and x` = x), as mlir-opt's
# bufferization-lower-deallocations,cse,canonicalize does.
expect 0 "$BIN/dd-lower" twice.mlir -S
[ "$(grep -c extract_aligned_pointer_as_index out.txt)" -eq 2 ] || fail "full stage: cse"
[ "$(grep -c 'arith.cmpi ne' out.txt)" -eq 1 ] || fail "full stage: one comparison"
grep -q "return %1 : i1" out.txt && grep -q "%1 = arith.cmpi eq, %intptr, %intptr_0" out.txt ||
  fail "full stage: folded result"
grep -q "arith.andi\|arith.constant" out.txt && fail "full stage: unfolded logic left"
# --only: the lowering alone keeps every comparison and constant.
expect 0 "$BIN/dd-lower" --only twice.mlir -S
[ "$(grep -c extract_aligned_pointer_as_index out.txt)" -eq 4 ] || fail "--only: no cse"
grep -q "arith.andi" out.txt || fail "--only: no folding"
expect 2 "$BIN/dd-lower" --only --bogus one.mlir
expect 0 "$BIN/dd-lower" --help
grep -q "^usage: dd-lower" out.txt || fail "--help: usage line"
grep -q -- "--per-function" out.txt || fail "--help: --per-function"
expect 0 "$BIN/dd-lower" --version && grep -q "dd-lower" out.txt || fail "--version"

# Bytecode in, bytecode out; a stream of two modules stays two modules.
"$BIN/ir-asm" one.mlir -o one.irb && "$BIN/ir-asm" two.mlir -o two.irb || fail "ir-asm"
cat one.irb two.irb >both.irb
expect 0 "$BIN/dd-lower" --only both.irb -o low.irb
expect 0 "$BIN/ir-dis" low.irb
[ "$(grep -c '^// -----$' out.txt)" -eq 1 ] || fail "stream: two modules"
grep -q "scf.if %arg1" out.txt || fail "stream: first module lowered"
grep -q "call @dealloc_helper" out.txt || fail "stream: second module lowered"
grep -q "bufferization.dealloc" out.txt && fail "stream: a dealloc is left"
# Text in, text out (-S) is the same as bytecode through ir-dis.
expect 0 "$BIN/dd-lower" --only -S one.mlir && cp out.txt s.txt
"$BIN/dd-lower" --only one.mlir | "$BIN/ir-dis" >d.txt
cmp -s s.txt d.txt || fail "-S differs from bytecode | ir-dis"

# --per-function: the general case is an error, exit 1, no output file.
expect 1 "$BIN/dd-lower" --only --per-function two.mlir -o bad.irb
[ -e bad.irb ] && fail "--per-function error: output file written"
grep -q "two.mlir:2:3: error: library function required for generic lowering" err.txt ||
  fail "--per-function: diagnostic"
expect 0 "$BIN/dd-lower" --only --per-function one.mlir -S
grep -q "scf.if %arg1" out.txt || fail "--per-function: simple case lowered"
ls -a | grep -q "tmp" && fail "temporary file left behind"
[ $fails -eq 0 ]
