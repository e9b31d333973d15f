/* The accumulator element operations and the transposing workgroup load on Metal
 * (docs/builtins.md, "Accumulator element operations"). A 16×16 fragment is 2×2 simdgroup
 * 8×8 tiles (msl_fragment.c); thread_elements() of a tile are the two elements a thread
 * holds: row fm, columns fn and fn + 1 with q = lane / 4, fm = (q & 4) + (lane / 2) % 4,
 * fn = (q & 2)·2 + (lane % 2)·2 (the layout of Apple's simdgroup matrices that MLX's
 * steel kernels rely on, the same for half and float tiles). So
 *   - element-wise operations work on each tile's thread_elements();
 *   - the threads of a row differ in lane bits 0 and 3: a row reduction adds a thread's four
 *     values of the row (two tiles) and then simd_shuffle_xor 1 and 8 — the sum tree of the
 *     PTX target and the CPU executor;
 *   - accumulator → 甲 converts each tile's two elements to half (same layout);
 *   - the mask needs the lane: simd_prefix_exclusive_sum(1u), exact because the whole
 *     SIMD group makes every fragment call.
 * The 金矩阵片元素序幕 is written only when the module uses one of these. */
#include "msl_internal.h"

#include "../ir/fragment.h"

static const char PRELUDE[] =
    "\n"
    "// 金矩阵片元素序幕 (docs/builtins.md): thread_elements() of an 8×8 tile are row fm, columns fn, fn + 1\n"
    "inline yy_frag_h yy_frag_load_b_transposed(threadgroup const half *p, uint start, uint stride) {\n"
    "  yy_frag_h r;\n"
    "  for (uint k = 0; k < 2; k++) for (uint j = 0; j < 2; j++) simdgroup_load(r.m[k][j], p + start + 8 * k * stride + 8 * j, stride);\n"
    "  return r;\n}\n"
    "inline yy_frag_f yy_frag_scale(yy_frag_f c, float s) {\n"
    "  for (uint i = 0; i < 2; i++) for (uint j = 0; j < 2; j++) { thread float2 &e = c.m[i][j].thread_elements(); e = e * s; }\n"
    "  return c;\n}\n"
    "inline yy_frag_f yy_frag_add_scalar(yy_frag_f c, float s) {\n"
    "  for (uint i = 0; i < 2; i++) for (uint j = 0; j < 2; j++) { thread float2 &e = c.m[i][j].thread_elements(); e = e + s; }\n"
    "  return c;\n}\n"
    "inline yy_frag_f yy_frag_max_scalar(yy_frag_f c, float s) {\n"
    "  for (uint i = 0; i < 2; i++) for (uint j = 0; j < 2; j++) { thread float2 &e = c.m[i][j].thread_elements(); e = float2(max(e[0], s), max(e[1], s)); }\n"
    "  return c;\n}\n"
    "inline yy_frag_f yy_frag_add(yy_frag_f c, yy_frag_f d) {\n"
    "  for (uint i = 0; i < 2; i++) for (uint j = 0; j < 2; j++) { thread float2 &e = c.m[i][j].thread_elements(); e = e + d.m[i][j].thread_elements(); }\n"
    "  return c;\n}\n"
    "inline yy_frag_f yy_frag_sub(yy_frag_f c, yy_frag_f d) {\n"
    "  for (uint i = 0; i < 2; i++) for (uint j = 0; j < 2; j++) { thread float2 &e = c.m[i][j].thread_elements(); e = e - d.m[i][j].thread_elements(); }\n"
    "  return c;\n}\n"
    "inline yy_frag_f yy_frag_mul(yy_frag_f c, yy_frag_f d) {\n"
    "  for (uint i = 0; i < 2; i++) for (uint j = 0; j < 2; j++) { thread float2 &e = c.m[i][j].thread_elements(); e = e * d.m[i][j].thread_elements(); }\n"
    "  return c;\n}\n"
    "inline yy_frag_f yy_frag_div(yy_frag_f c, yy_frag_f d) {\n"
    "  for (uint i = 0; i < 2; i++) for (uint j = 0; j < 2; j++) { thread float2 &e = c.m[i][j].thread_elements(); e = e / d.m[i][j].thread_elements(); }\n"
    "  return c;\n}\n"
    "inline yy_frag_f yy_frag_max(yy_frag_f c, yy_frag_f d) {\n"
    "  for (uint i = 0; i < 2; i++) for (uint j = 0; j < 2; j++) {\n"
    "    thread float2 &e = c.m[i][j].thread_elements();\n"
    "    float2 o = d.m[i][j].thread_elements();\n"
    "    e = float2(max(e[0], o[0]), max(e[1], o[1]));\n"
    "  }\n"
    "  return c;\n}\n"
    "inline yy_frag_f yy_frag_exp2(yy_frag_f c) {\n"
    "  for (uint i = 0; i < 2; i++) for (uint j = 0; j < 2; j++) { thread float2 &e = c.m[i][j].thread_elements(); e = float2(exp2(e[0]), exp2(e[1])); }\n"
    "  return c;\n}\n"
    "inline yy_frag_f yy_frag_row_max(yy_frag_f c) {\n"
    "  for (uint i = 0; i < 2; i++) {\n"
    "    float2 l = c.m[i][0].thread_elements(), r = c.m[i][1].thread_elements();\n"
    "    float v = max(max(l[0], l[1]), max(r[0], r[1]));\n"
    "    v = max(v, simd_shuffle_xor(v, 1));\n"
    "    v = max(v, simd_shuffle_xor(v, 8));\n"
    "    c.m[i][0].thread_elements() = float2(v, v);\n"
    "    c.m[i][1].thread_elements() = float2(v, v);\n"
    "  }\n"
    "  return c;\n}\n"
    "inline yy_frag_f yy_frag_row_sum(yy_frag_f c) {\n"
    "  for (uint i = 0; i < 2; i++) {\n"
    "    float2 l = c.m[i][0].thread_elements(), r = c.m[i][1].thread_elements();\n"
    "    float v = (l[0] + l[1]) + (r[0] + r[1]);\n"
    "    v = v + simd_shuffle_xor(v, 1);\n"
    "    v = v + simd_shuffle_xor(v, 8);\n"
    "    c.m[i][0].thread_elements() = float2(v, v);\n"
    "    c.m[i][1].thread_elements() = float2(v, v);\n"
    "  }\n"
    "  return c;\n}\n"
    "inline yy_frag_h yy_frag_to_a(yy_frag_f c) {\n"
    "  yy_frag_h a;\n"
    "  for (uint i = 0; i < 2; i++) for (uint j = 0; j < 2; j++) a.m[i][j].thread_elements() = half2(c.m[i][j].thread_elements());\n"
    "  return a;\n}\n"
    "inline yy_frag_f yy_frag_mask_upper(yy_frag_f c, int offset, float value) {\n"
    "  uint lane = simd_prefix_exclusive_sum(1u);\n"
    "  int fm = int(((lane / 4) & 4) + ((lane / 2) & 3)), fn = int(((lane / 4) & 2) * 2 + (lane & 1) * 2);\n"
    "  for (uint i = 0; i < 2; i++) for (uint j = 0; j < 2; j++) {\n"
    "    thread float2 &e = c.m[i][j].thread_elements();\n"
    "    int diff = int(8 * j) + fn - int(8 * i) - fm;\n"
    "    if (diff > offset) e[0] = value;\n"
    "    if (diff + 1 > offset) e[1] = value;\n"
    "  }\n"
    "  return c;\n}\n";

