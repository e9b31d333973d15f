/* The YIR of the seed example (spec 着六, examples/加倍。着色器。豫) exactly as the printer
 * writes it: the round-trip test prints it, the lowering test expects it from the source, and
 * the PTX tests translate it. */
#ifndef YUSEC_TEST_SEED_IR_H
#define YUSEC_TEST_SEED_IR_H

static const char SEED_IR[] =
    "var<storage_read_write> @数据: array<u32> @group(0) @binding(0)\n"
    "\n"
    "fn @加倍(%号.0:vec3<u32>) {\n"
    "  %序.1:u32 = extract %号.0, 0\n"
    "  %2:ptr<storage_read_write, array<u32>> = global @数据\n"
    "  %3:ptr<storage_read_write, u32> = access %2, %序.1\n"
    "  %4:u32 = load %3\n"
    "  %5:u32 = const 2u\n"
    "  %6:u32 = mul %4, %5\n"
    "  store %3, %6\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @加倍入口 = compute @加倍 workgroup_size(4, 1, 1) (builtin(global_invocation_id))\n";

#endif
