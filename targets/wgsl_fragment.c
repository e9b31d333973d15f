/* Subgroup matrix fragments on WGSL (着十二) through Dawn/Tint's experimental extension
 * `chromium_experimental_subgroup_matrix`: types subgroup_matrix_left/right/result<T, C, R>
 * (C columns, R rows), subgroupMatrixLoad<T, row_major|col_major>(p, offset, stride),
 * subgroupMatrixStore<row_major>(p, offset, value, stride), subgroupMatrixMultiplyAccumulate.
 *
 *   甲 A[m][k]  → subgroup_matrix_left<f16, 16, 16>, loaded row-major;
 *   乙 B[n][k]  → subgroup_matrix_right<f16, 16, 16> (K rows × N columns: element (k, n) is
 *                 B[n][k]), so B's rows are the right matrix's columns: loaded col-major;
 *                 载矩阵片乙自转置存储 (a row-major K×N matrix) is row-major;
 *   累 C[m][n]  → subgroup_matrix_result<f32, 16, 16>, row-major;
 *   整八 甲/乙   → subgroup_matrix_left<i8, 32, 16> / subgroup_matrix_right<i8, 16, 32>,
 *                 整矩阵片累 → subgroup_matrix_result<i32, 16, 16>.
 * Offsets and strides of the templated forms count elements of the array named, whatever the
 * matrix's element type (Tint since its "subgroup matrix load/store update": the pointer
 * becomes &array[offset] and the stride goes to OpCooperativeMatrixLoadKHR, which counts
 * pointee elements), and the array's element type may differ from the matrix's (Dawn's
 * "relaxed subgroupMatrixLoad/Store array requirements"; npm webgpu 0.6.2 has both). So 起 and
 * 步 keep their meaning for f16 and f32 arrays and for the u32 words of 整八, and the f16 loads
 * from a u32 storage buffer (自存储, two halves a word) halve them: words.
 *
 * What WGSL cannot express is decided in one place, fragment_refusal: the 前八行 forms (a
 * fragment is loaded and stored whole, there is no element access to zero or skip rows) and
 * any op on fragments that is not in the table below. */
#include "wgsl_internal.h"

#include "../ir/abi.h"
#include "../ir/fragment.h"

static IrFragmentKind kind_of(const IrModule *m, IrTypeId type) {
    IrFragmentKind kind = IR_FRAG_KIND_COUNT;
    return ir_type_is_fragment(&m->types, type, &kind) ? kind : IR_FRAG_KIND_COUNT;
}

/* The fragment kind an op moves or makes: its result's, else (stores) the stored value's. */
static IrFragmentKind op_kind(const IrModule *m, const IrFunction *f, const IrInst *in) {
    if (in->result_count) {
        IrFragmentKind k = kind_of(m, ir_value_type(f, in->results[0]));
        if (k != IR_FRAG_KIND_COUNT) return k;
    }
    for (uint32_t a = 0; a < in->arg_count; a++) {
        IrFragmentKind k = kind_of(m, ir_value_type(f, in->args[a]));
        if (k != IR_FRAG_KIND_COUNT) return k;
    }
    return IR_FRAG_KIND_COUNT;
}

static IrFragMemory memory_of(const IrModule *m, const IrFunction *f, const IrInst *in) {
    bool moves = in->op == IR_OP_FRAG_LOAD || in->op == IR_OP_FRAG_LOAD_ROWS8 ||
                 in->op == IR_OP_FRAG_LOAD_TRANSPOSED || in->op == IR_OP_FRAG_STORE ||
                 in->op == IR_OP_FRAG_STORE_ROWS8;
    return moves && in->arg_count ? ir_fragment_memory(&m->types, ir_value_type(f, in->args[IR_FRAG_ARG_MEMORY]))
                                  : IR_FRAG_MEM_NONE;
}

