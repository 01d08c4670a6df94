#!/bin/bash
# ir-canon, ir-cse and dd-simplify must print exactly what mlir-opt-22 prints
# for -canonicalize, -cse and -buffer-deallocation-simplification, on
# generated modules and on the upstream cases, at every pipeline stage
# (tests/canon/differential.py). Skipped (exit 0, with a note) when
# mlir-opt-22 is not installed.
set -e
here=$(cd "$(dirname "$0")" && pwd)
bin=${BIN:-$(dirname "$(command -v ir-canon)")}
if ! command -v mlir-opt-22 > /dev/null; then
  echo "differential: mlir-opt-22 missing, skipped"
  exit 0
fi
up=
[ -d "$here/../../../shared/mlir-tests/upstream" ] && up=--upstream
exec python3 "$here/differential.py" --bin "$bin" --seeds 4 $up
