/* Subgroup matrix fragments on Metal (着十二): a 16×16 fragment is 2×2 simdgroup 8×8 tiles
 * (simdgroup_half8x8 for 甲/乙, simdgroup_float8x8 for 累). The 金矩阵片序幕 — two structs and
 * the inline functions below — is written only when the module uses a fragment. 乙 is held
 * as B[n][k], so it is loaded transposed and a product is A·Bᵀ: eight
 * simdgroup_multiply_accumulate per 16×16×16. The 整八 kinds are PTX only (an error here). */
#include "msl_internal.h"

#include "../ir/fragment.h"

static const char PRELUDE[] =
    "\n"
    "// 金矩阵片序幕 (着十二): a 16×16 fragment is 2×2 simdgroup 8×8 tiles; 乙 is B[n][k]\n"
    "struct yy_frag_h {\n  simdgroup_half8x8 m[2][2];\n};\n"
    "struct yy_frag_f {\n  simdgroup_float8x8 m[2][2];\n};\n"
    "inline yy_frag_f yy_frag_zero() {\n"
    "  yy_frag_f r;\n"
    "  for (uint i = 0; i < 2; i++) for (uint j = 0; j < 2; j++) r.m[i][j] = make_filled_simdgroup_matrix<float, 8, 8>(0.0f);\n"
    "  return r;\n}\n"
    "inline yy_frag_h yy_frag_load_a(threadgroup const half *p, uint start, uint stride) {\n"
    "  yy_frag_h r;\n"
    "  for (uint i = 0; i < 2; i++) for (uint k = 0; k < 2; k++) simdgroup_load(r.m[i][k], p + start + 8 * i * stride + 8 * k, stride);\n"
    "  return r;\n}\n"
    "inline yy_frag_h yy_frag_load_a_rows8(threadgroup const half *p, uint start, uint stride) {\n"
    "  yy_frag_h r;\n"
    "  for (uint k = 0; k < 2; k++) {\n"
    "    simdgroup_load(r.m[0][k], p + start + 8 * k, stride);\n"
    "    r.m[1][k] = make_filled_simdgroup_matrix<half, 8, 8>(half(0.0f));\n"
    "  }\n"
    "  return r;\n}\n"
    "inline yy_frag_h yy_frag_load_b(threadgroup const half *p, uint start, uint stride) {\n"
    "  yy_frag_h r;\n"
    "  for (uint k = 0; k < 2; k++) for (uint j = 0; j < 2; j++) simdgroup_load(r.m[k][j], p + start + 8 * j * stride + 8 * k, stride, ulong2(0, 0), true);\n"
    "  return r;\n}\n"
    "inline yy_frag_h yy_frag_load_a_device(device const uint *words, uint start, uint stride) {\n"
    "  device const half *p = reinterpret_cast<device const half *>(words);\n"
    "  yy_frag_h r;\n"
    "  for (uint i = 0; i < 2; i++) for (uint k = 0; k < 2; k++) simdgroup_load(r.m[i][k], p + start + 8 * i * stride + 8 * k, stride);\n"
    "  return r;\n}\n"
    "inline yy_frag_h yy_frag_load_b_device(device const uint *words, uint start, uint stride) {\n"
    "  device const half *p = reinterpret_cast<device const half *>(words);\n"
    "  yy_frag_h r;\n"
    "  for (uint k = 0; k < 2; k++) for (uint j = 0; j < 2; j++) simdgroup_load(r.m[k][j], p + start + 8 * j * stride + 8 * k, stride, ulong2(0, 0), true);\n"
    "  return r;\n}\n"
    "inline yy_frag_h yy_frag_load_b_transposed_device(device const uint *words, uint start, uint stride) {\n"
    "  device const half *p = reinterpret_cast<device const half *>(words);\n"
    "  yy_frag_h r;\n"
    "  for (uint k = 0; k < 2; k++) for (uint j = 0; j < 2; j++) simdgroup_load(r.m[k][j], p + start + 8 * k * stride + 8 * j, stride);\n"
    "  return r;\n}\n"
    "inline yy_frag_f yy_frag_load_acc(threadgroup const float *p, uint start, uint stride) {\n"
    "  yy_frag_f r;\n"
    "  for (uint i = 0; i < 2; i++) for (uint j = 0; j < 2; j++) simdgroup_load(r.m[i][j], p + start + 8 * i * stride + 8 * j, stride);\n"
    "  return r;\n}\n"
    "inline yy_frag_f yy_frag_load_acc_rows8(threadgroup const float *p, uint start, uint stride) {\n"
    "  yy_frag_f r;\n"
    "  for (uint j = 0; j < 2; j++) {\n"
    "    simdgroup_load(r.m[0][j], p + start + 8 * j, stride);\n"
    "    r.m[1][j] = make_filled_simdgroup_matrix<float, 8, 8>(0.0f);\n"
    "  }\n"
    "  return r;\n}\n"
    "inline yy_frag_f yy_frag_mma(yy_frag_h a, yy_frag_h b, yy_frag_f c) {\n"
    "  for (uint i = 0; i < 2; i++) for (uint j = 0; j < 2; j++) for (uint k = 0; k < 2; k++)\n"
    "    simdgroup_multiply_accumulate(c.m[i][j], a.m[i][k], b.m[k][j], c.m[i][j]);\n"
    "  return c;\n}\n"
    "inline void yy_frag_store(threadgroup float *p, uint start, uint stride, yy_frag_f c) {\n"
    "  for (uint i = 0; i < 2; i++) for (uint j = 0; j < 2; j++) simdgroup_store(c.m[i][j], p + start + 8 * i * stride + 8 * j, stride);\n"
    "}\n"
    "inline void yy_frag_store_rows8(threadgroup float *p, uint start, uint stride, yy_frag_f c) {\n"
    "  for (uint j = 0; j < 2; j++) simdgroup_store(c.m[0][j], p + start + 8 * j, stride);\n"
    "}\n"
    "inline void yy_frag_store_device(device float *p, uint start, uint stride, yy_frag_f c) {\n"
    "  for (uint i = 0; i < 2; i++) for (uint j = 0; j < 2; j++) simdgroup_store(c.m[i][j], p + start + 8 * i * stride + 8 * j, stride);\n"
    "}\n";

