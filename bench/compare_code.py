#!/usr/bin/env python3
"""Assembles two versions of the same PTX files with ptxas and compares the machine code of
each kernel (the .text.<kernel> sections of the cubins). Identical code runs at identical
speed, so a change that only renames or rewrites PTX (such as the parameter ABI of 着十) can be
checked without a GPU.

    python3 bench/compare_code.py OLD_DIR NEW_DIR [--arch sm_90] [--ptxas PATH]

Prints one line per kernel; exit 1 when any kernel's code differs or is missing."""
import argparse
import os
import struct
import subprocess
import sys
import tempfile


def text_sections(cubin):
    """{section name: bytes} of the .text.* sections of an ELF64 little-endian file."""
    data = open(cubin, "rb").read()
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    names_at = headers[shstrndx][4]
    sections = {}
    for name_off, _type, _flags, _addr, offset, size, *_ in headers:
        start = names_at + name_off
        name = data[start:data.index(b"\0", start)].decode("ascii")
        if name.startswith(".text."):
            sections[name] = data[offset:offset + size]
    return sections


def assemble(ptxas, arch, ptx, out):
    subprocess.run([ptxas, "-arch=" + arch, ptx, "-o", out], check=True)
    return text_sections(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--arch", default="sm_90")
    parser.add_argument("--ptxas", default="ptxas")
    args = parser.parse_args()
    names = sorted(n for n in os.listdir(args.new) if n.endswith(".ptx"))
    if not names:
        print("no .ptx files in", args.new)
        return 1
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            old_ptx = os.path.join(args.old, name)
            if not os.path.exists(old_ptx):
                print(f"{name}: missing in {args.old}")
                failed += 1
                continue
            old = assemble(args.ptxas, args.arch, old_ptx, os.path.join(tmp, "old.cubin"))
            new = assemble(args.ptxas, args.arch, os.path.join(args.new, name),
                           os.path.join(tmp, "new.cubin"))
            for section in sorted(set(old) | set(new)):
                same = old.get(section) == new.get(section)
                failed += not same
                print(f"{name} {section[6:]}: {len(old.get(section, b''))} / "
                      f"{len(new.get(section, b''))} bytes, {'identical' if same else 'DIFFERENT'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
