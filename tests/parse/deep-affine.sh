#!/bin/bash
# Affine expressions nest without limit in the grammar, but not in the
# parser: parentheses and negations deeper than IR_MAX_DEPTH (256) are one
# located error, in affine_map attributes and in affine.load subscripts
# alike (300,000 levels overflowed the subscript parser's stack).
set -e -o pipefail
bin=${BIN:-$(dirname "$(command -v ir-asm)")}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=300000
python3 - "$tmp" "$n" <<'PY'
import sys
tmp, n = sys.argv[1], int(sys.argv[2])
def load(sub):
    return ('func.func @f(%m: memref<100xf32>, %i: index) {\n'
            '  %a = affine.load %m[' + sub + '] : memref<100xf32>\n'
            '  return\n}\n')
open(tmp + '/parens.mlir', 'w').write(load('(' * n + '%i' + ')' * n))
open(tmp + '/negations.mlir', 'w').write(load('-' * n + '%i'))
m = '"foo.a"() {m = affine_map<(d0) -> (%s)>} : () -> ()\n'
open(tmp + '/map-parens.mlir', 'w').write(m % ('(' * n + 'd0' + ')' * n))
open(tmp + '/map-negations.mlir', 'w').write(m % ('-' * n + 'd0'))
PY
for c in parens:2:276 negations:2:276 map-parens:1:289 map-negations:1:289; do
  IFS=: read -r name line col <<< "$c"
  rc=0
  err=$("$bin/ir-asm" --allow-unregistered-dialect "$tmp/$name.mlir" -o "$tmp/out.irb" 2>&1) || rc=$?
  if [ "$rc" != 1 ] || [ "$err" != "$tmp/$name.mlir:$line:$col: error: nesting too deep" ]; then
    printf 'deep-affine: %s: exit %s, expected 1 and one error at %s:%s:\n%s\n' \
      "$name" "$rc" "$line" "$col" "${err:0:300}"
    exit 1
  fi
done
