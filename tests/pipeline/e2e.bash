# e2e.bash SHARD - the whole pipeline, `ir-asm | dd-own | dd-simplify | dd-lower |
# ir-dis`, against mlir-opt-22 -buffer-deallocation-pipeline (tests/e2e.py):
# on every `// -----` case of the upstream tests and of tests/lower, and on
# generated bufferized modules (tests/own/gen.py and tests/bench/gen.py),
# our output must parse and verify in mlir-opt-22, and ir-run --check must
# find it clean wherever it finds clean the input, our dd-own output or
# mlir-opt-22's pipeline output. Cases MLIR rejects (unstructured loops, the
# test dialect's ops) and we accept count as passed when our output passes
# those checks. The test suite runs E2E_SEEDS=25 seeds of each generator;
# the full measurement is
#   E2E_SEEDS=500 BIN=build/bin ROOT=. bash tests/pipeline/e2e.bash 1/1
# SHARD I/N runs every Nth case from the Ith: the suite runs it as
# e2e-1.sh and e2e-2.sh (1/2, 2/2), each well inside the time limit of a
# test under the sanitized build. Needs $BIN, $ROOT and mlir-opt-22.
set -u
command -v mlir-opt-22 >/dev/null || { echo "skipped: no mlir-opt-22"; exit 0; }
n=${E2E_SEEDS:-25}
shard=${1:?usage: e2e.bash I/N}
fails=0
run() {
  out=$(python3 "$ROOT/tests/e2e.py" --bin "$BIN" -j 2 \
    --stages 'dd-own | dd-simplify | dd-lower' \
    --reference 'mlir-opt-22 -buffer-deallocation-pipeline' \
    --grep '' --no-exact --reference-may-reject --ir-run --shard "$shard" "$@") || {
    echo "$out"; fails=$((fails + 1)); return; }
  echo "$out" | tail -n 2
}
run
run --only-generated --own-gen "$n"
run --only-generated --gen "$n"
[ $fails -eq 0 ]
