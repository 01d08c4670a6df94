# oracle.sh - ir-run --check on the output of dd-own --only, with and
# without private-function-dynamic-ownership, for every case of MLIR's own
# tests of the pass and of tests/own that the pass accepts: no leak, double
# free, free of memory not owned or use after free on any argument
# combination ir-run tries. The one exception is an upstream input that is
# wrong by itself (KNOWN below).
# Run by tests/run with $BIN (the tools), $T (a scratch directory), $ROOT.
set -u
cd "$T"
U=${SHARED:-$ROOT/../shared}/mlir-tests/upstream/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation
files=$(ls "$ROOT"/tests/own/*.mlir | grep -v errors.mlir)
[ -d "$U" ] && files="$U/*.mlir $files"
# Input with undefined behaviour of its own: stores into a stack buffer of
# size %arg1, which ir-run sets to 0.
KNOWN="@nestedRegionControlFlowAlloca"
fails=0 funcs=0
for f in $files; do
  for mode in "" --private-function-dynamic-ownership; do
    # Cases the pass rejects are errors.mlir's business.
    "$BIN/dd-own" --only $mode --split-input-file --allow-unregistered-dialect \
      "$f" -o out.irb 2>/dev/null || true
    [ -s out.irb ] || continue
    "$BIN/ir-run" --check --allow-unregistered-dialect out.irb >check.txt 2>&1
    funcs=$((funcs + $(grep -c "^@" check.txt)))
    bad=$(grep "^@.*error" check.txt | grep -v "$KNOWN")
    if [ -n "$bad" ]; then
      echo "FAIL: $(basename "$f") $mode"
      grep -B3 "^@.*error" check.txt | grep -v "$KNOWN" | head -8
      fails=$((fails + 1))
    fi
    rm -f out.irb
  done
done
echo "$funcs function checks, $fails files with errors"
[ $fails = 0 ]
