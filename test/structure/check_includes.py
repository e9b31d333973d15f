#!/usr/bin/env python3
"""The include graph of yusec's source folders against the allowed directions (issue 31 item 5).

Every quoted #include in base/ frontend/ ir/ passes/ targets/ runtime/ exec/ lib/ driver/ lsp/
and include/ is resolved (beside the including file, else from the repository root, else from
include/) and its edge folder -> folder checked against ALLOWED below. An include that resolves
to no file of the tree (a generated header, a system header written with quotes) is skipped.

    check_includes.py ROOT            exit 0 when every edge is allowed, else 1 and one line
                                      per forbidden include: file:line: folder -> folder (header)
    check_includes.py --self-test ROOT
                                      copies the folders to a temporary directory, plants one
                                      back-edge at a time (ir -> lib, a driver source -> frontend,
                                      targets -> passes) and expects the check to fail on each,
                                      after the copy as it is passes; exit 0 when it does.
"""
import os
import re
import shutil
import sys
import tempfile

FOLDERS = ["base", "frontend", "ir", "passes", "targets", "runtime", "exec", "lib", "driver", "lsp", "include"]

# Pipeline order: frontend -> ir -> base; passes, targets, runtime, exec -> ir; lib above the
# stages; the command line and the language server only through lib (and base). A folder may
# always include its own headers. include/ is the public API: include/yusec/target.h (the
# target id, a self-contained leaf) may be included from every folder, the rest of include/
# only from lib/, driver/ and lsp/.
ALLOWED = {
    "base": set(),
    "ir": {"base"},
    "frontend": {"ir", "base"},
    "passes": {"ir", "base"},
    "targets": {"ir", "base"},
    "runtime": {"ir", "base"},
    "exec": {"ir", "base"},
    "lib": {"frontend", "ir", "passes", "targets", "runtime", "exec", "base", "include"},
    "driver": {"lib", "base", "include"},
    "lsp": {"lib", "base", "include"},
    "include": set(),
}
LEAF_HEADERS = {"include/yusec/target.h"}

# Edges allowed for single files only, each with its reason. Keep this list short: every line
# is a known departure from the table above.
EXCEPTIONS = {
    # `yusec lsp` is a subcommand of the yusec command: main.c calls the server's entry.
    ("driver/main.c", "lsp/lsp_main.h"): "the yusec lsp subcommand",
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
SUFFIXES = (".c", ".h", ".inc", ".def", ".cpp")


def folder_of(rel):
    return rel.split("/", 1)[0]


def resolve(root, including, target):
    """The repository-relative path `target` names from `including`, or None."""
    for base in (os.path.dirname(os.path.join(root, including)), root, os.path.join(root, "include")):
        path = os.path.normpath(os.path.join(base, target))
        if os.path.isfile(path):
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            return None if rel.startswith("..") else rel
    return None


def edges(root):
    for folder in FOLDERS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, folder)):
            dirnames.sort()
            for name in sorted(filenames):
                if not name.endswith(SUFFIXES):
                    continue
                rel = os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/")
                with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        header = resolve(root, rel, m.group(1))
                        if header and folder_of(header) in FOLDERS:
                            yield rel, number, header


def allowed(rel, header):
    source, target = folder_of(rel), folder_of(header)
    return (source == target or target in ALLOWED[source] or header in LEAF_HEADERS
            or (rel, header) in EXCEPTIONS)


def violations(root):
    return [f"{rel}:{number}: {folder_of(rel)} -> {folder_of(header)} ({header})"
            for rel, number, header in edges(root) if not allowed(rel, header)]


def check(root):
    found = violations(root)
    for line in found:
        print(f"check_includes: forbidden include: {line}")
    count = sum(1 for _ in edges(root))
    if not found:
        print(f"check_includes: {count} includes, every edge allowed")
    return 0 if not found else 1


# One planted back-edge per case: (file, the include line added at its top, what must be named).
PLANTED = [
    ("ir/ir.h", '#include "../lib/pipeline.h"\n', "ir -> lib"),
    ("driver/options.c", '#include "frontend/ast.h"\n', "driver -> frontend"),
    ("targets/wgsl.c", '#include "../passes/pass.h"\n', "targets -> passes"),
    ("lsp/server.c", '#include "targets/registry.h"\n', "lsp -> targets"),
]


def self_test(root):
    with tempfile.TemporaryDirectory(prefix="yusec_includes_") as temp:
        for folder in FOLDERS:
            shutil.copytree(os.path.join(root, folder), os.path.join(temp, folder))
        if violations(temp):
            print("check_includes --self-test: the unmodified copy already fails")
            return 1
        for path, line, expected in PLANTED:
            target = os.path.join(temp, path)
            with open(target, encoding="utf-8") as f:
                original = f.read()
            with open(target, "w", encoding="utf-8") as f:
                f.write(line + original)
            found = violations(temp)
            with open(target, "w", encoding="utf-8") as f:
                f.write(original)
            if not any(v.startswith(f"{path}:1: {expected} ") for v in found):
                print(f"check_includes --self-test: a planted {expected} edge in {path} was not caught: {found}")
                return 1
            print(f"check_includes --self-test: caught the planted {expected} edge in {path}")
    return 0


def main(argv):
    if len(argv) == 3 and argv[1] == "--self-test":
        return self_test(argv[2])
    if len(argv) == 2:
        return check(argv[1])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