/* The 点染 builtin an op comes from (ir_fragment_access_ok's combinations), for diagnostics. */
static const char *builtin_name(IrOp op, IrFragmentKind kind, IrFragMemory memory) {
    bool storage = memory == IR_FRAG_MEM_STORAGE_U32 || memory == IR_FRAG_MEM_STORAGE_F32;
    switch (op) {
    case IR_OP_FRAG_FILL: return "满整矩阵片累";
    case IR_OP_FRAG_LOAD_ROWS8: return kind == IR_FRAG_A_F16 ? "载矩阵片甲前八行" : "载入矩阵片累前八行";
    case IR_OP_FRAG_STORE_ROWS8: return "存矩阵片累前八行";
    case IR_OP_FRAG_LOAD_TRANSPOSED: return "载矩阵片乙自转置存储";
    case IR_OP_FRAG_STORE:
        if (kind == IR_FRAG_ACC_S32) return "存回整矩阵片累";
        return storage ? "存矩阵片累到存储" : "存回矩阵片累";
    case IR_OP_FRAG_LOAD:
        switch (kind) {
        case IR_FRAG_A_F16: return storage ? "载矩阵片甲自存储" : "载入矩阵片甲";
        case IR_FRAG_B_F16: return storage ? "载矩阵片乙自存储" : "载入矩阵片乙";
        case IR_FRAG_ACC_F32: return "载入矩阵片累";
        case IR_FRAG_A_S8: return "载入整八矩阵片甲";
        case IR_FRAG_B_S8: return "载入整八矩阵片乙";
        default: return ir_op_info(op)->name;
        }
    default: return ir_op_info(op)->name;
    }
}

/* THE place deciding what WGSL cannot express: NULL when `in` (an instruction whose operands
 * or result are fragments, or a frag_* op) has a WGSL form, else the diagnostic's text after
 * "函数「…」：". An op on fragments that is not listed here (a new builtin, such as an
 * accumulator element operation) is refused by the default case until it gets a form here
 * and in fragment_op. */
static const char *fragment_refusal(TextEmitter *em, const IrFunction *f, const IrInst *in) {
    const IrModule *m = em->m;
    IrFragmentKind kind = op_kind(m, f, in);
    IrFragMemory memory = memory_of(m, f, in);
    switch (in->op) {
    case IR_OP_FRAG_ZERO: case IR_OP_FRAG_FILL: case IR_OP_FRAG_MMA:
        return NULL;
    case IR_OP_FRAG_LOAD: case IR_OP_FRAG_LOAD_TRANSPOSED: case IR_OP_FRAG_STORE:
        return ir_fragment_access_ok(in->op, memory, kind)
                   ? NULL
                   : arena_printf(&em->arena, "「%s」的这种内存 WGSL 译不出（着十二）", builtin_name(in->op, kind, memory));
    case IR_OP_FRAG_LOAD_ROWS8: case IR_OP_FRAG_STORE_ROWS8:
        return arena_printf(&em->arena,
                            "WGSL 的子组矩阵片只能整块载入、存回（subgroupMatrixLoad/Store 没有只读写几行的形式，"
                            "片也不能按元素访问），「%s」翻译报错（着十二）",
                            builtin_name(in->op, kind, memory));
    /* Values flowing as values: bound, passed, returned, carried through loops and 格. */
    case IR_OP_CALL: case IR_OP_RETURN: case IR_OP_YIELD: case IR_OP_CONTINUE: case IR_OP_BREAK:
    case IR_OP_IF: case IR_OP_LOOP: case IR_OP_VAR: case IR_OP_LOAD: case IR_OP_STORE:
        return NULL;
    default:
        return arena_printf(&em->arena, "WGSL 的子组矩阵片没有“%s”的写法，翻译报错（着十二）",
                            ir_op_info(in->op)->name);
    }
}

/* Tint's subgroup_matrix_uniformity rule also wants the operands that say where a fragment
 * goes (起 and 步) and a fill value to be the same in the whole subgroup. With our analysis'
 * facts (none under -fno-uniformity-check: Tint checks alone): a possibly non-uniform one is
 * an error here, a subgroup-uniform one (a vote, a reduction), which Tint cannot prove, turns
 * the rule off in the module (*relies). */
