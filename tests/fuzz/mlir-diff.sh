# mlir-diff.sh - fuzz/mlir-diff, a short seeded run: generated types and
# attributes through ir-asm and ir-dis, against mlir-opt-22 (crashes, output
# ir-dis refuses, output mlir-opt-22 refuses, input it refuses that ir-asm
# took all fail). Long runs: fuzz/README.md. Skipped without mlir-opt-22.
# Run by tests/run with $BIN (the tools), $T (a scratch directory).
set -u
command -v mlir-opt-22 >/dev/null || { echo "skip: no mlir-opt-22"; exit 0; }
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
"$ROOT/fuzz/mlir-diff" --bin "$BIN" --runs 150 --seed 7 --out "$T/found"
