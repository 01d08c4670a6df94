# conventions.sh - the I/O conventions every tool shares (tools/tool.c):
# --help/--version, exit codes 0/1/2, stdin and `-`, text or bytecode input,
# `cat a.irb b.irb` streams, the terminal refusal, atomic -o (no partial
# output, no temp file left behind), write errors, --zstd, --strip-locs.
# Run by tests/run with $BIN (the tools), $T (a scratch directory), $ROOT.
set -u
cd "$T"
. "$ROOT/tests/lib.sh"

cat >a.mlir <<'EOF'
func.func @a(%arg0: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %arg0, %0 : memref<2xf32> to memref<2xf32>
  return %0 : memref<2xf32>
}
EOF
cat >b.mlir <<'EOF'
func.func @b(%arg0: index) -> index {
  %c1 = arith.constant 1 : index
  %0 = arith.addi %arg0, %c1 : index
  return %0 : index
}
EOF
printf 'func.func @bad() {\n  %%0 = arith.addi %%x, %%x : index\n  return\n}\n' >bad.mlir

# --- help, version, usage errors -----------------------------------------
for t in ir-asm ir-dis ir-stat; do
  expect 0 "$BIN/$t" --help && grep -q "^usage: $t" out.txt || fail "$t --help"
  expect 0 "$BIN/$t" --version && grep -q "$t" out.txt || fail "$t --version"
  expect 2 "$BIN/$t" --no-such-flag a.mlir
  [ -s out.txt ] && fail "$t: output on a usage error"
  grep -q "error:" err.txt || fail "$t: usage error without message"
  expect 2 "$BIN/$t" - a.mlir -              # stdin twice
  expect 1 "$BIN/$t" no-such-file.mlir -o x.out
  [ -e x.out ] && fail "$t: -o written for a missing input"
done
expect 2 "$BIN/ir-asm" --zstd=0 a.mlir -o x.irb
expect 2 "$BIN/ir-asm" --zstd=23 a.mlir -o x.irb
expect 2 "$BIN/ir-dis" -S a.mlir                # -S is for bytecode writers
expect 2 "$BIN/ir-asm" a.mlir -o

# --- bad input: exit 1, MLIR-style located error ---------------------------
expect 1 "$BIN/ir-asm" bad.mlir -o bad.irb
grep -Eq '^bad\.mlir:2:[0-9]+: error: ' err.txt || fail "bad input error is not 'bad.mlir:2:COL: error: ...'"
[ -e bad.irb ] && fail "-o file created for bad input"

# --- stdin, '-', and text or bytecode input --------------------------------
expect 0 "$BIN/ir-asm" a.mlir -o a.irb
expect 0 "$BIN/ir-asm" b.mlir -o b.irb
# (stdin has another file name in its locations: compare without them)
"$BIN/ir-asm" --strip-locs a.mlir >a0.irb
"$BIN/ir-asm" --strip-locs <a.mlir >a1.irb && cmp -s a0.irb a1.irb || fail "ir-asm stdin != file"
"$BIN/ir-asm" --strip-locs - <a.mlir >a2.irb && cmp -s a0.irb a2.irb || fail "ir-asm - != file"
"$BIN/ir-asm" a.mlir >a3.irb && cmp -s a.irb a3.irb || fail "ir-asm stdout != -o"
"$BIN/ir-asm" a.irb >a4.irb && cmp -s a.irb a4.irb || fail "ir-asm of bytecode is not the identity"
"$BIN/ir-dis" a.irb >a.txt || fail "ir-dis a.irb"
"$BIN/ir-dis" a.mlir >a_text.txt && cmp -s a.txt a_text.txt || fail "ir-dis of text != ir-dis of bytecode"
"$BIN/ir-asm" -S a.mlir >a_s.txt && cmp -s a.txt a_s.txt || fail "ir-asm -S != ir-dis"
grep -q 'memref.alloc' a.txt || fail "ir-dis output lacks memref.alloc"
head -c 0 /dev/null | "$BIN/ir-dis" >empty.txt || fail "empty input (an empty module) rejected"

