# growth.sh - shapes on which the rewriting passes once took time quadratic
# in the function's size, each run large under a CPU-time limit (ulimit -t:
# CPU seconds, which a loaded machine does not inflate), with its exact
# output counted:
#   - dd-simplify on dd-own's output for n allocations chosen by scf.if:
#     one dealloc of 2n memrefs that pair up (every entry used to be
#     compared with every other) and one `true` used n times by it (every
#     erasure used to scan that use list);
#   - ir-canon on n scf.if / n cf.cond_br sharing one condition (condition
#     and truth propagation used to walk all its uses per op);
#   - ir-cse on n distinct constants in one function (its scoped table
#     kept the 64 buckets of a function body's fresh table: chains of n/64).
# The quadratic versions took more than 10 s of CPU at these sizes; the linear ones
# take about a second (a few under ASan).
# Run by tests/run with $BIN (the tools), $T (a scratch directory).
set -u
cd "$T"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
LIMIT=${GROWTH_CPU_LIMIT:-10}

gen() {  # gen KIND N
  case $1 in
  own)
    echo 'func.func @f(%c: i1, %x: f32) -> f32 {'
    echo '  %false = arith.constant false'
    echo '  %true = arith.constant true'
    echo '  %c0 = arith.constant 0 : index'
    awk -v n="$2" 'BEGIN {
      for (i = 0; i < n; i++) {
        printf "  %%a%d = memref.alloc() : memref<4xf32>\n", i
        printf "  memref.store %%x, %%a%d[%%c0] : memref<4xf32>\n", i
        printf "  %%b%d:2 = scf.if %%c -> (memref<4xf32>, i1) {\n", i
        printf "    %%n = memref.alloc() : memref<4xf32>\n"
        printf "    %%d = bufferization.dealloc (%%n : memref<4xf32>) if (%%true) retain (%%n : memref<4xf32>)\n"
        printf "    scf.yield %%n, %%d : memref<4xf32>, i1\n"
        printf "  } else {\n    scf.yield %%a%d, %%false : memref<4xf32>, i1\n  }\n", i
      }
      for (i = 0; i < n; i++)
        printf "  %%p%d, %%o%d, %%s%d, %%t%d = memref.extract_strided_metadata %%b%d#0 : memref<4xf32> -> memref<f32>, index, index, index\n", i, i, i, i, i
      printf "  bufferization.dealloc ("
      for (i = 0; i < n; i++) printf "%s%%a%d, %%p%d", i ? ", " : "", i, i
      printf " : "
      for (i = 0; i < n; i++) printf "%smemref<4xf32>, memref<f32>", i ? ", " : ""
      printf ") if ("
      for (i = 0; i < n; i++) printf "%s%%true, %%b%d#1", i ? ", " : "", i
      printf ")\n"
    }'
    echo '  return %x : f32'
    echo '}' ;;
  ifs)  # a store between the ifs keeps them from being combined
    echo 'func.func @f(%c: i1, %m: memref<4xf32>, %x: f32) {'
    echo '  %c0 = arith.constant 0 : index'
    awk -v n="$2" 'BEGIN { for (i = 0; i < n; i++) {
      printf "  scf.if %%c {\n    memref.store %%x, %%m[%%c0] : memref<4xf32>\n  }\n"
      printf "  memref.store %%x, %%m[%%c0] : memref<4xf32>\n" } }'
    echo '  return'
    echo '}' ;;
  branches)
    echo 'func.func @f(%c: i1, %m: memref<4xf32>, %x: f32) {'
    echo '  %c0 = arith.constant 0 : index'
    echo '  cf.br ^s0'
    awk -v n="$2" 'BEGIN { for (i = 0; i < n; i++) {
      printf "^s%d:\n  cf.cond_br %%c, ^t%d, ^s%d\n", i, i, i + 1
      printf "^t%d:\n  memref.store %%x, %%m[%%c0] : memref<4xf32>\n  cf.br ^s%d\n", i, i + 1 } }'
    echo "^s$2:"
    echo '  return'
    echo '}' ;;
  consts)  # each stored, so that none is dead
    echo 'func.func @f(%m: memref<4xi64>) {'
    echo '  %c0 = arith.constant 0 : index'
    awk -v n="$2" 'BEGIN { for (i = 1; i <= n; i++)
      printf "  %%k%d = arith.constant %d : i64\n  memref.store %%k%d, %%m[%%c0] : memref<4xi64>\n", i, i, i }'
    echo '  return'
    echo '}' ;;
  esac
}

run() {  # run CMD...: under the CPU limit, stdout to out.txt
  ( ulimit -t "$LIMIT"; "$@" ) >out.txt 2>err.txt
  local rc=$?
  [ $rc -eq 0 ] || { fail "exit $rc (CPU limit ${LIMIT}s): $*"; head -5 err.txt; return 1; }
}
count() { grep -c -- "$1" out.txt; }

# the counts are those of small n (n = 3: 1, 11, 10), linear in n
n=8000
gen own $n >own.mlir
"$BIN/ir-asm" own.mlir -o own.irb || fail "ir-asm own.mlir"
if run "$BIN/dd-simplify" own.irb -o own2.irb; then
  "$BIN/ir-dis" own2.irb -o out.txt
  [ "$(count bufferization.dealloc)" -eq 1 ] || fail "dd-simplify: $(count bufferization.dealloc) deallocs, want 1"
  [ "$(count 'scf.if')" -eq $n ] || fail "dd-simplify: $(count 'scf.if') ifs, want $n"
  if run "$BIN/dd-lower" own2.irb -S; then
    [ "$(count 'memref.dealloc ')" -eq $((2 * n + 5)) ] ||
      fail "dd-lower: $(count 'memref.dealloc ') memref.dealloc, want $((2 * n + 5))"
    [ "$(count 'scf.if')" -eq $((3 * n + 1)) ] ||
      fail "dd-lower: $(count 'scf.if') ifs, want $((3 * n + 1))"
  fi
fi

n=60000
gen ifs $n >ifs.mlir
if run "$BIN/ir-canon" ifs.mlir -S; then
  [ "$(count 'scf.if')" -eq $n ] || fail "ir-canon ifs: $(count 'scf.if'), want $n"
fi
gen branches $n >br.mlir
if run "$BIN/ir-canon" br.mlir -S; then
  [ "$(count 'cf.cond_br')" -eq $n ] || fail "ir-canon branches: $(count 'cf.cond_br'), want $n"
fi

n=500000
gen consts $n >consts.mlir
"$BIN/ir-asm" consts.mlir -o consts.irb || fail "ir-asm consts.mlir"
if run "$BIN/ir-cse" consts.irb -S; then
  [ "$(count 'arith.constant')" -eq $((n + 1)) ] || fail "ir-cse consts: $(count 'arith.constant'), want $((n + 1))"
fi

[ $fails -eq 0 ] && echo "growth: ok" || exit 1
