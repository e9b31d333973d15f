"""The harness's --yusec arguments (one a line) for the compute entry of a 豫言 GEMM from its manifest:
   python3 yusec_args.py LABEL PTX JSON TILE
Kernel parameters are (A, B, C, sizes) in order; a storage binding passes the data's pointer, a
tensor-map binding (kind "tensor_map") a pointer to a CUtensorMap with the manifest's box and swizzle.
The input type (f16 or bf16) is the kernel's: the element types of the wgmma.mma_async instructions
in its PTX (「张量片共享乘加」/「张量片异步乘加」 f16, 「张量片脑浮异步乘加」 bf16; one kind only). A
tensor map's element is the input type, or "u32" for words of two of them: its box's columns and the
kernel's TMA coordinates count words then, so the harness builds that map over u32 words (token
suffix ":u32") — over 16-bit elements the kernel's coordinates would land at half the k offsets."""
import json
import re
import sys

OPERANDS = ["A", "B", "C", "DIMS"]
ELEMENT_BYTES = {"f16": 2, "u32": 4}


def fail(message):
    sys.exit("yusec_args.py: " + message)


def input_type(ptx_text):
    """The 16-bit input type of every wgmma.mma_async …f32.T.T in the PTX."""
    kinds = set(re.findall(r"wgmma\.mma_async\.[a-z.]*\.m64n\d+k16\.f32\.(b?f16)\.\1", ptx_text))
    if len(kinds) != 1:
        fail("the PTX must multiply one 16-bit input type with wgmma.mma_async, it has %s" % (sorted(kinds) or "none"))
    return kinds.pop()


def param_token(position, resource, kind):
    """A tensor map's resource holds "element", "box": [rows, cols] and "swizzle" (docs/generated.md)."""
    operand = OPERANDS[position]
    if resource["kind"] != "tensor_map":
        return operand
    rows, cols = resource["box"]
    element = resource.get("element", "f16")
    if element not in ELEMENT_BYTES or (element == "f16" and kind != "f16"):
        fail("tensor map %s of %s cannot hold %s inputs" % (resource["name"], element, kind))
    if element == "u32":  # the kernel's TMA coordinates count words: the map must be over words too
        return f"{operand}@{rows}x{cols}/{resource['swizzle']}:u32"
    return f"{operand}@{rows}x{cols}/{resource['swizzle']}"


def main():
    label, ptx, manifest_path, tile = sys.argv[1:5]
    manifest = json.load(open(manifest_path))
    kind = input_type(open(ptx).read())
    entry = next(e for e in manifest["entries"] if e["stage"] == "compute")
    by_name = {r["name"]: r for r in manifest["resources"]}
    tokens = [param_token(i, by_name[name], kind) for i, name in enumerate(entry["ptx_params"])]
    threads = entry["workgroup_size"][0] * entry["workgroup_size"][1] * entry["workgroup_size"][2]
    for arg in ["--yusec", label, ptx, entry["ptx_name"], threads, entry.get("dynamic_shared_bytes", 0), tile, kind,
                ",".join(tokens)]:
        print(arg)


main()
