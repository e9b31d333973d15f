#!/usr/bin/env bash
# targets/ident_ranges.inc and base/ignorable_ranges.inc must be exactly what
# scripts/gen_ident_ranges.py and scripts/gen_ignorable_ranges.py write from the installed
# Unicode data (Debian's unicode-data); prints 跳过 without python3 or the data.
# Usage: table_current.sh SOURCE_DIR
set -u
root=$1
ucd=/usr/share/unicode
if ! command -v python3 >/dev/null 2>&1 || [ ! -f "$ucd/DerivedCoreProperties.txt" ] \
   || [ ! -f "$ucd/DerivedAge.txt" ]; then
  echo "跳过: 没有 python3 或 $ucd（apt-get install unicode-data）"
  exit 0
fi
if ! python3 "$root/scripts/gen_ident_ranges.py" "$ucd" - | diff -u "$root/targets/ident_ranges.inc" -; then
  echo "FAIL: targets/ident_ranges.inc is not what scripts/gen_ident_ranges.py makes from $ucd"
  exit 1
fi
if ! python3 "$root/scripts/gen_ignorable_ranges.py" "$ucd" - | diff -u "$root/base/ignorable_ranges.inc" -; then
  echo "FAIL: base/ignorable_ranges.inc is not what scripts/gen_ignorable_ranges.py makes from $ucd"
  exit 1
fi
echo "ok: targets/ident_ranges.inc and base/ignorable_ranges.inc are current"
