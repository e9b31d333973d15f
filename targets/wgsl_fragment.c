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
 * Offsets and strides count elements of the array named (Tint lowers the pointer to
 * &array[offset] and passes the stride to OpCooperativeMatrixLoadKHR, which counts elements
 * of the pointee), so 起 and 步 keep their meaning: f16 or f32 elements, u32 words for 整八.
 *
 * Tint wants the array's element type to be the matrix's shader scalar type (f16 for f16,
 * i32 for i8 and i32). Two memories of 着十二 differ, and their globals are declared with the
 * type the extension wants ("retyped"): a workgroup array<u32, N> that 整八 fragments move
 * through is array<i32, N> (reads bitcast<u32>, writes bitcast<i32>), a storage array<u32>
 * that 自存储 loads read is array<f16> (word i reads as bitcast<u32> of elements 2i, 2i + 1;
 * 数组长度 halves). Every other use of such a global is an error.
 *
 * What WGSL cannot express is decided in one place, fragment_refusal: the 前八行 forms (a
 * fragment is loaded and stored whole, there is no element access to zero or skip rows) and
 * any op on fragments that is not in the table below. */
#include <string.h>

#include "wgsl_internal.h"

#include "../ir/abi.h"
#include "../ir/fragment.h"

#define FRAGMENT_ROWS 16u

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

/* The 点染 builtin of a 前八行 op, for its diagnostic. */
static const char *rows8_builtin(IrOp op, IrFragmentKind kind) {
    if (op == IR_OP_FRAG_STORE_ROWS8) return "存矩阵片累前八行";
    return kind == IR_FRAG_A_F16 ? "载矩阵片甲前八行" : "载入矩阵片累前八行";
}

/* THE place deciding what WGSL cannot express: NULL when `in` (an instruction whose operands
 * or result are fragments, or a frag_* op) has a WGSL form, else the diagnostic's text after
 * "函数「…」：". New ops on fragments are refused here until they get a form. */
static const char *fragment_refusal(TextEmitter *em, const IrFunction *f, const IrInst *in) {
    const IrModule *m = em->m;
    IrFragmentKind kind = op_kind(m, f, in);
    IrFragMemory memory = memory_of(m, f, in);
    switch (in->op) {
    case IR_OP_FRAG_ZERO: case IR_OP_FRAG_FILL: case IR_OP_FRAG_MMA:
        return NULL;
    case IR_OP_FRAG_LOAD: case IR_OP_FRAG_LOAD_TRANSPOSED: case IR_OP_FRAG_STORE:
        return ir_fragment_access_ok(in->op, memory, kind) ? NULL : "这种子组矩阵片的载入或存回 WGSL 译不出（着十二）";
    case IR_OP_FRAG_LOAD_ROWS8: case IR_OP_FRAG_STORE_ROWS8:
        return arena_printf(&em->arena,
                            "WGSL 的子组矩阵片只能整块载入、存回（subgroupMatrixLoad/Store 没有只读写几行的形式，"
                            "片也不能按元素访问），「%s」翻译报错（着十二）",
                            rows8_builtin(in->op, kind));
    /* Values flowing as values: bound, passed, returned, carried through loops and 格. */
    case IR_OP_CALL: case IR_OP_RETURN: case IR_OP_YIELD: case IR_OP_CONTINUE: case IR_OP_BREAK:
    case IR_OP_IF: case IR_OP_LOOP: case IR_OP_VAR: case IR_OP_LOAD: case IR_OP_STORE:
        return NULL;
    default:
        return arena_printf(&em->arena, "WGSL 的子组矩阵片没有“%s”的写法，翻译报错（着十二）",
                            ir_op_info(in->op)->name);
    }
}

static bool touches_fragment(const IrModule *m, const IrFunction *f, const IrInst *in) {
    return ir_op_is_fragment(in->op) || op_kind(m, f, in) != IR_FRAG_KIND_COUNT;
}

/* ---- globals declared with the extension's element type ---- */

/* The global a pointer value is rooted in (through access chains), or UINT32_MAX. */
static uint32_t root_global(const IrFunction *f, IrValueId v) {
    for (uint32_t depth = 0; depth < 64; depth++) {
        const IrValue *value = ir_value(f, v);
        const IrInst *def = value && value->kind == IR_VALUE_RESULT ? ir_inst(f, value->def) : NULL;
        if (!def) return UINT32_MAX;
        if (def->op == IR_OP_GLOBAL) return def->symbol;
        if (def->op != IR_OP_ACCESS || def->arg_count == 0) return UINT32_MAX;
        v = def->args[0];
    }
    return UINT32_MAX;
}

