"""The harness's --yusec arguments (one a line) for the compute entry of a 豫言 GEMM from its manifest:
   python3 yusec_args.py LABEL PTX JSON TILE
Kernel parameters are (A, B, C, sizes) in order; a storage binding passes the data's pointer, a
tensor-map binding (kind "tensor_map") a pointer to a CUtensorMap with the manifest's box and swizzle."""
import json
import sys

OPERANDS = ["A", "B", "C", "DIMS"]


def param_token(position, resource):
    """A tensor map's resource holds "box": [rows, cols] and "swizzle" (docs/generated.md)."""
    operand = OPERANDS[position]
    if resource["kind"] != "tensor_map":
        return operand
    rows, cols = resource["box"]
    return f"{operand}@{rows}x{cols}/{resource['swizzle']}"


def main():
    label, ptx, manifest_path, tile = sys.argv[1:5]
    manifest = json.load(open(manifest_path))
    entry = next(e for e in manifest["entries"] if e["stage"] == "compute")
    by_name = {r["name"]: r for r in manifest["resources"]}
    tokens = [param_token(i, by_name[name]) for i, name in enumerate(entry["ptx_params"])]
    threads = entry["workgroup_size"][0] * entry["workgroup_size"][1] * entry["workgroup_size"][2]
    for arg in ["--yusec", label, ptx, entry["ptx_name"], threads, entry.get("dynamic_shared_bytes", 0), tile,
                ",".join(tokens)]:
        print(arg)


main()