static bool check_operands(TextEmitter *em, const IrFunction *f, const IrInst *in, IrFragmentKind kind,
                           bool *relies) {
    uint32_t first = 0, count = 0;
    if (in->op == IR_OP_FRAG_FILL) count = 1;
    else if (memory_of(em->m, f, in) != IR_FRAG_MEM_NONE) first = IR_FRAG_ARG_START, count = 2;
    for (uint32_t a = first; a < first + count && a < in->arg_count; a++) {
        const IrValue *v = ir_value(f, in->args[a]);
        IrUniformity fact = v ? v->uniformity : IR_UNIFORMITY_UNKNOWN;
        if (fact == IR_SUBGROUP_UNIFORM) *relies = true;
        if (fact != IR_NON_UNIFORM) continue;
        const char *what = in->op == IR_OP_FRAG_FILL ? "位型" : a == IR_FRAG_ARG_START ? "「起」" : "「步」";
        te_error(em, Y_UNSUPPORTED_BY_TARGET, in->span,
                 "函数「%s」：WGSL 要求「%s」的%s在子组之内一致（Tint 的 subgroup_matrix_uniformity），"
                 "此处的值可能不一致（着十二）",
                 f->name, builtin_name(in->op, kind, memory_of(em->m, f, in)), what);
        return false;
    }
    return true;
}

static bool touches_fragment(const IrModule *m, const IrFunction *f, const IrInst *in) {
    return ir_op_is_fragment(in->op) || op_kind(m, f, in) != IR_FRAG_KIND_COUNT;
}

/* ---- entries ---- */

/* 着十二 on WGSL: the pipeline needs the x of @workgroup_size to be a multiple of the device's
 * maxSubgroupSize, a power of two from 4 to 128 (Dawn checks it at pipeline creation, the host
 * at run time); an x that is not a multiple of 4 fits no device. */
static bool check_entries(TextEmitter *em, const bool *has_fragment) {
    const IrModule *m = em->m;
    IrReach reach;
    ir_reach_init(&reach, &em->arena, m);
    bool ok = true;
    for (uint32_t i = 0; i < ir_entry_count(m); i++) {
        const IrEntry *e = ir_entry(m, i);
        if (e->stage != IR_STAGE_COMPUTE || e->workgroup_size[0] % 4 == 0) continue;
        ir_reach_from(&reach, e->func);
        bool uses = false;
        for (uint32_t k = 0; k < reach.func_count && !uses; k++) uses = has_fragment[reach.func_list[k]];
        if (!uses) continue;
        te_error(em, Y_TARGET_ENTRY, e->span,
                 "入口「%s」用到子组矩阵片：WGSL 要求工作组大小的 x 是设备最大子组大小"
                 "（subgroupMaxSize，4 至 128 的二的幂）的倍数，此处是 %u，在任何设备上都建不成管线（着十二）",
                 e->name, e->workgroup_size[0]);
        ok = false;
    }
    return ok;
}

bool wgsl_plan_fragments(TextEmitter *em, WgslState *st) {
    const IrModule *m = em->m;
    bool *has_fragment = arena_alloc_array(&em->arena, ir_function_count(m) + 1, sizeof *has_fragment);
    bool ok = true;
    for (uint32_t i = 0; i < ir_function_count(m); i++) {
        const IrFunction *f = ir_function(m, i);
        for (uint32_t k = 0; k < f->inst_count; k++) {
            const IrInst *in = &f->insts[k];
            if (!touches_fragment(m, f, in)) continue;
            has_fragment[i] = true;
            st->uses_fragments = true;
            IrFragmentKind kind = op_kind(m, f, in);
            if (kind == IR_FRAG_A_F16 || kind == IR_FRAG_B_F16) st->uses_f16 = true;
            const char *refusal = fragment_refusal(em, f, in);
            if (refusal) {
                te_error(em, Y_UNSUPPORTED_BY_TARGET, in->span, "函数「%s」：%s", f->name, refusal);
                ok = false;
                continue;
            }
            ok = check_operands(em, f, in, kind, &st->fragment_operands_subgroup_uniform) && ok;
        }
    }
    return !st->uses_fragments || (check_entries(em, has_fragment) && ok);
}

