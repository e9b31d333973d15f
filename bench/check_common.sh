# Sourced by bench/gemm/check_committed.sh and bench/real/check_committed.sh (ctest
# bench.gemm_committed, bench.real_committed) with the yusec to check as $1: sets yusec (its real
# path), work (a temporary directory removed at exit), ptxas (empty when not installed), status
# (0) and fail (prints 不符：… and sets status 1).
set -uo pipefail
if [ $# -lt 1 ] || [ ! -x "$1" ]; then echo "用法：check_committed.sh YUSEC（可执行的 yusec）" >&2; exit 2; fi
yusec=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
[ -x "$ptxas" ] || ptxas=$(command -v ptxas || true)
status=0
fail() { echo "不符：$*"; status=1; }
