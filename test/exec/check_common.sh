# What the executor's CLI tests share (sourced): a scratch directory removed at exit, and
# check NAME EXPECTED_STATUS STATUS TEXT FILE — passes when the status is the expected one and
# FILE holds TEXT; a failure prints FILE and counts in $failures. run_check NAME EXPECTED_STATUS
# TEXT ARG... runs "$yusec" ARG... with its output in $tmp/out and checks that.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
check() {
  if [ "$3" -ne "$2" ] || ! grep -qF -- "$4" "$5"; then
    echo "失败 $1：退出码 $3（应为 $2），输出："
    cat "$5"
    failures=$((failures + 1))
  else
    echo "通过 $1"
  fi
}
run_check() {
  local name=$1 expected=$2 text=$3
  shift 3
  "$yusec" "$@" >"$tmp/out" 2>&1
  check "$name" "$expected" $? "$text" "$tmp/out"
}
