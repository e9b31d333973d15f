#!/usr/bin/env bash
# On the development machine (LLVM 19): writes the 豫言 attention kernels (gen_attention.py),
# their PTX for sm_90 and their manifests (committed; the GPU machine has no LLVM), and shows
# ptxas's register use for each (where ptxas is installed). ATTENTION_OUT=DIR writes them there
# instead (check_committed.sh compares such a copy with the committed files).
#   bash bench/attention/gen_ptx.sh build/yusec
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
yusec=$(realpath "$1")
cd "${ATTENTION_OUT:-$here}"  # the manifests name their sources relative to this directory
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
write() {  # STEM gen_attention.py-arguments…
  local stem=$1; shift
  python3 "$here/gen_attention.py" "$@" > "$stem。着色器。豫"
  # -emit-ptx lists the entries on stderr: shown only when it fails
  "$yusec" -emit-ptx -arch=sm_90 "$stem。着色器。豫" -o "$stem.ptx" 2>"$stem.err" || { cat "$stem.err" >&2; exit 1; }
  rm -f "$stem.err"
  "$yusec" --entries=json "$stem。着色器。豫" -o "$stem.json" >/dev/null
  if [ -z "${ATTENTION_OUT:-}" ] && [ -x "$ptxas" ]; then
    "$ptxas" -arch=sm_90 -v "$stem.ptx" -o /dev/null 2>&1 | grep -E "registers" | sed "s/^ptxas info *: /$stem: /"
  fi
}
for d in 64 128; do
  write "前向_${d}_全" prefill "$d" full
  write "前向_${d}_因果" prefill "$d" causal
  write "解码_${d}" decode "$d"
done