/* The pointer is the global itself (not an element of it). */
static bool is_global_itself(const IrFunction *f, IrValueId v) {
    const IrValue *value = ir_value(f, v);
    const IrInst *def = value && value->kind == IR_VALUE_RESULT ? ir_inst(f, value->def) : NULL;
    return def && def->op == IR_OP_GLOBAL;
}

static WgslRetype retype_for(IrFragMemory memory, IrFragmentKind kind) {
    if (memory == IR_FRAG_MEM_WORKGROUP_U32) return WGSL_RETYPE_I32;
    if (memory == IR_FRAG_MEM_STORAGE_U32 && (kind == IR_FRAG_A_F16 || kind == IR_FRAG_B_F16)) return WGSL_RETYPE_F16;
    return WGSL_RETYPE_NONE;
}

static WgslRetype retype_of(const TextEmitter *em, const IrFunction *f, IrValueId pointer) {
    const WgslState *st = em->user;
    uint32_t g = root_global(f, pointer);
    return g < ir_global_count(em->m) && st->retype ? st->retype[g] : WGSL_RETYPE_NONE;
}

/* Marks the globals fragment ops move through with another element type; a memory operand
 * that is not a global itself is an error. */
static bool plan_retypes(TextEmitter *em, WgslState *st) {
    const IrModule *m = em->m;
    bool ok = true;
    for (uint32_t i = 0; i < ir_function_count(m); i++) {
        const IrFunction *f = ir_function(m, i);
        for (uint32_t k = 0; k < f->inst_count; k++) {
            const IrInst *in = &f->insts[k];
            IrFragMemory memory = memory_of(m, f, in);
            if (memory == IR_FRAG_MEM_NONE) continue;
            WgslRetype want = retype_for(memory, op_kind(m, f, in));
            uint32_t g = root_global(f, in->args[IR_FRAG_ARG_MEMORY]);
            if (want == WGSL_RETYPE_NONE) continue;
            if (g >= ir_global_count(m) || !is_global_itself(f, in->args[IR_FRAG_ARG_MEMORY])) {
                te_error(em, in->span, "函数「%s」：WGSL 里子组矩阵片的内存须直接是顶层资源（着十二）", f->name);
                ok = false;
                continue;
            }
            st->retype[g] = want;
        }
    }
    return ok;
}

/* Every use of a retyped global is an element read or write, its length, or a fragment op. */
static bool check_retyped_uses(TextEmitter *em, const WgslState *st) {
    const IrModule *m = em->m;
    bool ok = true;
    for (uint32_t i = 0; i < ir_function_count(m); i++) {
        const IrFunction *f = ir_function(m, i);
        for (uint32_t k = 0; k < f->inst_count; k++) {
            const IrInst *in = &f->insts[k];
            for (uint32_t a = 0; a < in->arg_count; a++) {
                const IrType *t = ir_type(&m->types, ir_value_type(f, in->args[a]));
                if (!t || t->kind != IR_TYPE_POINTER) continue;
                uint32_t g = root_global(f, in->args[a]);
                if (g >= ir_global_count(m) || st->retype[g] == WGSL_RETYPE_NONE) continue;
                bool whole = is_global_itself(f, in->args[a]);
                bool fine = (ir_op_is_fragment(in->op) && a == IR_FRAG_ARG_MEMORY) ||
                            (in->op == IR_OP_ACCESS && a == 0) ||
                            (in->op == IR_OP_ARRAY_LENGTH && whole) ||
                            (in->op == IR_OP_LOAD && !whole) ||
                            (in->op == IR_OP_STORE && a == 0 && !whole && st->retype[g] == WGSL_RETYPE_I32);
                if (fine) continue;
                const IrGlobal *global = ir_global(m, g);
                te_error(em, in->span,
                         "函数「%s」：「%s」是子组矩阵片的内存，WGSL 里声明为 %s，这里的用法译不出"
                         "（只能按元素读%s）（着十二）",
                         f->name, global->name, st->retype[g] == WGSL_RETYPE_I32 ? "array<i32, N>" : "array<f16>",
                         st->retype[g] == WGSL_RETYPE_I32 ? "写" : "");
                ok = false;
            }
        }
    }
    return ok;
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
        te_error(em, e->span,
                 "入口「%s」用到子组矩阵片：WGSL 要求工作组大小的 x 是设备最大子组大小"
                 "（subgroupMaxSize，4 至 128 的二的幂）的倍数，此处是 %u，在任何设备上都建不成管线（着十二）",
                 e->name, e->workgroup_size[0]);
        ok = false;
    }
    return ok;
}

