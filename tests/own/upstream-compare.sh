# upstream-compare.sh - dd-own --only against mlir-opt-22's
# -ownership-based-buffer-deallocation on every case of MLIR's own tests of
# the pass and of tests/own, with and without
# private-function-dynamic-ownership: the outputs must be identical text
# wherever mlir-opt-22 accepts the input (or both must fail with the same
# first error); where only mlir-opt-22 fails (unstructured loops, its
# crashes), our output must parse and verify with mlir-opt-22. Allowed
# exceptions, with their reasons: upstream-compare.expect.
# Run by tests/run with $BIN (the tools), $T (a scratch directory), $ROOT.
set -u
if ! command -v mlir-opt-22 >/dev/null; then echo "skipped: no mlir-opt-22"; exit 0; fi
U=${SHARED:-$ROOT/../shared}/mlir-tests/upstream/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation
files="$ROOT/tests/own/*.mlir"
[ -d "$U" ] && files="$U/*.mlir $files"
rc=0
for mode in "" --dynamic; do
  python3 "$ROOT/tests/own/compare.py" --bin "$BIN" $mode \
    --expect "$ROOT/tests/own/upstream-compare.expect" $files > "$T/out$mode.txt" || {
    rc=1; grep -v "^SAME\|^BOTH-FAIL\|^REF-FAIL\|(allowed" "$T/out$mode.txt"; }
  tail -1 "$T/out$mode.txt"
done
exit $rc
