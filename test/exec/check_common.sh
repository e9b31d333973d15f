# What the executor's CLI tests share (sourced): a scratch directory removed at exit, and
# check NAME EXPECTED_STATUS STATUS TEXT FILE — passes when the status is the expected one and
# FILE holds TEXT; a failure prints FILE and counts in $failures.
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
