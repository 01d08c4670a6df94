# batch.sh - several inputs, directories and -j N (tools/tool_input.c,
# tools/tool_jobs.c): the output is every input's modules in input order; a
# directory is its *.mlir and *.irb files, recursively, in byte order of
# their names, hidden names skipped; errors name their file; -j N writes
# byte for byte what -j 1 writes, diagnostics included, also around bad
# modules and bad frames; an empty directory is an empty stream. tests/all
# also runs it with the ThreadSanitizer build (build-tsan/bin), where a data
# race between -j's threads makes a tool exit 66 and the test fail.
# Run by tests/run with $BIN (the tools), $T (a scratch directory), $ROOT.
set -u
cd "$T"
. "$ROOT/tests/lib.sh"
# func NAME: a module with one function @NAME that leaks a buffer.
func() {
  printf 'func.func @%s(%%arg0: index) {\n  %%0 = memref.alloc(%%arg0) : memref<?xf32>\n  return\n}\n' "$1"
}
# names FILE: the functions of ir-dis text, in order, on one line.
names() { sed -n 's/^  func.func @\([a-z0-9_]*\).*/\1/p' "$1" | tr '\n' ' '; }

mkdir -p corpus/b corpus/a/deep corpus/.hidden empty
func f1 >corpus/z.mlir
func f2 >corpus/a/deep/y.mlir
func f3 >corpus/a/x.mlir
func f4 >corpus/b/w.mlir
func f5 >corpus/.hidden/v.mlir          # hidden: skipped
func f6 >corpus/a/notes.txt             # not .mlir/.irb: skipped
func f7 >corpus/B.mlir                  # 'B' sorts before 'a' (byte order)
"$BIN/ir-asm" corpus/b/w.mlir -o corpus/b/u.irb   # bytecode in a directory
ln -s ../z.mlir corpus/b/link.mlir      # a link to a file is read
ln -s .. corpus/b/loop                  # a link to a directory is not

# --- a directory: sorted, recursive, filtered -------------------------------
expect 0 "$BIN/ir-dis" corpus
[ "$(names out.txt)" = "f7 f2 f3 f1 f4 f4 f1 " ] ||
  fail "directory order: '$(names out.txt)', want 'f7 f2 f3 f1 f4 f4 f1 '"
# (B.mlir a/deep/y.mlir a/x.mlir b/link.mlir b/u.irb b/w.mlir z.mlir)

# --- several inputs: their modules in command-line order --------------------
expect 0 "$BIN/ir-asm" corpus/z.mlir corpus/a corpus/B.mlir -o several.irb
"$BIN/ir-dis" several.irb >several.txt
[ "$(names several.txt)" = "f1 f2 f3 f7 " ] || fail "several inputs: '$(names several.txt)'"
for f in corpus/z.mlir corpus/a/deep/y.mlir corpus/a/x.mlir corpus/B.mlir; do
  "$BIN/ir-asm" "$f"
done >cat.irb
cmp -s several.irb cat.irb || fail "ir-asm A DIR B is not the concatenation of each file's output"
# text output: modules split by `// -----`, as a split input's
[ "$(grep -c '^// -----$' several.txt)" -eq 3 ] || fail "several inputs: not 3 separators"
# stdin among files
func f8 | "$BIN/ir-dis" corpus/z.mlir - corpus/B.mlir >mixed.txt
[ "$(names mixed.txt)" = "f1 f8 f7 " ] || fail "stdin among files: '$(names mixed.txt)'"
expect 2 "$BIN/ir-dis" - -               # stdin twice is a usage error

# --- an empty directory: no modules, success --------------------------------
expect 0 "$BIN/ir-asm" empty -o empty.irb
[ -f empty.irb ] && [ ! -s empty.irb ] || fail "empty directory: -o not an empty file"
expect 0 "$BIN/ir-dis" empty
[ -s out.txt ] && fail "empty directory: ir-dis wrote something"
expect 0 "$BIN/dd-own" empty empty -j 2 -o empty2.irb
[ -s empty2.irb ] && fail "empty directories: dd-own -j 2 wrote something"

# --- errors name their file; the others still go through ---------------------
mkdir -p mixed
func g1 >mixed/1.mlir
printf 'func.func @bad() {\n  %%0 = arith.addi %%x, %%x : index\n  return\n}\n' >mixed/2.mlir
func g3 >mixed/3.mlir
expect 1 "$BIN/ir-dis" mixed
grep -Eq '^mixed/2\.mlir:2:[0-9]+: error: ' err.txt || fail "parse error does not name mixed/2.mlir: $(head -1 err.txt)"
[ "$(names out.txt)" = "g1 g3 " ] || fail "modules around a bad file: '$(names out.txt)'"
expect 1 "$BIN/ir-dis" mixed/1.mlir no-such.mlir mixed/3.mlir
grep -q "no-such.mlir" err.txt || fail "missing input not named"
[ "$(names out.txt)" = "g1 g3 " ] || fail "modules around a missing file: '$(names out.txt)'"
expect 1 "$BIN/ir-asm" mixed -o mixed.irb
[ -e mixed.irb ] && fail "-o written although one file failed"
# a bad frame names its file and ends that file's stream only
"$BIN/ir-asm" mixed/1.mlir mixed/3.mlir -o good.irb
head -c 30 good.irb >trunc.irb
expect 1 "$BIN/ir-dis" trunc.irb mixed/3.mlir
grep -q "^trunc.irb:" err.txt || fail "bad frame not named by its file: $(head -1 err.txt)"
[ "$(names out.txt)" = "g3 " ] || fail "after a bad frame: '$(names out.txt)'"

