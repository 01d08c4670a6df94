#!/bin/bash
# A dense constant of more than 100 elements (printed as "0x..." hex) is
# stored in the bytecode as the bytes the hex spells, not as its text
# (FORMAT.md 1.1, entry 0x30): 1,000 i32 elements make a frame a little
# over their 4,000 bytes of storage, where the hex text alone is 8,004.
# Printed again, the module is what mlir-opt-22 prints for the same text
# (when it is installed), and a lower-case hex body reads the same.
set -e -o pipefail
bin=$(cd "${BIN:-$(dirname "$(command -v ir-asm)")}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp" <<'PY'
import sys
tmp = sys.argv[1]
vals = ", ".join(str((i * 7919) % 2001 - 1000) for i in range(1000))
body = ("func.func @f() -> tensor<1000xi32> {\n"
        "  %%0 = arith.constant dense<%s> : tensor<1000xi32>\n"
        "  return %%0 : tensor<1000xi32>\n}\n")
open(tmp + "/list.mlir", "w").write(body % ("[" + vals + "]"))
raw = b"".join(((i * 7919) % 2001 - 1000).to_bytes(4, "little", signed=True)
               for i in range(1000))
open(tmp + "/lower.mlir", "w").write(body % ('"0x' + raw.hex() + '"'))
PY
# The frame holds the file name in its locations, so name the file
# relative to the scratch directory: the size must not depend on where
# mktemp puts it (CI's TMPDIR is longer than a developer's).
(cd "$tmp" && "$bin/ir-asm" list.mlir -o list.irb)
size=$(stat -c %s "$tmp/list.irb")
if [ "$size" -lt 4000 ] || [ "$size" -gt 4200 ]; then
  echo "dense-hex: the frame is $size bytes, want 4000..4200 (storage as bytes)"
  exit 1
fi
"$bin/ir-dis" "$tmp/list.irb" -o "$tmp/list.out"
grep -q 'dense<"0x18FCFFFF' "$tmp/list.out" || {
  echo "dense-hex: no hex body in the printed module:"; head -c 300 "$tmp/list.out"; exit 1; }
"$bin/ir-asm" "$tmp/lower.mlir" | "$bin/ir-dis" > "$tmp/lower.out"
cmp -s "$tmp/list.out" "$tmp/lower.out" || {
  echo "dense-hex: lower-case hex prints otherwise than the list"; exit 1; }
if command -v mlir-opt-22 > /dev/null; then
  mlir-opt-22 "$tmp/list.mlir" > "$tmp/mlir.out"
  cmp -s "$tmp/list.out" "$tmp/mlir.out" || {
    echo "dense-hex: ir-dis prints otherwise than mlir-opt-22:"
    diff "$tmp/list.out" "$tmp/mlir.out" | cut -c1-200 | head -8; exit 1; }
fi
echo "dense-hex: $size bytes, round trip as mlir-opt-22 prints"
