# upstream-func.sh - MLIR's lower-deallocations-func.mlir (the func.func-nested
# pipeline, which run-conformance cannot map and reports unsupported) through
# `dd-lower --only --per-function`, checked as its RUN line checks mlir-opt:
# the output against its CHECK lines (FileCheck), stderr against its
# expected-error annotations (the same rules as -verify-diagnostics).
# Run by tests/run with $BIN, $T, $ROOT, $SHARED.
set -u
f="$SHARED/mlir-tests/upstream/Dialect/Bufferization/Transforms/lower-deallocations-func.mlir"
[ -f "$f" ] || { echo "skipped: $f not found"; exit 0; }
command -v FileCheck >/dev/null || { echo "skipped: no FileCheck"; exit 0; }
cd "$T"
"$BIN/dd-lower" --only --per-function --split-input-file -S "$f" >out.mlir 2>err.txt
rc=$?
[ $rc -eq 1 ] || { echo "FAIL: exit status $rc (want 1)"; cat err.txt; exit 1; }
FileCheck "$f" <out.mlir || { echo "FAIL: FileCheck"; exit 1; }
python3 - "$f" err.txt "$ROOT/tests" <<'PY' || exit 1
import sys
sys.path.insert(0, sys.argv[3])
import testlib
exp = testlib.expected_diags(open(sys.argv[1]).read(), 1)
problems = testlib.verify_diags(exp, open(sys.argv[2]).read())
for p in problems:
    print("FAIL:", p)
sys.exit(1 if problems or not exp else 0)
PY