# --- -j N: byte for byte -j 1 ------------------------------------------------
# 24 modules of the bench generator, a bad one and a corrupt frame among them
mkdir -p big
for s in 1 2 3 4 5 6 7 8 9 10 11 12; do
  python3 "$ROOT/tests/bench/gen.py" --seed $s --size 12000 -o big/m$s.mlir
done
cp mixed/2.mlir big/m5b.mlir
{ for s in 1 2 3 4 5 6 7 8 9 10 11 12; do cat big/m$s.mlir; echo "// -----"; done; cat mixed/2.mlir; } >split.mlir
"$BIN/ir-asm" big -o /dev/null 2>/dev/null
"$BIN/ir-asm" big/m1.mlir big/m2.mlir big/m3.mlir -o three.irb
# the middle frame's payload corrupted: its checksum fails when decoded
python3 - <<'EOF'
d = bytearray(open("three.irb", "rb").read())
m = b"\x89IRB\r\n\x1a\n"
a = d.index(m, 1); b = d.index(m, a + 1)
d[(a + b) // 2] ^= 0x55
open("corrupt.irb", "wb").write(bytes(d))
EOF
cp corrupt.irb big/m3c.irb
same() {  # same ARGS...: -j 1 and -j 4 write the same stdout, stderr, status
  "$@" >j1.out 2>j1.err; local s1=$?
  "$@" -j 4 >j4.out 2>j4.err; local s4=$?
  [ $s1 -eq $s4 ] || fail "-j 4 exit $s4, -j 1 exit $s1: $*"
  cmp -s j1.out j4.out || fail "-j 4 output differs from -j 1: $*"
  cmp -s j1.err j4.err || { fail "-j 4 diagnostics differ from -j 1: $*"; diff j1.err j4.err | head -5; }
}
same "$BIN/ir-asm" big
[ "$(grep -c 'error:' j1.err)" -eq 2 ] || fail "big: want 2 errors (m5b.mlir, m3c.irb), got: $(cat j1.err)"
grep -q '^big/m3c.irb:' j1.err || fail "corrupt frame not named: $(cat j1.err)"
"$BIN/ir-asm" big >stream.irb 2>/dev/null
same "$BIN/ir-asm" --split-input-file split.mlir
same "$BIN/ir-asm" --split-input-file --zstd - <split.mlir
same "$BIN/ir-dis" stream.irb
same "$BIN/ir-dis" --generic --debuginfo stream.irb corrupt.irb stream.irb
same "$BIN/dd-own" stream.irb
"$BIN/dd-own" stream.irb >own.irb
same "$BIN/dd-simplify" own.irb
same "$BIN/dd-lower" own.irb
same "$BIN/ir-canon" stream.irb
same "$BIN/ir-cse" -S stream.irb
same "$BIN/dd-realloc" big
same "$BIN/dd-own" --stats --only stream.irb
grep -Eq '^dd-own: [1-9][0-9]* functions: [1-9]' j4.err || fail "dd-own --stats -j 4: $(cat j4.err)"
# the whole pipeline, every stage threaded
"$BIN/ir-asm" big 2>/dev/null | "$BIN/dd-own" | "$BIN/dd-simplify" | "$BIN/dd-lower" | "$BIN/ir-dis" >p1.txt
"$BIN/ir-asm" -j 3 big 2>/dev/null | "$BIN/dd-own" -j 3 | "$BIN/dd-simplify" -j 2 |
  "$BIN/dd-lower" -j 3 | "$BIN/ir-dis" -j 4 >p3.txt
cmp -s p1.txt p3.txt || fail "pipeline -j N differs from -j 1"
[ "$(grep -c '^// -----$' p1.txt)" -eq 12 ] || fail "pipeline: not 13 modules"
# order: the functions come out in input order
"$BIN/ir-dis" -j 4 stream.irb >order.txt
"$BIN/ir-dis" stream.irb >order1.txt
[ "$(names order.txt)" = "$(names order1.txt)" ] && [ -n "$(names order.txt)" ] || fail "-j 4 order"

# --- -j flag forms and errors -------------------------------------------------
expect 0 "$BIN/ir-dis" -j0 stream.irb && cmp -s out.txt j1.out 2>/dev/null
expect 0 "$BIN/ir-dis" --jobs 2 stream.irb
expect 2 "$BIN/ir-dis" -j 257 stream.irb
expect 2 "$BIN/ir-dis" -j x stream.irb
expect 2 "$BIN/ir-stat" -j 2 stream.irb     # ir-stat is not threaded
"$BIN/ir-dis" --help | grep -q -- '-j N' || fail "--help does not list -j"

# --- GNU parallel (when installed), on this machine (-S :) ------------------
# the README's two ways to spread a corpus: file lists, and the bytecode
# stream cut at frame starts; both give what one pipeline gives
if command -v parallel >/dev/null; then
  PATH=$BIN:$PATH
  ls big/m*.mlir | grep -v m5b | sort >list.txt
  "$BIN/ir-asm" $(cat list.txt) | "$BIN/dd-own" | "$BIN/dd-lower" | "$BIN/ir-dis" >par_ref.txt
  parallel -k -X -j 3 -S : 'ir-asm {} | dd-own | dd-lower' <list.txt | "$BIN/ir-dis" >par1.txt
  cmp -s par_ref.txt par1.txt || fail "parallel over file lists differs"
  "$BIN/ir-asm" $(cat list.txt) |
    parallel --pipe -k -S : --recstart $'\x89IRB\r\n\x1a\n' --block 8k 'dd-own | dd-lower' |
    "$BIN/ir-dis" >par2.txt
  cmp -s par_ref.txt par2.txt || fail "parallel --pipe over the stream differs"
fi

[ $fails -eq 0 ] || { echo "$fails batch checks failed"; exit 1; }
echo "all batch checks passed"
