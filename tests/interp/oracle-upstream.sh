# oracle-upstream.sh - ir-run --check on the upstream test inputs and on
# mlir-opt-22 --buffer-deallocation-pipeline's output of them
# (upstream-oracle.py): every case where ir-run's verdict is not "the input
# leaks iff MLIR frees something, MLIR's output is clean" must have a known
# reason, and ir-run must never fail. Skipped without mlir-opt-22 or the
# upstream tests. Run by tests/run with $BIN, $ROOT, $SHARED.
set -u
command -v mlir-opt-22 >/dev/null || { echo "skipped: mlir-opt-22 missing"; exit 0; }
[ -d "$SHARED/mlir-tests/upstream" ] || { echo "skipped: no upstream tests"; exit 0; }
python3 "$ROOT/tests/interp/upstream-oracle.py" --bin "$BIN" --shared "$SHARED" \
  --strict-known >report.txt 2>&1
rc=$?
tail -n 1 report.txt
if [ $rc -ne 0 ]; then
  grep -B1 -A3 "DISAGREE\|FAILED" report.txt | grep -v "known:" | head -40
  exit 1
fi
