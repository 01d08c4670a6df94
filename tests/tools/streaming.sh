# streaming.sh - memory follows the largest module, not the input (DESIGN.md,
# issue 7): a bytecode stream is read frame by frame (from a file or a
# pipe), a --split-input-file text file chunk by chunk, and what is done
# with is dropped. The max RSS a tool reports with --time must not grow
# with the number of modules (a stream of 16 MB is held in a few MB more
# than one of its modules); the output must still hold every module.
# Run by tests/run with $BIN (the tools), $T (a scratch directory), $ROOT.
set -u
cd "$T"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# ASan keeps freed memory in quarantine; memory is then not reused.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0:detect_leaks=0

# One ~200 KB module of the bench corpus (its bytecode ~33 KB).
python3 "$ROOT/tests/bench/gen.py" --seed 3 --size 200000 -o m.mlir || fail "gen.py"
"$BIN/ir-asm" m.mlir -o m.irb || fail "ir-asm m.mlir"
python3 - <<'EOF' || fail "building the streams"
m = open("m.irb", "rb").read()
open("s1.irb", "wb").write(m)
open("s500.irb", "wb").write(m * 500)          # 500 frames, ~16 MB
open("s20.irb", "wb").write(m * 20)            # more than -j 4's 16 in flight
t = open("m.mlir").read()
open("t1.mlir", "w").write(t)
open("t80.mlir", "w").write("\n// -----\n".join([t] * 80))   # ~16 MB
EOF

# rss CMD...: the max RSS (KB) the tool reports on stderr with --time.
rss() {
  "$@" --time -o out.txt 2>err.txt || { fail "exit $?: $*"; sed 's/^/    /' err.txt | head -3; }
  sed -n 's/.*max rss \([0-9]*\) KB.*/\1/p' err.txt
}
# check ONE MANY WHAT: MANY (a 16 MB input) stays within 8 MB of ONE (a
# tool that held its input would need 16 MB more).
check() {
  if [ -z "$1" ] || [ -z "$2" ]; then fail "$3: no rss reported"; return; fi
  [ "$2" -le $(($1 + 8192)) ] || fail "$3: max rss $2 KB vs $1 KB for one module"
}

# Bytecode from a file and from a pipe: 1 frame vs 500 frames.
a=$(rss "$BIN/ir-dis" s1.irb); b=$(rss "$BIN/ir-dis" s500.irb)
check "$a" "$b" "ir-dis file stream"
[ "$(grep -c '^// -----$' out.txt)" -eq 499 ] || fail "ir-dis s500.irb: not 500 modules"
a=$(rss "$BIN/ir-dis" - <s1.irb); b=$(rss "$BIN/ir-dis" - <s500.irb)
check "$a" "$b" "ir-dis pipe stream"
a=$(rss "$BIN/ir-asm" s1.irb); b=$(rss "$BIN/ir-asm" s500.irb)
check "$a" "$b" "ir-asm bytecode stream"
cmp -s out.txt s500.irb || fail "ir-asm s500.irb does not copy the stream"

# Text split at `// -----`, mapped: 1 chunk vs 80.
a=$(rss "$BIN/ir-asm" --split-input-file t1.mlir)
b=$(rss "$BIN/ir-asm" --split-input-file t80.mlir)
check "$a" "$b" "ir-asm --split-input-file"
"$BIN/ir-dis" out.txt -o back.mlir || fail "ir-dis of the split output"
[ "$(grep -c '^// -----$' back.mlir)" -eq 79 ] || fail "t80.mlir: not 80 modules"

# Text split at `// -----` from a pipe: read a segment at a time, not whole.
a=$(cat t1.mlir | rss "$BIN/ir-asm" --split-input-file --strip-locs)
b=$(cat t80.mlir | rss "$BIN/ir-asm" --split-input-file --strip-locs)
check "$a" "$b" "ir-asm --split-input-file from a pipe"
"$BIN/ir-asm" --split-input-file --strip-locs t80.mlir -o file.irb
cmp -s out.txt file.irb || fail "t80.mlir from a pipe and from the file differ"

# Several files and a directory: memory follows the largest module too.
mkdir -p dir
for i in $(seq 40); do cp m.irb dir/m$i.irb; cp m.mlir dir/t$i.mlir; done
b=$(rss "$BIN/ir-dis" dir)
check "$a" "$b" "ir-dis of a directory of 80 files"
[ "$(grep -c '^// -----$' out.txt)" -eq 79 ] || fail "dir: not 80 modules"
# -j 4: at most 16 modules in flight, however long the stream
b=$(rss "$BIN/dd-own" -j 4 s500.irb)
c=$(rss "$BIN/dd-own" -j 4 s20.irb)
check "$c" "$b" "dd-own -j 4 stream"

# One module of many functions: ir-dis reads, verifies and prints it a
# function at a time (irb_read_pieces), so a module 20 times bigger (4 MB
# of text, 600 KB of bytecode) costs its bytecode and the printer's
# bigger buffer, not its arrays (~7 MB), which ir-stat reads whole: from
# the small module to the big one, ir-dis must grow at least 6 MB less
# than ir-stat (here 2.3 MB against 12.5; sanitized 8.9 against 18.3).
python3 "$ROOT/tests/bench/gen.py" --seed 3 --size 4000000 -o big.mlir || fail "gen.py big"
"$BIN/ir-asm" big.mlir -o big.irb || fail "ir-asm big.mlir"
s1=$(rss "$BIN/ir-stat" m.irb); s2=$(rss "$BIN/ir-stat" big.irb)
a=$(rss "$BIN/ir-dis" m.irb); b=$(rss "$BIN/ir-dis" big.irb)
if [ -z "$a" ] || [ -z "$b" ] || [ -z "$s1" ] || [ -z "$s2" ]; then
  fail "ir-dis or ir-stat of big.irb: no rss reported"
elif [ $((b - a + 6144)) -gt $((s2 - s1)) ]; then
  fail "ir-dis of one 4 MB module: max rss $a -> $b KB, ir-stat $s1 -> $s2 KB"
fi
# the text is the one of the module read whole (from its text)
"$BIN/ir-dis" big.mlir -o whole.txt && cmp -s out.txt whole.txt ||
  fail "ir-dis big.irb prints otherwise than ir-dis big.mlir"

[ "$fails" -eq 0 ]