/* ---- spelling ---- */

void wgsl_fragment_type(TextEmitter *em, StrBuf *out, const IrType *t) {
    (void)em;
    switch (t->fragment) {
    case IR_FRAG_A_F16: strbuf_puts(out, "subgroup_matrix_left<f16, 16, 16>"); return;
    case IR_FRAG_B_F16: strbuf_puts(out, "subgroup_matrix_right<f16, 16, 16>"); return;
    case IR_FRAG_ACC_F32: strbuf_puts(out, "subgroup_matrix_result<f32, 16, 16>"); return;
    case IR_FRAG_A_S8: strbuf_puts(out, "subgroup_matrix_left<i8, 32, 16>"); return;
    case IR_FRAG_B_S8: strbuf_puts(out, "subgroup_matrix_right<i8, 16, 32>"); return;
    case IR_FRAG_ACC_S32: strbuf_puts(out, "subgroup_matrix_result<i32, 16, 16>"); return;
    default: strbuf_puts(out, "_"); return;  /* tensor tiles: wgsl.c reports them first */
    }
}

/* Row- or column-major per kind and op (see the table at the top). */
static const char *majorness(IrOp op, IrFragmentKind kind) {
    if (op == IR_OP_FRAG_LOAD_TRANSPOSED) return "row_major";
    return kind == IR_FRAG_B_F16 || kind == IR_FRAG_B_S8 ? "col_major" : "row_major";
}

/* f16 halves read from a storage buffer of u32 words (自存储, 自转置存储): 起 and 步 count
 * halves, the array's elements are words. */
static bool in_words(const TextEmitter *em, const IrInst *inst, IrFragmentKind kind) {
    return (kind == IR_FRAG_A_F16 || kind == IR_FRAG_B_F16) &&
           memory_of(em->m, em->f, inst) == IR_FRAG_MEM_STORAGE_U32;
}

static TeExpr fragment_op(TextEmitter *em, const IrInst *inst, const TeExpr *args) {
    IrFragmentKind kind = op_kind(em->m, em->f, inst);
    const char *type = inst->result_count ? te_type_text(em, ir_value_type(em->f, inst->results[0])) : "";
    TeExpr e;
    switch (inst->op) {
    case IR_OP_FRAG_ZERO:
        e = te_make(em, TE_PRIMARY, "%s()", type);
        break;
    case IR_OP_FRAG_FILL: {
        TeExpr bits = te_call(em, "bitcast<i32>", args, 1);  /* 满整矩阵片累: a 32-bit pattern */
        e = te_call(em, type, &bits, 1);
        break;
    }
    case IR_OP_FRAG_MMA:
        e = te_call(em, "subgroupMatrixMultiplyAccumulate", args, 3);
        break;
    case IR_OP_FRAG_STORE: {
        TeExpr list[4] = {args[0], args[1], args[3], args[2]};
        list[0].text = te_address_of(em, &args[0]);
        e = te_call(em, "subgroupMatrixStore<row_major>", list, 4);
        break;
    }
    default: {  /* loads */
        TeExpr list[3] = {args[0], args[1], args[2]};
        list[0].text = te_address_of(em, &args[0]);
        if (in_words(em, inst, kind)) {
            TeExpr two = {"2u", TE_PRIMARY, TE_CONST, 0};
            list[1] = te_binary(em, TE_MUL, "/", &args[1], &two);
            list[2] = te_binary(em, TE_MUL, "/", &args[2], &two);
        }
        e = te_call(em, arena_printf(&em->arena, "subgroupMatrixLoad<%s, %s>", type, majorness(inst->op, kind)),
                    list, 3);
        break;
    }
    }
    e.flags = (e.flags & ~TE_CONST) | TE_EFFECTS | TE_UNIFORM;
    return e;
}

bool wgsl_fragment_expr(TextEmitter *em, const IrInst *inst, const TeExpr *args, TeExpr *out) {
    if (!ir_op_is_fragment(inst->op)) return false;
    *out = fragment_op(em, inst, args);
    return true;
}
