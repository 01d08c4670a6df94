#!/bin/bash
# A carriage return ends a `//` comment, as in MLIR's lexer: what follows
# it on the line is lexed. An op there is parsed (it used to be part of the
# comment); a stray byte there is an error, at mlir-opt-22's position.
set -e -o pipefail
bin=${BIN:-$(dirname "$(command -v ir-asm)")}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '// a comment\r"foo.a"() : () -> ()\n' > "$tmp/op.mlir"
out=$("$bin/ir-asm" --allow-unregistered-dialect "$tmp/op.mlir" -S)
want=$'module {\n  "foo.a"() : () -> ()\n}'
if [ "$out" != "$want" ]; then
  printf 'comment-cr: the op after the carriage return was not parsed:\n%s\n' "$out"
  exit 1
fi
printf '"foo.a"() : () -> () // x\r \001\n' > "$tmp/bad.mlir"
if err=$("$bin/ir-asm" --allow-unregistered-dialect "$tmp/bad.mlir" -o "$tmp/out.irb" 2>&1); then
  echo "comment-cr: the byte after the carriage return was not lexed"
  exit 1
fi
if [ "$err" != "$tmp/bad.mlir:1:28: error: unexpected character" ] || [ -e "$tmp/out.irb" ]; then
  printf 'comment-cr: wrong diagnostic or a partial output:\n%s\n' "$err"
  exit 1
fi