/* The 整八 kinds have no Metal spelling (着十二): one error per function. Returns whether the
 * module uses any fragment (then the prelude is needed). */
bool msl_check_fragments(TextEmitter *em) {
    const IrModule *m = em->m;
    bool any = false;
    for (uint32_t i = 0; i < ir_function_count(m); i++) {
        const IrFunction *f = ir_function(m, i);
        for (uint32_t v = 0; v < f->value_count; v++) {
            IrFragmentKind kind;
            if (!ir_type_is_fragment(&m->types, f->values[v].type, &kind) || kind == IR_FRAG_TENSOR_ACC_F32)
                continue;  /* tensor fragments (着十三) have their own prelude */
            any = true;
            if (kind == IR_FRAG_A_S8 || kind == IR_FRAG_B_S8 || kind == IR_FRAG_ACC_S32) {
                te_error(em, Y_UNSUPPORTED_BY_TARGET, f->values[v].span, "函数「%s」：整八矩阵片只有千手能译，金属翻译报错（着十二）", f->name);
                break;
            }
        }
    }
    return any;
}

void msl_fragment_prelude(StrBuf *out) { strbuf_puts(out, PRELUDE); }

const char *msl_fragment_type(IrFragmentKind kind) {
    return kind == IR_FRAG_ACC_F32 ? "yy_frag_f" : kind == IR_FRAG_A_F16 || kind == IR_FRAG_B_F16 ? "yy_frag_h" : "_";
}

/* The helper for one fragment op (by op, memory and fragment kind: ir_fragment_access_ok's
 * combinations). */
static const char *helper_name(const TextEmitter *em, const IrInst *inst) {
    const IrTypeTable *types = &em->m->types;
    IrFragmentKind kind = IR_FRAG_KIND_COUNT;
    if (inst->result_count) ir_type_is_fragment(types, ir_value_type(em->f, inst->results[0]), &kind);
    IrFragMemory memory = inst->arg_count ? ir_fragment_memory(types, ir_value_type(em->f, inst->args[0]))
                                          : IR_FRAG_MEM_NONE;
    bool device = memory == IR_FRAG_MEM_STORAGE_U32 || memory == IR_FRAG_MEM_STORAGE_F32;
    switch (inst->op) {
    case IR_OP_FRAG_ZERO: return "yy_frag_zero";
    case IR_OP_FRAG_MMA: return "yy_frag_mma";
    case IR_OP_FRAG_LOAD_ROWS8: return kind == IR_FRAG_A_F16 ? "yy_frag_load_a_rows8" : "yy_frag_load_acc_rows8";
    case IR_OP_FRAG_LOAD_TRANSPOSED: return device ? "yy_frag_load_b_transposed_device" : "yy_frag_load_b_transposed";
    case IR_OP_FRAG_LOAD:
        if (kind == IR_FRAG_ACC_F32) return "yy_frag_load_acc";
        if (kind == IR_FRAG_A_F16) return device ? "yy_frag_load_a_device" : "yy_frag_load_a";
        return device ? "yy_frag_load_b_device" : "yy_frag_load_b";
    case IR_OP_FRAG_STORE: return device ? "yy_frag_store_device" : "yy_frag_store";
    case IR_OP_FRAG_STORE_ROWS8: return "yy_frag_store_rows8";
    default: return msl_fragment_element_helper(inst->op);
    }
}

/* `helper(&(array)[0], start, stride[, fragment])`: the memory operand as a pointer to its
 * first element. */
bool msl_fragment_expr(TextEmitter *em, const IrInst *inst, const TeExpr *args, TeExpr *out) {
    const char *name = helper_name(em, inst);
    if (!name) return false;
    TeExpr list[4];
    uint32_t n = inst->arg_count < 4 ? inst->arg_count : 4;
    for (uint32_t i = 0; i < n; i++) list[i] = args[i];
    bool memory = inst->op != IR_OP_FRAG_ZERO && inst->op != IR_OP_FRAG_MMA && inst->op != IR_OP_FRAG_FILL &&
                  !ir_fragment_element_operands(inst->op);
    if (memory && n > 0) list[0] = te_make(em, TE_PRIMARY, "&%s[0]", te_operand(em, TE_PRIMARY, false, &args[0]));
    *out = te_call(em, name, list, n);
    out->flags = (out->flags & ~TE_CONST) | TE_EFFECTS;
    return true;
}
