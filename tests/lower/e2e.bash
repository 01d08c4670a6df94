# e2e.bash SHARD - dd-lower --only against mlir-opt-22 -bufferization-lower-deallocations
# on every upstream case whose IR holds a bufferization.dealloc, on the
# cases of tests/lower/, and on the deallocs MLIR's own ownership pass puts
# into every upstream case and into generated modules: the output must be
# the same text as mlir-opt-22's and verify in it (tests/e2e.py); on the
# generated ones, ir-run --check must find the output clean where it finds
# the input clean.
# SHARD I/N runs every Nth case from the Ith: the suite runs it as
# e2e-1.sh and e2e-2.sh (1/2, 2/2). Needs $BIN, $ROOT and mlir-opt-22.
set -u
command -v mlir-opt-22 >/dev/null || { echo "skipped: no mlir-opt-22"; exit 0; }
shard=${1:?usage: e2e.bash I/N}
fails=0
run() {
  out=$(python3 "$ROOT/tests/e2e.py" --bin "$BIN" -j 2 --shard "$shard" "$@") || {
    echo "$out"; fails=$((fails + 1)); return; }
  echo "$out" | tail -n 1
}
run
run --prepare 'mlir-opt-22 -ownership-based-buffer-deallocation'
run --ir-run --gen 12 --prepare 'mlir-opt-22 -ownership-based-buffer-deallocation -canonicalize -buffer-deallocation-simplification'
[ $fails -eq 0 ]
