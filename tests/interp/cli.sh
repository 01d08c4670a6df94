# cli.sh - ir-run's command line: modes, --arg parsing and its errors,
# exit statuses (0 clean, 1 errors found or bad input, 2 bad usage), -o,
# bytecode and split input, --trace, --strict. Run by tests/run with $BIN
# and a scratch directory $T.
set -u
cd "$T"
. "$ROOT/tests/lib.sh"
has() { grep -qF -- "$1" "${2:-out.txt}" || { fail "no '$1' in ${2:-out.txt}"; sed 's/^/    /' "${2:-out.txt}" | head -5; }; }

cat >ok.mlir <<'X'
func.func @add(%a: index, %b: i1, %m: memref<?xf32>) -> index {
  %c1 = arith.constant 1 : index
  %r = arith.select %b, %c1, %a : index
  return %r : index
}
X
cat >leak.mlir <<'X'
func.func @leak(%n: index) {
  %0 = memref.alloc(%n) : memref<?xf32>
  return
}
X
cat >two.mlir <<'X'
func.func @one() {
  return
}
// -----
func.func @two() {
  %0 = memref.alloc() : memref<2xf32>
  return
}
X

# --- modes and usage ------------------------------------------------------
expect 0 "$BIN/ir-run" --help && has "--check" && has "--entry @F"
expect 0 "$BIN/ir-run" --version && has "ir-run"
expect 2 "$BIN/ir-run" ok.mlir && has "exactly one of --check and --entry" err.txt
expect 2 "$BIN/ir-run" ok.mlir --check --entry add
expect 2 "$BIN/ir-run" ok.mlir --check --arg 1 && has "--arg needs --entry" err.txt
expect 2 "$BIN/ir-run" ok.mlir --check --max-runs 0
expect 2 "$BIN/ir-run" ok.mlir --check --bogus

# --- --entry and --arg ----------------------------------------------------
expect 0 "$BIN/ir-run" ok.mlir --entry @add --arg 5 --arg false && has "result #0: 5 : index"
expect 0 "$BIN/ir-run" ok.mlir --entry add --arg index=5 --arg i1=true --arg 'memref<?xf32>=3' \
  && has "result #0: 1 : index" && has "@add(%arg0 = 5, %arg1 = true, %arg2 = buffer)"
# missing --arg values are 0 / fresh buffers
expect 0 "$BIN/ir-run" ok.mlir --entry add && has "result #0: 0 : index"
expect 1 "$BIN/ir-run" ok.mlir --entry add --arg i32=5 && has "argument #0 has type index" err.txt
expect 1 "$BIN/ir-run" ok.mlir --entry add --arg 5x && has "not a value of index" err.txt
expect 1 "$BIN/ir-run" ok.mlir --entry add --arg 1 --arg 0 --arg %arg0 && has "not a value of memref<?xf32>" err.txt
expect 1 "$BIN/ir-run" ok.mlir --entry add --arg 1 --arg 0 --arg 1 --arg 2 && has "takes 3 arguments" err.txt
expect 1 "$BIN/ir-run" ok.mlir --entry nope && has "no function @nope" err.txt

# --- exit statuses: errors found, clean -----------------------------------
expect 1 "$BIN/ir-run" leak.mlir --entry leak --arg 2 && has "error: leak:" && has "ir-run: @leak: 1 error"
expect 1 "$BIN/ir-run" --check leak.mlir && has "@leak: 1 error (4 runs, 4 failed)"
expect 0 "$BIN/ir-run" --check ok.mlir && has "@add: clean (8 runs)"
# an op ir-run cannot run: the entry is skipped (exit 1, located error)
printf 'func.func @t() -> index {\n  %%0 = index.add %%a, %%a\n  return %%0 : index\n}\n' >bad.mlir
printf 'func.func @v(%%a: index) -> index {\n  %%0 = vector.vscale\n  return %%0 : index\n}\n' >unsup.mlir
expect 1 "$BIN/ir-run" unsup.mlir --entry v && has "unsup.mlir:2:8: error: 'vector.vscale' is not supported by ir-run" err.txt \
  && has "ir-run: @v: skipped"
# skipped functions do not fail --check unless --strict
expect 0 "$BIN/ir-run" --check unsup.mlir && has "@v: skipped"
expect 1 "$BIN/ir-run" --check unsup.mlir --strict
# bad input: a parse error is exit 1 with the parser's diagnostic
expect 1 "$BIN/ir-run" --check bad.mlir && has "bad.mlir:2" err.txt

# --- input forms and output -----------------------------------------------
expect 1 "$BIN/ir-run" --check --split-input-file two.mlir && has "@one: clean (1 run)" && has "// -----" && has "@two: 1 error"
"$BIN/ir-asm" leak.mlir -o leak.irb || fail "ir-asm"
expect 1 "$BIN/ir-run" --check leak.irb && has "leak.mlir:2:8: error: leak:"
expect 1 "$BIN/ir-run" --check - <leak.mlir && has "<stdin>:2:8: error: leak:"
# -o keeps the report even when errors are found (it is not bad input)
expect 1 "$BIN/ir-run" --check leak.mlir -o report.txt && has "@leak: 1 error" report.txt
[ -s out.txt ] && fail "-o: stdout not empty"
# --trace: every op on stderr
expect 1 "$BIN/ir-run" leak.mlir --entry leak --trace && has "memref.alloc  leak.mlir:2:8" err.txt && has "func.return" err.txt
# bounds as flags
expect 1 "$BIN/ir-run" leak.mlir --entry leak --arg 100000000 --max-heap-mb 1 && has "heap bound"
expect 1 "$BIN/ir-run" leak.mlir --entry leak --dyn-size 7 --arg 3 && has "error: leak:"

[ "$fails" -eq 0 ] && echo "cli.sh: all passed"
exit $((fails > 0))
