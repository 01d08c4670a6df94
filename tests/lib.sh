# lib.sh - what the shell tests share; sourced by them (tests/run sets
# $ROOT). fail MSG counts a failure in $fails; expect STATUS CMD... runs
# CMD with stdout in out.txt and stderr in err.txt and fails unless it
# exits with STATUS (showing the head of both files).
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
expect() {
  local want=$1; shift
  "$@" >out.txt 2>err.txt
  local got=$?
  if [ "$got" -ne "$want" ]; then
    fail "exit $got (want $want): $*"; sed 's/^/    /' out.txt err.txt | head -8
    return 1
  fi
}
