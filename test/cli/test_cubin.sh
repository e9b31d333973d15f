#!/usr/bin/env bash
# -emit-cubin / -emit-fatbin through the CUDA toolkit (issue 18). Exit 77 (ctest: skipped)
# where ptxas is absent; the missing-toolkit message is checked either way.
set -u
yusec=$1
example=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $1"; failures=$((failures + 1)); }
ok() { echo "ok: $1"; }

# The toolkit named by CUDA_PATH and absent: a clear usage error, nothing written.
CUDA_PATH=$tmp/no-cuda "$yusec" -emit-cubin "$example" -o "$tmp/none.cubin" 2>"$tmp/err"
[ $? = 2 ] && ok "no toolkit: exit 2" || fail "no toolkit: status"
grep -qF -- "-emit-cubin 需要 CUDA 工具包的 ptxas" "$tmp/err" && ok "no toolkit: the message names ptxas" || { fail "message"; cat "$tmp/err"; }
[ -e "$tmp/none.cubin" ] && fail "no toolkit: a file was written" || ok "no toolkit: nothing written"
"$yusec" -emit-cubin "$example" >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -qF "须给 -o 文件" "$tmp/err" && ok "a binary needs -o" || fail "-emit-cubin without -o"

ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
if [ -n "${CUDA_PATH:-}" ]; then ptxas=$CUDA_PATH/bin/ptxas; fi
if [ ! -x "$ptxas" ]; then echo "skipped: no ptxas ($ptxas)"; [ "$failures" = 0 ] && exit 77 || exit 1; fi

"$yusec" -### -emit-cubin -arch sm_90 "$example" -o "$tmp/plan.cubin" 2>"$tmp/err"
grep -qE "阶段：外部 .*ptxas -arch=sm_90 -o $tmp/plan.cubin <临时>.ptx" "$tmp/err" && ok "-### shows the ptxas command" || { fail "-### ptxas line"; cat "$tmp/err"; }
[ -e "$tmp/plan.cubin" ] && fail "-### wrote the cubin" || ok "-### runs nothing"

# python3 check: ELF, EM_CUDA (190), the arch in e_flags' low byte… and the kernel's name.
for arch in sm_80 sm_90; do
  "$yusec" -emit-cubin -arch $arch "$example" -o "$tmp/$arch.cubin" -v 2>"$tmp/err" || { fail "-emit-cubin $arch"; cat "$tmp/err"; continue; }
  grep -q "阶段：外部 .*ptxas -arch=$arch" "$tmp/err" && ok "$arch: -v prints the ptxas command it runs" || fail "$arch: -v"
  if python3 - "$tmp/$arch.cubin" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:4] == b"\x7fELF", "not ELF"
machine = struct.unpack_from("<H", data, 18)[0]
assert machine == 190, "e_machine %d is not EM_CUDA" % machine
assert b"yy_e5_8a_a0_e5_80_8d" in data, "kernel name missing"
PY
  then ok "$arch: a CUDA ELF holding the kernel"; else fail "$arch: the cubin"; fi
done
# A module with tensor tiles (着十三, wgmma) is written for sm_90a whatever -arch says: its PTX,
# the ptxas command (-emit-cubin and -emit=cubin alike) and the manifest's ptx_target say so.
tensor=$(cd "$(dirname "$0")/../.." && pwd)/库/点染/测试/样例/张量片。着色器。豫
for arch in sm_80 sm_90; do
  "$yusec" -emit-cubin -arch $arch "$tensor" -o "$tmp/tensor.cubin" -v 2>"$tmp/err" || { fail "tensor -emit-cubin $arch"; cat "$tmp/err"; }
  grep -q "阶段：外部 .*ptxas -arch=sm_90a " "$tmp/err" && ok "tensor tiles, -arch=$arch: ptxas -arch=sm_90a" || { fail "tensor $arch: ptxas arch"; cat "$tmp/err"; }
done
"$yusec" -emit=ptx,cubin,json -o-dir "$tmp/tensor" "$tensor" 2>"$tmp/err" || { fail "tensor -emit=ptx,cubin,json"; cat "$tmp/err"; }
grep -qx ".target sm_90a" "$tmp/tensor/张量片.ptx" && ok "tensor tiles: .target sm_90a" || fail "tensor: .target"
[ -s "$tmp/tensor/张量片.cubin" ] && ok "tensor tiles: -emit=cubin assembles for sm_90a" || fail "tensor: -emit=cubin"
grep -qF '"ptx_target": "sm_90a"' "$tmp/tensor/张量片.json" && ok "tensor tiles: the manifest's ptx_target" || fail "tensor: ptx_target"
"$yusec" --entries=json "$example" >"$tmp/plain.json" 2>/dev/null
grep -qF '"ptx_target"' "$tmp/plain.json" && fail "加倍's manifest names a ptx_target" || ok "no ptx_target without warpgroup MMA"

"$yusec" -emit-fatbin -arch sm_90 "$example" -o "$tmp/a.fatbin" 2>"$tmp/err" || { fail "-emit-fatbin"; cat "$tmp/err"; }
if python3 -c 'import sys,struct; d=open(sys.argv[1],"rb").read(); sys.exit(0 if struct.unpack_from("<I",d,0)[0]==0xba55ed50 and len(d)>64 else 1)' "$tmp/a.fatbin"; then
  ok "the fatbin starts with the fatbinary magic"; else fail "the fatbin's magic"; fi
touch -d 2000-01-01 "$tmp/a.fatbin"
"$yusec" -emit-fatbin -arch sm_90 "$example" -o "$tmp/a.fatbin" 2>/dev/null
[ "$(stat -c %Y "$tmp/a.fatbin")" = "$(date -d 2000-01-01 +%s)" ] && ok "an unchanged fatbin is left untouched" || fail "the unchanged fatbin was rewritten"
CUDA_PATH=$tmp/no-cuda "$yusec" -emit-fatbin "$example" -o "$tmp/a.fatbin" 2>/dev/null
[ "$(stat -c %Y "$tmp/a.fatbin")" = "$(date -d 2000-01-01 +%s)" ] && ok "a failing command leaves the old fatbin" || fail "a failing command touched the fatbin"

if [ "$failures" != 0 ]; then echo "$failures cubin checks failed"; exit 1; fi
echo "all cubin checks passed"