# --- streams: cat a.irb b.irb ----------------------------------------------
cat a.irb b.irb >ab.irb
expect 0 "$BIN/ir-dis" ab.irb
{ cat a.txt; echo "// -----"; "$BIN/ir-dis" b.irb; } >ab_want.txt
cmp -s out.txt ab_want.txt || fail "ir-dis of a stream is not both modules split by // -----"
"$BIN/ir-asm" <ab.irb >ab2.irb && cmp -s ab.irb ab2.irb || fail "stream through ir-asm changed"
"$BIN/ir-stat" ab.irb >stat.txt || fail "ir-stat of a stream"
[ "$(grep -c '^module ' stat.txt)" -eq 2 ] || fail "ir-stat does not report 2 modules"
grep -q 'memref.alloc' stat.txt || fail "ir-stat lacks op counts"
grep -q 'bytes' stat.txt || fail "ir-stat lacks bytecode size"
# The text of a stream, split again, gives the same stream back.
"$BIN/ir-dis" ab.irb | "$BIN/ir-asm" --split-input-file --strip-locs >ab3.irb
cat a.irb b.irb | "$BIN/ir-asm" --strip-locs >ab4.irb
cmp -s ab3.irb ab4.irb || fail "ir-dis | ir-asm --split-input-file does not rebuild the stream"

# --- --split-input-file keeps the original line numbers ---------------------
{ cat a.mlir; echo "// -----"; cat b.mlir; echo "// -----"; cat bad.mlir; } >split.mlir
expect 1 "$BIN/ir-asm" --split-input-file split.mlir -o split.irb
grep -Eq '^split\.mlir:14:[0-9]+: error: ' err.txt || fail "split error not at split.mlir:14 ($(head -1 err.txt))"
[ -e split.irb ] && fail "-o written although a chunk failed"
"$BIN/ir-asm" --split-input-file split.mlir >split.irb 2>/dev/null
[ "$("$BIN/ir-dis" split.irb | grep -c '^// -----$')" -eq 1 ] || fail "the two good chunks are not written to stdout"

# --- atomic -o ----------------------------------------------------------------
echo "old contents" >keep.irb
expect 1 "$BIN/ir-asm" bad.mlir -o keep.irb
[ "$(cat keep.irb)" = "old contents" ] || fail "failed run changed the existing -o file"
expect 0 "$BIN/ir-asm" a.mlir -o keep.irb
cmp -s keep.irb a.irb || fail "-o did not replace the file"
ls -a | grep -q '\.tmp' && fail "temporary file left behind: $(ls -a | grep '\.tmp')"
# Replacing swaps the names (tool.c's replace_output) where rename would do
# the same: another hard link keeps the old file; a symlink is itself
# replaced, its target untouched; a directory is not replaced.
echo "linked" >hard1.irb && ln -f hard1.irb hard2.irb
expect 0 "$BIN/ir-asm" a.mlir -o hard1.irb
cmp -s hard1.irb a.irb || fail "-o over a hard link not replaced"
[ "$(cat hard2.irb)" = "linked" ] || fail "-o changed the other name of a hard link"
echo "pointed" >target.irb && ln -sf target.irb link.irb
expect 0 "$BIN/ir-dis" a.irb -o link.irb
[ -L link.irb ] && fail "-o over a symlink left the symlink"
cmp -s link.irb a.txt || fail "-o over a symlink: wrong contents"
[ "$(cat target.irb)" = "pointed" ] || fail "-o over a symlink wrote its target"
mkdir -p dir.irb && expect 1 "$BIN/ir-asm" a.mlir -o dir.irb
[ -d dir.irb ] || fail "-o replaced a directory"
ls -a | grep -q '\.tmp' && fail "temporary file left behind: $(ls -a | grep '\.tmp')"
expect 1 "$BIN/ir-asm" a.mlir -o no-such-dir/x.irb
grep -q "error:" err.txt || fail "no message for an unwritable -o"
mkdir -p sub && expect 0 "$BIN/ir-dis" a.irb -o sub/a.txt && cmp -s sub/a.txt a.txt || fail "ir-dis -o sub/a.txt"
umask 022; "$BIN/ir-asm" a.mlir -o mode.irb
[ "$(stat -c %a mode.irb)" = 644 ] || fail "-o file mode $(stat -c %a mode.irb), want 644 under umask 022"

# --- -o onto something that is not a regular file is written in place ------
expect 0 "$BIN/ir-asm" a.mlir -o /dev/null
[ -c /dev/null ] || fail "-o /dev/null replaced /dev/null"