bool wgsl_plan_fragments(TextEmitter *em, WgslState *st) {
    const IrModule *m = em->m;
    st->retype = arena_alloc_array(&em->arena, ir_global_count(m) + 1, sizeof *st->retype);
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
            if (!refusal) continue;
            te_error(em, in->span, "函数「%s」：%s", f->name, refusal);
            ok = false;
        }
    }
    if (!st->uses_fragments) return true;
    ok = plan_retypes(em, st) && ok;
    ok = check_retyped_uses(em, st) && ok;
    ok = check_entries(em, has_fragment) && ok;
    for (uint32_t g = 0; g < ir_global_count(m); g++)
        if (st->retype[g] == WGSL_RETYPE_F16) st->uses_f16 = true;
    return ok;
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

bool wgsl_global_type(TextEmitter *em, StrBuf *out, IrGlobalId id) {
    const WgslState *st = em->user;
    if (!st->retype || st->retype[id] == WGSL_RETYPE_NONE) return false;
    const IrType *t = ir_type(&em->m->types, ir_global(em->m, id)->type);
    if (st->retype[id] == WGSL_RETYPE_I32) strbuf_printf(out, "array<i32, %u>", t ? t->count : 0);
    else strbuf_puts(out, "array<f16>");
    return true;
}

/* Row- or column-major per kind and op (see the table at the top). */
static const char *majorness(IrOp op, IrFragmentKind kind) {
    if (op == IR_OP_FRAG_LOAD_TRANSPOSED) return "row_major";
    return kind == IR_FRAG_B_F16 || kind == IR_FRAG_B_S8 ? "col_major" : "row_major";
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
        e = te_call(em, arena_printf(&em->arena, "subgroupMatrixLoad<%s, %s>", type, majorness(inst->op, kind)),
                    list, 3);
        break;
    }
    }
    e.flags = (e.flags & ~TE_CONST) | TE_EFFECTS | TE_UNIFORM;
    return e;
}

/* Word `index` of a storage array<u32> declared array<f16>: its two halves, low first. */
static TeExpr f16_word(TextEmitter *em, const TeExpr *base, const TeExpr *index) {
    const char *b = te_operand(em, TE_PRIMARY, false, base);
    const char *i = te_operand(em, TE_MUL, true, index);
    TeExpr e = te_make(em, TE_PRIMARY, "bitcast<u32>(vec2<f16>(%s[2u * %s], %s[2u * %s + 1u]))", b, i, b, i);
    e.flags = ((base->flags | index->flags) & ~TE_CONST) | TE_READS;
    e.params = base->params | index->params;
    return e;
}

bool wgsl_fragment_expr(TextEmitter *em, const IrInst *inst, const TeExpr *args, TeExpr *out) {
    const WgslState *st = em->user;
    if (ir_op_is_fragment(inst->op)) {
        *out = fragment_op(em, inst, args);
        return true;
    }
    if (!st->uses_fragments || inst->arg_count == 0) return false;
    WgslRetype retype = retype_of(em, em->f, inst->args[0]);
    if (retype == WGSL_RETYPE_NONE) return false;
    switch (inst->op) {
    case IR_OP_ACCESS:  /* the element of an f16-declared word array reads as a value */
        if (retype != WGSL_RETYPE_F16 || inst->arg_count != 2) return false;
        *out = f16_word(em, &args[0], &args[1]);
        return true;
    case IR_OP_LOAD:
        if (retype != WGSL_RETYPE_I32) return false;  /* f16: the access already read the word */
        *out = te_call(em, "bitcast<u32>", args, 1);
        out->flags |= TE_READS;
        return true;
    case IR_OP_STORE: {
        TeExpr value = te_call(em, "bitcast<i32>", &args[1], 1);
        *out = te_make(em, TE_PRIMARY, "%s = %s", args[0].text, value.text);
        return true;
    }
    case IR_OP_ARRAY_LENGTH:
        if (retype != WGSL_RETYPE_F16) return false;
        *out = te_make(em, TE_MUL, "arrayLength(%s) / 2u", te_address_of(em, &args[0]));
        out->flags = TE_READS;
        return true;
    default:
        return false;
    }
}