bool msl_uses_fragment_elements(const IrModule *m) {
    for (uint32_t i = 0; i < ir_function_count(m); i++) {
        const IrFunction *f = ir_function(m, i);
        for (uint32_t k = 0; k < f->inst_count; k++) {
            const IrInst *in = &f->insts[k];
            if (ir_fragment_element_operands(in->op)) return true;
            if (in->op == IR_OP_FRAG_LOAD_TRANSPOSED && in->arg_count &&
                ir_fragment_memory(&m->types, ir_value_type(f, in->args[0])) == IR_FRAG_MEM_WORKGROUP_F16)
                return true;
        }
    }
    return false;
}

void msl_fragment_element_prelude(StrBuf *out) { strbuf_puts(out, PRELUDE); }

const char *msl_fragment_element_helper(IrOp op) {
    switch (op) {
    case IR_OP_FRAG_SCALE: return "yy_frag_scale";
    case IR_OP_FRAG_ADD_SCALAR: return "yy_frag_add_scalar";
    case IR_OP_FRAG_MAX_SCALAR: return "yy_frag_max_scalar";
    case IR_OP_FRAG_ADD: return "yy_frag_add";
    case IR_OP_FRAG_SUB: return "yy_frag_sub";
    case IR_OP_FRAG_MUL: return "yy_frag_mul";
    case IR_OP_FRAG_DIV: return "yy_frag_div";
    case IR_OP_FRAG_MAX: return "yy_frag_max";
    case IR_OP_FRAG_EXP2: return "yy_frag_exp2";
    case IR_OP_FRAG_ROW_MAX: return "yy_frag_row_max";
    case IR_OP_FRAG_ROW_SUM: return "yy_frag_row_sum";
    case IR_OP_FRAG_TO_A: return "yy_frag_to_a";
    case IR_OP_FRAG_MASK_UPPER: return "yy_frag_mask_upper";
    default: return NULL;
    }
}
