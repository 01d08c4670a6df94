# random.sh - the ownership pass over random bufferized programs
# (tests/own/gen.py; OWN_SEEDS seeds, 500 by default, starting at
# OWN_SEED0): every output, with and without
# private-function-dynamic-ownership, must verify (ir-dis reads it back),
# parse and verify with mlir-opt-22 when present, and run clean under the
# interpreter oracle (ir-run --check: no leak, double free, free of memory
# not owned, use after free) on every combination of arguments it tries.
# Run by tests/run with $BIN (the tools), $T (a scratch directory), $ROOT.
set -u
cd "$T"
n=${OWN_SEEDS:-500}
s0=${OWN_SEED0:-1}
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
python3 "$ROOT/tests/own/gen.py" --seed "$s0" --count "$n" -o gen.mlir || exit 1
have_mlir=0; command -v mlir-opt-22 >/dev/null && have_mlir=1
if [ $have_mlir = 1 ]; then
  mlir-opt-22 --split-input-file gen.mlir >/dev/null 2>err.txt ||
    { fail "the generator wrote invalid MLIR"; head -5 err.txt; }
fi
for mode in "" --private-function-dynamic-ownership; do
  "$BIN/dd-own" --only $mode --split-input-file gen.mlir -o own.irb 2>err.txt ||
    { fail "dd-own --only $mode"; head -5 err.txt; continue; }
  "$BIN/ir-dis" own.irb -o own.mlir 2>err.txt ||
    { fail "output of dd-own --only $mode does not verify"; head -5 err.txt; }
  if [ $have_mlir = 1 ]; then
    mlir-opt-22 --split-input-file own.mlir >/dev/null 2>err.txt ||
      { fail "mlir-opt-22 rejects the output of dd-own --only $mode"; head -5 err.txt; }
  fi
  if [ -x "$BIN/ir-run" ]; then
    "$BIN/ir-run" --check own.irb >check.txt 2>&1 ||
      { fail "ir-run --check on the output of dd-own --only $mode";
        grep -v ": clean" check.txt | head -20; }
  else
    echo "note: no ir-run in $BIN, the oracle part is skipped"
  fi
done
echo "$n seeds from $s0, $fails failures"
[ $fails = 0 ]
