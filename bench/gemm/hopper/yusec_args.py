"""The harness's --yusec arguments (one a line) for the compute entry of a 豫言 GEMM from its manifest:
   python3 yusec_args.py LABEL PTX JSON TILE
Kernel parameters are (A, B, C, sizes) in order; a storage binding passes the data's pointer, a
tensor-map binding (kind "tensor_map") a pointer to a CUtensorMap with the manifest's box and swizzle."""
import json
import sys

OPERANDS = ["A", "B", "C", "DIMS"]


def box_field(resource, *names):
    for place in (resource, resource.get("box", {}), resource.get("tensor_box", {})):
        for name in names:
            if isinstance(place, dict) and name in place:
                return int(place[name])
    sys.exit(f"yusec_args.py: tensor map {resource['name']}: no {names[0]} in the manifest")


def param_token(position, resource):
    operand = OPERANDS[position]
    if resource["kind"] != "tensor_map":
        return operand
    rows = box_field(resource, "box_rows", "rows", "行")
    cols = box_field(resource, "box_cols", "cols", "列")
    swizzle = box_field(resource, "swizzle", "交错")
    return f"{operand}@{rows}x{cols}/{swizzle}"


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
