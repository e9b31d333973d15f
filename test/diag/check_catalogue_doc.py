#!/usr/bin/python3
"""Keeps docs/diagnostics.md's catalogue table true to base/diagnostics.def (issue 31): one row
per entry, in order, with its code, name, severity and summary; and `yusec --explain` knows each
code and name. YUSEC_UPDATE_GOLDEN=1 rewrites the table from the .def.

usage: check_catalogue_doc.py YUSEC SOURCE_DIR"""
import os
import re
import subprocess
import sys

yusec, source = sys.argv[1], sys.argv[2]
BEGIN, END = "<!-- catalogue: generated from base/diagnostics.def -->", "<!-- end of catalogue -->"


def c_strings(text):
    """The concatenated C string literals of text, unescaped as the .def writes them."""
    return "".join(bytes(s, "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")
                   for s in re.findall(r'"((?:[^"\\]|\\.)*)"', text))


def entries():
    text = open(os.path.join(source, "base/diagnostics.def"), encoding="utf-8").read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    rows = []
    for m in re.finditer(r"DIAGNOSTIC\((\w+),\s*(\d+),\s*(ERROR|WARNING),\s*(\"[^\"]*\"),\s*(\"[^\"]*\"),(.*?)\)\s*(?=DIAGNOSTIC|$)",
                         text, flags=re.S):
        rows.append(("Y%04d" % int(m.group(2)), c_strings(m.group(4)), m.group(3).lower(), c_strings(m.group(5))))
    return rows


def table(rows):
    lines = ["| code | name (-W, --explain) | severity | summary |", "|---|---|---|---|"]
    lines += ['| <a id="%s"></a>%s | `%s` | %s | %s |' % (code.lower(), code, name, level, summary)
              for code, name, level, summary in rows]
    return "\n".join(lines)


doc_path = os.path.join(source, "docs/diagnostics.md")
doc = open(doc_path, encoding="utf-8").read()
if BEGIN not in doc or END not in doc:
    sys.exit("docs/diagnostics.md has no catalogue table (markers %s … %s)" % (BEGIN, END))
rows = entries()
if len(rows) != len(re.findall(r"^DIAGNOSTIC\(", open(os.path.join(source, "base/diagnostics.def"),
                                                      encoding="utf-8").read(), flags=re.M)):
    sys.exit("could not read every DIAGNOSTIC row of base/diagnostics.def")
head, rest = doc.split(BEGIN, 1)
_, tail = rest.split(END, 1)
wanted = head + BEGIN + "\n" + table(rows) + "\n" + END + tail
failed = False
if wanted != doc:
    if os.environ.get("YUSEC_UPDATE_GOLDEN") == "1":
        open(doc_path, "w", encoding="utf-8").write(wanted)
    else:
        doc_rows = [l for l in rest.split(END, 1)[0].splitlines() if l.startswith("| <a")]
        want_rows = [l for l in table(rows).splitlines() if l.startswith("| <a")]
        for line in sorted(set(doc_rows) ^ set(want_rows)):
            print(("doc only:  " if line in doc_rows else "def only:  ") + line, file=sys.stderr)
        print("docs/diagnostics.md's catalogue disagrees with base/diagnostics.def "
              "(YUSEC_UPDATE_GOLDEN=1 rewrites the table)", file=sys.stderr)
        failed = True
for code, name, level, summary in rows:
    for key in (code, name):
        run = subprocess.run([yusec, "--explain", key], capture_output=True, text=True)
        header = "%s %s（%s）：%s" % (code, name, "警告" if level == "warning" else "错误", summary)
        if run.returncode != 0 or not run.stdout.startswith(header + "\n\n") or len(run.stdout) <= len(header) + 3:
            print("yusec --explain %s: exit %d, %r" % (key, run.returncode, run.stdout[:200]), file=sys.stderr)
            failed = True
if failed:
    sys.exit(1)
print("ok: %d catalogue entries, docs/diagnostics.md and yusec --explain agree" % len(rows))
