# replay.sh - every fuzz harness over its regression corpus (inputs that
# once crashed it, tests/fuzz/regress/<target>/) and over the seed corpus
# made from the project's own tests (fuzz/make-seeds), with the replay
# drivers of the build under test (the sanitized ones when run with
# --bin build-san/bin). A crash, sanitizer report or failed fuzz assertion
# fails the test.
# Run by tests/run with $BIN (the tools), $T (a scratch directory), $ROOT.
set -u
fuzzbin="$BIN/../fuzz"
fails=0
python3 "$ROOT/fuzz/make-seeds" --bin "$BIN" --out "$T/seeds" --gen 5 >/dev/null \
  || { echo "FAIL: make-seeds"; exit 1; }
n=0
for exe in "$fuzzbin"/replay-*; do
  [ -x "$exe" ] || continue
  target=${exe##*/replay-}
  n=$((n + 1))
  for corpus in "$ROOT/tests/fuzz/regress/$target" "$T/seeds/$target"; do
    [ -d "$corpus" ] || continue
    if ! "$exe" "$corpus" >"$T/out.txt" 2>&1; then
      echo "FAIL: replay-$target $corpus"; tail -20 "$T/out.txt"
      fails=$((fails + 1))
    fi
  done
done
[ "$n" -ge 4 ] || { echo "FAIL: only $n replay drivers in $fuzzbin"; exit 1; }
[ "$fails" -eq 0 ]