# --- write errors ----------------------------------------------------------
if [ -w /dev/full ]; then
  "$BIN/ir-asm" a.mlir >/dev/full 2>err.txt
  [ $? -eq 1 ] && grep -q "error:" err.txt || fail "write error on stdout not reported with exit 1"
fi

# --- bytecode never goes to a terminal -----------------------------------------
python3 - "$BIN" <<'PY' || fail "terminal refusal"
import os, pty, subprocess, sys
b = sys.argv[1]
def on_tty(argv):
    m, s = pty.openpty()
    r = subprocess.run(argv, stdout=s, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    os.close(s); os.close(m)
    return r
r = on_tty([b + "/ir-asm", "a.mlir"])
assert r.returncode == 2 and b"terminal" in r.stderr, (r.returncode, r.stderr)
assert on_tty([b + "/ir-asm", "-S", "a.mlir"]).returncode == 0      # text is fine
assert on_tty([b + "/ir-asm", "a.mlir", "-o", "tty.irb"]).returncode == 0
assert on_tty([b + "/ir-dis", "a.irb"]).returncode == 0
PY

# --- --zstd and --strip-locs ----------------------------------------------------
"$BIN/ir-asm" --zstd a.mlir | "$BIN/ir-dis" >z.txt && cmp -s z.txt a.txt || fail "--zstd frame does not decode to the same module"
"$BIN/ir-asm" --zstd=19 a.mlir | "$BIN/ir-dis" >z19.txt && cmp -s z19.txt a.txt || fail "--zstd=19"
"$BIN/ir-asm" a.mlir | "$BIN/ir-dis" --debuginfo | grep -q 'a.mlir' || fail "locations lost (ir-dis --debuginfo)"
"$BIN/ir-asm" --strip-locs a.mlir | "$BIN/ir-dis" --debuginfo | grep -q 'a.mlir' && fail "--strip-locs kept locations"
"$BIN/ir-asm" a.mlir | "$BIN/ir-dis" --generic | grep -q '"func.func"' || fail "--generic"

# --- binary junk as input: one error, no crash ------------------------------------
printf 'func.func @f() {\0\1\2 }\n' >nul.mlir
expect 1 "$BIN/ir-asm" nul.mlir -o nul.irb
[ "$(grep -c 'error:' err.txt)" -ge 1 ] || fail "NUL in text: no error"
head -c 3000 /dev/urandom >junk.bin 2>/dev/null
"$BIN/ir-dis" junk.bin >/dev/null 2>err.txt; s=$?
[ $s -eq 1 ] || fail "random junk: exit $s"

# --- --time reports the phases on stderr, nothing else changes -------------------
expect 0 "$BIN/ir-asm" --time a.mlir -o time.irb
grep -q "time: read .* decode .* verify" err.txt || fail "--time prints no phase times"
cmp -s time.irb a.irb || fail "--time changed the output"
# and the minor page faults per phase, which add up to at most the total
line=$(grep "^ir-asm: page faults: " err.txt)
echo "$line" | grep -Eq '^ir-asm: page faults: read [0-9]+ decode [0-9]+ verify [0-9]+ tool [0-9]+ free [0-9]+ flush [0-9]+, total [1-9][0-9]*$' ||
  fail "--time prints no page faults line: $line"
echo "$line" | awk '{ s = $5 + $7 + $9 + $11 + $13 + $15; exit !(s <= $NF) }' ||
  fail "--time: phase faults exceed the total: $line"

# --- the allow-unregistered switch from the conformance runner ------------------
echo '"foo.bar"() : () -> ()' >unreg.mlir
"$BIN/ir-asm" unreg.mlir >/dev/null 2>&1 && fail "unregistered op accepted without the switch"
CONFORMANCE_ALLOW_UNREGISTERED=1 "$BIN/ir-asm" unreg.mlir >/dev/null || fail "CONFORMANCE_ALLOW_UNREGISTERED=1 ignored"
"$BIN/ir-asm" --allow-unregistered-dialect unreg.mlir >/dev/null || fail "--allow-unregistered-dialect ignored"

[ $fails -eq 0 ] || { echo "$fails convention checks failed"; exit 1; }
echo "all convention checks passed"
