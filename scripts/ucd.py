"""What scripts/gen_ident_ranges.py and scripts/gen_ignorable_ranges.py share: reading a file of
the Unicode Character Database and writing a generated table (to a file or, for "-", stdout)."""
import os
import sys


def ranges_of(path, wanted):
    """Yields (first, last, value) for every data line whose second field is in wanted (all
    lines when wanted is None)."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [x.strip() for x in line.split(";")]
            if wanted is not None and fields[1] not in wanted:
                continue
            first, _, last = fields[0].partition("..")
            yield int(first, 16), int(last or first, 16), fields[1]


def version_line(path):
    """The file's first line, its name and version (e.g. DerivedCoreProperties-15.0.0.txt)."""
    with open(path, encoding="utf-8") as f:
        return f.readline().lstrip("# ").strip()


def main(argv, render, default_output):
    """Usage: SCRIPT [UCD_DIR [OUTPUT]]; UCD_DIR defaults to /usr/share/unicode (Debian's
    unicode-data), OUTPUT to default_output (relative to the repository root)."""
    ucd = argv[1] if len(argv) > 1 else "/usr/share/unicode"
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    output = argv[2] if len(argv) > 2 else os.path.join(root, default_output)
    text = render(ucd)
    if output == "-":
        sys.stdout.write(text)
    else:
        with open(output, "w", encoding="utf-8") as f:
            f.write(text)
    return 0
