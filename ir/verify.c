/* The YIR verifier: operand/result types per op, scoping of values in the structured
 * blocks (a use must be dominated by its definition), terminators, and address-space and
 * stage rules. Every problem becomes a diagnostic; nothing here stops at the first. */
#include <stdlib.h>
#include <string.h>

#include "base/memory.h"
#include "fragment.h"
#include "hopper.h"
#include "internal.h"
#include "verify_io.h"

typedef struct Verifier {
    const IrModule *m;
    const IrTypeTable *types;
    DiagEngine *diag;
    const IrFunction *f;
    uint8_t *visible;    /* per value: in scope here */
    uint8_t *placed;     /* per instruction: already seen in some block */
    bool ok;
} Verifier;

#define VERR(v, span, ...)                                   \
    do {                                                     \
        (v)->ok = false;                                     \
        diag_error((v)->diag, Y_YIR_INVALID, (span), __VA_ARGS__);           \
    } while (0)

static const IrType *ty(const Verifier *v, IrTypeId id) { return ir_type(v->types, id); }

/* A runtime-sized array, at the top or as a struct's (last) field. */
static bool holds_runtime_array(const Verifier *v, IrTypeId id) {
    const IrType *t = ty(v, id);
    if (t && t->kind == IR_TYPE_ARRAY && t->count == 0) return true;
    return t && t->kind == IR_TYPE_STRUCT && t->field_count &&
           holds_runtime_array(v, t->fields[t->field_count - 1].type);
}

static IrTypeId arg_type(const Verifier *v, const IrInst *inst, uint32_t i) {
    return i < inst->arg_count ? ir_value_type(v->f, inst->args[i]) : IR_NO_TYPE;
}

static IrTypeId result_type(const Verifier *v, const IrInst *inst) {
    return inst->result_count ? ir_value_type(v->f, inst->results[0]) : IR_NO_TYPE;
}

static void type_error(Verifier *v, const IrInst *inst, const char *why) {
    VERR(v, inst->span, "函数「%s」：指令“%s”的操作数或结果类型不对：%s", v->f->name,
         ir_op_info(inst->op)->name, why);
}

static bool is_scalar_of(const Verifier *v, IrTypeId id, IrScalarKind kind) {
    const IrType *t = ty(v, id);
    return t && t->kind == IR_TYPE_SCALAR && t->scalar == kind && t->width == 32;
}

static bool is_vec_of(const Verifier *v, IrTypeId id, uint32_t lanes, bool (*elem_ok)(const Verifier *, IrTypeId)) {
    const IrType *t = ty(v, id);
    return t && t->kind == IR_TYPE_VECTOR && t->count == lanes && elem_ok(v, t->elem);
}

static bool is_f32(const Verifier *v, IrTypeId id) { return is_scalar_of(v, id, IR_FLOAT); }
static bool is_u32(const Verifier *v, IrTypeId id) { return is_scalar_of(v, id, IR_UINT); }
static bool is_bool_scalar(const Verifier *v, IrTypeId id) {
    const IrType *t = ty(v, id);
    return t && t->kind == IR_TYPE_BOOL;
}
static bool is_int32(const Verifier *v, IrTypeId id) {
    return is_scalar_of(v, id, IR_SINT) || is_scalar_of(v, id, IR_UINT);
}

/* All operands and the result share one type accepted by `ok`. */
static bool all_same(const Verifier *v, const IrInst *inst, bool (*ok)(const IrTypeTable *, IrTypeId)) {
    IrTypeId r = result_type(v, inst);
    for (uint32_t i = 0; i < inst->arg_count; i++)
        if (arg_type(v, inst, i) != r) return false;
    return ok(v->types, r);
}

static bool numeric_or_matrix(const IrTypeTable *types, IrTypeId id) {
    const IrType *t = ir_type(types, id);
    return ir_type_is_numeric(types, id) || (t && t->kind == IR_TYPE_MATRIX);
}

static bool signed_or_float(const IrTypeTable *types, IrTypeId id) {
    return ir_type_is_signed(types, id);
}

static bool float_vector(const IrTypeTable *types, IrTypeId id) {
    const IrType *t = ir_type(types, id);
    return t && t->kind == IR_TYPE_VECTOR && ir_type_is_float(types, id);
}

static bool check_mul(const Verifier *v, IrTypeId l, IrTypeId r, IrTypeId res) {
    const IrType *lt = ty(v, l), *rt = ty(v, r), *xt = ty(v, res);
    if (!lt || !rt || !xt) return false;
    if (l == r) {
        bool square = lt->kind == IR_TYPE_MATRIX && lt->cols == lt->count;
        return res == l && (ir_type_is_numeric(v->types, l) || square);
    }
    if (lt->kind == IR_TYPE_SCALAR && (rt->kind == IR_TYPE_VECTOR || rt->kind == IR_TYPE_MATRIX))
        return rt->elem == l && res == r;
    if (rt->kind == IR_TYPE_SCALAR && (lt->kind == IR_TYPE_VECTOR || lt->kind == IR_TYPE_MATRIX))
        return lt->elem == r && res == l;
    if (lt->kind == IR_TYPE_MATRIX && rt->kind == IR_TYPE_VECTOR)
        return rt->elem == lt->elem && rt->count == lt->cols && res == lt->column;
    if (lt->kind == IR_TYPE_VECTOR && rt->kind == IR_TYPE_MATRIX)
        return lt->elem == rt->elem && lt->count == rt->count && xt->kind == IR_TYPE_VECTOR &&
               xt->elem == rt->elem && xt->count == rt->cols;
    if (lt->kind == IR_TYPE_MATRIX && rt->kind == IR_TYPE_MATRIX)
        return lt->elem == rt->elem && rt->count == lt->cols && xt->kind == IR_TYPE_MATRIX &&
               xt->elem == lt->elem && xt->cols == rt->cols && xt->count == lt->count;
    return false;
}

/* Result is bool of the operands' shape. */
static bool check_compare(const Verifier *v, const IrInst *inst, bool ordered) {
    IrTypeId a = arg_type(v, inst, 0), r = result_type(v, inst);
    if (a != arg_type(v, inst, 1) || ir_type_lanes(v->types, a) == 0) return false;
    if (ordered ? !ir_type_is_numeric(v->types, a) : !ty(v, ir_type_element_scalar(v->types, a)))
        return false;
    return ir_type_is_bool(v->types, r) && ir_type_lanes(v->types, r) == ir_type_lanes(v->types, a);
}

static bool check_construct(const Verifier *v, const IrInst *inst) {
    IrTypeId r = result_type(v, inst);
    const IrType *t = ty(v, r);
    if (!t) return false;
    if (t->kind == IR_TYPE_VECTOR) {
        uint32_t lanes = 0;
        for (uint32_t i = 0; i < inst->arg_count; i++) {
            IrTypeId a = arg_type(v, inst, i);
            if (ir_type_element_scalar(v->types, a) != t->elem) return false;
            lanes += ir_type_lanes(v->types, a);
        }
        return lanes == t->count || (inst->arg_count == 1 && lanes == 1);  /* splat */
    }
    uint32_t members = ir_type_member_count(v->types, r);
    if (members == 0 || inst->arg_count != members) return false;
    for (uint32_t i = 0; i < members; i++)
        if (arg_type(v, inst, i) != ir_type_member(v->types, r, i)) return false;
    return true;
}

static IrTypeId walk_indices(const Verifier *v, IrTypeId t, const uint32_t *path, uint32_t count) {
    for (uint32_t i = 0; i < count && t != IR_NO_TYPE; i++) {
        const IrType *ct = ty(v, t);
        if (ct->kind == IR_TYPE_ARRAY && ct->count == 0) return IR_NO_TYPE;
        t = ir_type_member(v->types, t, path[i]);
    }
    return t;
}

static bool const_operand(const Verifier *v, IrValueId id, uint32_t *out) {
    const IrValue *value = ir_value(v->f, id);
    if (!value || value->kind != IR_VALUE_RESULT) return false;
    const IrInst *def = ir_inst(v->f, value->def);
    if (!def || def->op != IR_OP_CONST) return false;
    *out = (uint32_t)def->literal;
    return true;
}

static bool check_access(Verifier *v, const IrInst *inst) {
    const IrType *base = ty(v, arg_type(v, inst, 0)), *res = ty(v, result_type(v, inst));
    if (!base || base->kind != IR_TYPE_POINTER || !res || res->kind != IR_TYPE_POINTER) return false;
    IrTypeId cur = base->elem;
    for (uint32_t i = 1; i < inst->arg_count && cur != IR_NO_TYPE; i++) {
        const IrType *ct = ty(v, cur);
        IrTypeId it = arg_type(v, inst, i);
        if (!is_int32(v, it)) return false;
        uint32_t index = 0;
        bool known = const_operand(v, inst->args[i], &index);
        if (ct->kind == IR_TYPE_STRUCT && !known) {
            type_error(v, inst, "结构成员的序号须是常量");
            return true;
        }
        if (ct->kind == IR_TYPE_ARRAY || ct->kind == IR_TYPE_VECTOR || ct->kind == IR_TYPE_MATRIX) {
            if (known && ct->count != 0 && index >= ir_type_member_count(v->types, cur)) return false;
            index = 0;
        }
        cur = ir_type_member(v->types, cur, index);
    }
    return cur != IR_NO_TYPE && res->elem == cur && res->space == base->space;
}

/* Pointer operand 0 to atomic<T>; returns T or IR_NO_TYPE. */
static IrTypeId atomic_elem(const Verifier *v, const IrInst *inst, IrAddressSpace *space) {
    const IrType *p = ty(v, arg_type(v, inst, 0));
    if (!p || p->kind != IR_TYPE_POINTER) return IR_NO_TYPE;
    const IrType *a = ty(v, p->elem);
    if (!a || a->kind != IR_TYPE_ATOMIC) return IR_NO_TYPE;
    *space = p->space;
    return a->elem;
}

static void check_writable(Verifier *v, const IrInst *inst, IrAddressSpace space) {
    if (!ir_space_is_writable(space))
        VERR(v, inst->span, "函数「%s」：不能经只读的指针（地址空间 %s）写入", v->f->name,
             ir_space_name(space));
}

static bool check_atomic(Verifier *v, const IrInst *inst) {
    IrAddressSpace space = IR_SPACE_FUNCTION;
    IrTypeId t = atomic_elem(v, inst, &space);
    if (t == IR_NO_TYPE) return false;
    IrTypeId r = result_type(v, inst);
    switch (ir_op_info(inst->op)->sig) {
    case SIG_ATOMIC_LOAD: return r == t;
    case SIG_ATOMIC_STORE: check_writable(v, inst, space); return arg_type(v, inst, 1) == t;
    case SIG_ATOMIC_RMW: check_writable(v, inst, space); return arg_type(v, inst, 1) == t && r == t;
    default: {
        check_writable(v, inst, space);
        const IrType *rt = ty(v, r);
        return arg_type(v, inst, 1) == t && arg_type(v, inst, 2) == t && rt &&
               rt->kind == IR_TYPE_STRUCT && rt->field_count == 2 && rt->fields[0].type == t &&
               ty(v, rt->fields[1].type)->kind == IR_TYPE_BOOL;
    }
    }
}

static bool is_vec2_f32(const Verifier *v, IrTypeId id) { return is_vec_of(v, id, 2, is_f32); }

static bool check_texture(const Verifier *v, const IrInst *inst) {
    const IrType *tex = ty(v, arg_type(v, inst, 0));
    const IrType *r = ty(v, result_type(v, inst));
    if (!tex || !r) return false;
    bool depth = tex->kind == IR_TYPE_TEXTURE_DEPTH_2D;
    if (tex->kind != IR_TYPE_TEXTURE_2D && !depth) return false;
    const IrType *sampler = ty(v, arg_type(v, inst, 1));
    /* The sampled/loaded value: vec4 of the texel type, or f32 for depth. */
    bool texel_ok = depth ? is_f32(v, result_type(v, inst))
                          : r->kind == IR_TYPE_VECTOR && r->count == 4 && r->elem == tex->elem;
    switch (inst->op) {
    case IR_OP_TEXTURE_SAMPLE:
    case IR_OP_TEXTURE_SAMPLE_LEVEL:
        if (inst->op == IR_OP_TEXTURE_SAMPLE_LEVEL) {
            IrTypeId level = arg_type(v, inst, 3);
            if (!(depth ? is_int32(v, level) : is_f32(v, level))) return false;
        }
        return sampler && sampler->kind == IR_TYPE_SAMPLER && is_vec2_f32(v, arg_type(v, inst, 2)) &&
               texel_ok && (depth || is_f32(v, tex->elem));
    case IR_OP_TEXTURE_LOAD:
        return is_vec_of(v, arg_type(v, inst, 1), 2, is_int32) && is_int32(v, arg_type(v, inst, 2)) &&
               texel_ok;
    case IR_OP_TEXTURE_DIMENSIONS:
        return (inst->arg_count < 2 || is_int32(v, arg_type(v, inst, 1))) && r->kind == IR_TYPE_VECTOR &&
               r->count == 2 && is_scalar_of(v, r->elem, IR_UINT);
    case IR_OP_TEXTURE_SAMPLE_COMPARE:
        return depth && sampler && sampler->kind == IR_TYPE_SAMPLER_COMPARISON &&
               is_vec2_f32(v, arg_type(v, inst, 2)) && is_f32(v, arg_type(v, inst, 3)) && texel_ok;
    default:
        return false;
    }
}

static bool check_call(Verifier *v, const IrInst *inst) {
    const IrFunction *callee = ir_function(v->m, inst->symbol);
    if (!callee) {
        VERR(v, inst->span, "函数「%s」：调用的函数不存在", v->f->name);
        return true;
    }
    if (inst->arg_count != callee->param_count) return false;
    for (uint32_t i = 0; i < inst->arg_count; i++)
        if (arg_type(v, inst, i) != ir_value_type(callee, callee->params[i])) return false;
    const IrType *rt = ty(v, callee->return_type);
    if (rt && rt->kind == IR_TYPE_VOID) return inst->result_count == 0;
    return inst->result_count == 1 && result_type(v, inst) == callee->return_type;
}

static bool check_load_store(Verifier *v, const IrInst *inst) {
    const IrType *p = ty(v, arg_type(v, inst, 0));
    if (!p || p->kind != IR_TYPE_POINTER) return false;
    const IrType *pointee = ty(v, p->elem);
    if (pointee->kind == IR_TYPE_ATOMIC || (pointee->kind == IR_TYPE_ARRAY && pointee->count == 0))
        return false;
    if (inst->op == IR_OP_LOAD) return result_type(v, inst) == p->elem;
    check_writable(v, inst, p->space);
    return arg_type(v, inst, 1) == p->elem;
}

static bool fragment_of(const Verifier *v, IrTypeId id, IrFragmentKind *kind) {
    return ir_type_is_fragment(v->types, id, kind);
}

/* 着十二: a constant start or stride must be a multiple of IR_FRAG_ALIGN_ELEMENTS. */
static void check_fragment_offset(Verifier *v, const IrInst *inst, uint32_t arg, const char *what) {
    uint32_t value = 0;
    if (!ir_value_known_u32(v->m, v->f, inst->args[arg], &value) || value % IR_FRAG_ALIGN_ELEMENTS == 0)
        return;
    const IrValue *iv = ir_value(v->f, inst->args[arg]);
    VERR(v, iv->span.end > iv->span.start ? iv->span : inst->span,
         "子组矩阵片的「%s」按元素算，须是 %u 的倍数（着十二），此处是 %u", what, IR_FRAG_ALIGN_ELEMENTS, value);
}

static bool check_fragment_memory(Verifier *v, const IrInst *inst, IrFragmentKind kind) {
    IrTypeId pointer = arg_type(v, inst, IR_FRAG_ARG_MEMORY);
    IrFragMemory memory = ir_fragment_memory(v->types, pointer);
    if (!ir_fragment_access_ok(inst->op, memory, kind) ||
        !is_scalar_of(v, arg_type(v, inst, IR_FRAG_ARG_START), IR_UINT) ||
        !is_scalar_of(v, arg_type(v, inst, IR_FRAG_ARG_STRIDE), IR_UINT))
        return false;
    if (inst->op == IR_OP_FRAG_STORE || inst->op == IR_OP_FRAG_STORE_ROWS8)
        check_writable(v, inst, ty(v, pointer)->space);
    check_fragment_offset(v, inst, IR_FRAG_ARG_START, "起");
    check_fragment_offset(v, inst, IR_FRAG_ARG_STRIDE, "步");
    return true;
}

/* An element operation (SIG_FRAG_ELEMENT): an f32 accumulator, then the operands
 * ir_fragment_element_operands lists; the result per ir_fragment_element_result. */
static bool check_fragment_element(Verifier *v, const IrInst *inst) {
    const char *operands = ir_fragment_element_operands(inst->op);
    IrFragmentKind kind = IR_FRAG_KIND_COUNT;
    if (!operands || !fragment_of(v, arg_type(v, inst, 0), &kind) || kind != IR_FRAG_ACC_F32) return false;
    for (uint32_t i = 0; operands[i]; i++) {
        IrTypeId t = arg_type(v, inst, i + 1);
        bool ok = operands[i] == 'a'   ? fragment_of(v, t, &kind) && kind == IR_FRAG_ACC_F32
                  : operands[i] == 'i' ? is_scalar_of(v, t, IR_SINT)
                                       : is_scalar_of(v, t, IR_FLOAT) && ty(v, t)->width == 32;
        if (!ok) return false;
    }
    return fragment_of(v, result_type(v, inst), &kind) && kind == ir_fragment_element_result(inst->op);
}

static bool check_fragment(Verifier *v, const IrInst *inst) {
    IrFragmentKind kind = IR_FRAG_KIND_COUNT, a = IR_FRAG_KIND_COUNT, b = IR_FRAG_KIND_COUNT,
                   c = IR_FRAG_KIND_COUNT;
    switch (ir_op_info(inst->op)->sig) {
    case SIG_FRAG_FILL:
        if (!fragment_of(v, result_type(v, inst), &kind)) return false;
        if (inst->op == IR_OP_FRAG_ZERO) return kind == IR_FRAG_ACC_F32;
        return kind == IR_FRAG_ACC_S32 && is_scalar_of(v, arg_type(v, inst, 0), IR_UINT);
    case SIG_FRAG_LOAD:
        return fragment_of(v, result_type(v, inst), &kind) && check_fragment_memory(v, inst, kind);
    case SIG_FRAG_STORE:
        return fragment_of(v, arg_type(v, inst, IR_FRAG_ARG_STORED), &kind) &&
               check_fragment_memory(v, inst, kind);
    default: /* SIG_FRAG_MMA */
        return fragment_of(v, arg_type(v, inst, 0), &a) && fragment_of(v, arg_type(v, inst, 1), &b) &&
               fragment_of(v, arg_type(v, inst, 2), &c) && ir_fragment_acc_of(a) == c &&
               ir_fragment_b_of(a) == b && result_type(v, inst) == arg_type(v, inst, 2);
    }
}

static void check_multiple(Verifier *v, const IrInst *inst, uint32_t arg, uint32_t of, const char *what) {
    uint32_t value = 0;
    if (!ir_value_known_u32(v->m, v->f, inst->args[arg], &value) || value % of == 0) return;
    const IrValue *iv = ir_value(v->f, inst->args[arg]);
    VERR(v, iv->span.end > iv->span.start ? iv->span : inst->span,
         "「异步拷贝」的%s须是 %u 的倍数（十六字节对齐），此处是 %u", what, of, value);
}

/* async_copy: workgroup array<f16, N>, u32, storage array<u32>, u32; async_wait: a u32. */
static bool check_async(Verifier *v, const IrInst *inst) {
    if (inst->op == IR_OP_ASYNC_WAIT) return is_scalar_of(v, arg_type(v, inst, 0), IR_UINT);
    if (ir_fragment_memory(v->types, arg_type(v, inst, 0)) != IR_FRAG_MEM_WORKGROUP_F16 ||
        ir_fragment_memory(v->types, arg_type(v, inst, 2)) != IR_FRAG_MEM_STORAGE_U32 ||
        !is_scalar_of(v, arg_type(v, inst, 1), IR_UINT) || !is_scalar_of(v, arg_type(v, inst, 3), IR_UINT))
        return false;
    check_multiple(v, inst, 1, IR_ASYNC_COPY_DST_ALIGN, "工作组元素序");
    check_multiple(v, inst, 3, IR_ASYNC_COPY_SRC_ALIGN, "存储字序");
    return true;
}

/* tma_load: the `global` of a tensor map, a workgroup array of its element type, u32, a barrier
 * array, u32 × 3; a constant destination index is a multiple of the alignment. */
static bool check_tma_load(Verifier *v, const IrInst *inst) {
    const IrGlobal *map = ir_tensor_map_of(v->m, v->f, inst->args[0]);
    const IrType *mp = ty(v, arg_type(v, inst, 0)), *dp = ty(v, arg_type(v, inst, 1));
    const IrType *ma = mp && mp->kind == IR_TYPE_POINTER ? ty(v, mp->elem) : NULL;
    const IrType *da = dp && dp->kind == IR_TYPE_POINTER && dp->space == IR_SPACE_WORKGROUP ? ty(v, dp->elem) : NULL;
    if (!map || !ma || ma->kind != IR_TYPE_ARRAY || !da || da->kind != IR_TYPE_ARRAY || da->count == 0 ||
        da->elem != ma->elem || !ir_type_is_async_barrier_array_ptr(v->types, arg_type(v, inst, 3), NULL))
        return false;
    for (uint32_t i = 2; i < inst->arg_count; i++)
        if (i != 3 && !is_scalar_of(v, arg_type(v, inst, i), IR_UINT)) return false;
    uint32_t index = 0, elem_bytes = ir_type_size(v->types, ma->elem), align = ir_tma_dst_align_bytes(map);
    if (ir_value_known_u32(v->m, v->f, inst->args[2], &index) && elem_bytes && (uint64_t)index * elem_bytes % align != 0) {
        const IrValue *iv = ir_value(v->f, inst->args[2]);
        VERR(v, iv->span.end > iv->span.start ? iv->span : inst->span,
             "「张量载入」的元素序须是 %u 的倍数（%u 字节对齐%s），此处是 %u", align / elem_bytes, align,
             map->box_swizzle ? "，因为有交错" : "", index);
    }
    return true;
}

/* mbarrier_*: a workgroup array of 「异步屏障」 (vec2<u32>), then u32 operands. */
static bool check_async_barrier(Verifier *v, const IrInst *inst) {
    if (inst->op == IR_OP_TMA_LOAD) return check_tma_load(v, inst);
    if (!ir_type_is_async_barrier_array_ptr(v->types, arg_type(v, inst, 0), NULL)) return false;
    for (uint32_t i = 1; i < inst->arg_count; i++)
        if (!is_scalar_of(v, arg_type(v, inst, i), IR_UINT)) return false;
    return true;
}

/* ptr<space, array<elem[, count]>> with the array's element a 32- or 16-bit float scalar of
 * `width`; its space and length in *space and *count. */
static bool float_array_pointer(const Verifier *v, IrTypeId id, uint32_t width, IrAddressSpace *space,
                                uint32_t *count) {
    const IrType *p = ty(v, id);
    const IrType *a = p && p->kind == IR_TYPE_POINTER ? ty(v, p->elem) : NULL;
    const IrType *e = a && a->kind == IR_TYPE_ARRAY ? ty(v, a->elem) : NULL;
    if (!e || e->kind != IR_TYPE_SCALAR || e->scalar != IR_FLOAT || e->width != width) return false;
    *space = p->space;
    *count = a->count;
    return true;
}

/* 着十三: tensor_zero → acc; tensor_mma acc, A (storage f32 runtime array), start, stride, rows,
 * B (workgroup f16 array of at least 64×32) → acc; tensor_store acc, storage f32 runtime array
 * (writable), start, stride, columns, rows. */
/* The element count of the array a pointer points at. */
static bool u32_array_count(const Verifier *v, IrTypeId pointer, uint32_t *count) {
    const IrType *p = ir_type(v->types, pointer);
    const IrType *array = p ? ir_type(v->types, p->elem) : NULL;
    if (!array || array->kind != IR_TYPE_ARRAY) return false;
    *count = array->count;
    return true;
}

/* A constant operand of a warpgroup op that is out of its range (ir_tensor_constant_ok). */
static void check_tensor_constant(Verifier *v, const IrInst *inst) {
    bool mma = inst->op == IR_OP_TENSOR_MMA_ASYNC || inst->op == IR_OP_TENSOR_MMA_ASYNC_BF16;
    uint32_t arg = mma ? 4 : inst->op == IR_OP_TENSOR_WAIT ? 1 : 0, value = 0;
    if (!ir_value_known_u32(v->m, v->f, inst->args[arg], &value) || ir_tensor_constant_ok(inst->op, value)) return;
    const IrValue *iv = ir_value(v->f, inst->args[arg]);
    VERR(v, iv->span.end > iv->span.start ? iv->span : inst->span, "「%s」的%s，此处是 %u",
         ir_tensor_builtin_name(inst->op), ir_tensor_constant_rule(inst->op), value);
}

static bool check_warpgroup_op(Verifier *v, const IrInst *inst) {
    IrFragmentKind kind = IR_FRAG_KIND_COUNT;
    if (inst->op == IR_OP_TENSOR_COMMIT) return true;
    if (inst->op == IR_OP_REGISTER_INC || inst->op == IR_OP_REGISTER_DEC) {
        if (!is_scalar_of(v, arg_type(v, inst, 0), IR_UINT)) return false;
        check_tensor_constant(v, inst);
        return true;
    }
    if (!fragment_of(v, arg_type(v, inst, 0), &kind) || kind != IR_FRAG_TENSOR_ACC_F32 ||
        result_type(v, inst) != arg_type(v, inst, 0))
        return false;
    if (inst->op == IR_OP_TENSOR_WAIT) {
        if (!is_scalar_of(v, arg_type(v, inst, 1), IR_UINT)) return false;
        check_tensor_constant(v, inst);
        return true;
    }
    IrAddressSpace space = IR_SPACE_FUNCTION;  /* tensor_mma_async: acc, array, A start, B start, layout */
    uint32_t count = 0;
    if (inst->op == IR_OP_TENSOR_MMA_ASYNC_BF16) {  /* bf16 pairs in u32 words */
        if (ir_fragment_memory(v->types, arg_type(v, inst, 1)) != IR_FRAG_MEM_WORKGROUP_U32 ||
            !u32_array_count(v, arg_type(v, inst, 1), &count) || count < IR_TENSOR_SHARED_ELEMENTS / 2)
            return false;
    } else if (!float_array_pointer(v, arg_type(v, inst, 1), 16, &space, &count) || space != IR_SPACE_WORKGROUP ||
               count < IR_TENSOR_SHARED_ELEMENTS) {
        return false;
    }
    for (uint32_t i = 2; i < 5; i++)
        if (!is_scalar_of(v, arg_type(v, inst, i), IR_UINT)) return false;
    check_tensor_constant(v, inst);
    return true;
}

static bool check_tensor(Verifier *v, const IrInst *inst) {
    IrFragmentKind kind = IR_FRAG_KIND_COUNT;
    if (inst->op == IR_OP_TENSOR_ZERO)
        return fragment_of(v, result_type(v, inst), &kind) && kind == IR_FRAG_TENSOR_ACC_F32;
    if (ir_tensor_op_is_async(inst->op)) return check_warpgroup_op(v, inst);
    if (!fragment_of(v, arg_type(v, inst, 0), &kind) || kind != IR_FRAG_TENSOR_ACC_F32) return false;
    if (inst->op == IR_OP_TENSOR_MMA_SHARED) {  /* acc, workgroup array<f16>, A start, B start */
        IrAddressSpace space = IR_SPACE_FUNCTION;
        uint32_t count = 0;
        return result_type(v, inst) == arg_type(v, inst, 0) &&
               float_array_pointer(v, arg_type(v, inst, 1), 16, &space, &count) && space == IR_SPACE_WORKGROUP &&
               count >= IR_TENSOR_SHARED_ELEMENTS && is_scalar_of(v, arg_type(v, inst, 2), IR_UINT) &&
               is_scalar_of(v, arg_type(v, inst, 3), IR_UINT);
    }
    IrAddressSpace space = IR_SPACE_FUNCTION;
    uint32_t count = 0;
    if (!float_array_pointer(v, arg_type(v, inst, 1), 32, &space, &count) || count != 0 ||
        (space != IR_SPACE_STORAGE_READ && space != IR_SPACE_STORAGE_READ_WRITE))
        return false;
    for (uint32_t i = 2; i < 5; i++)
        if (!is_scalar_of(v, arg_type(v, inst, i), IR_UINT)) return false;
    if (inst->op == IR_OP_TENSOR_STORE) {
        check_writable(v, inst, space);
        return is_scalar_of(v, arg_type(v, inst, 5), IR_UINT);
    }
    IrAddressSpace b_space = IR_SPACE_FUNCTION;
    uint32_t b_count = 0;
    return result_type(v, inst) == arg_type(v, inst, 0) &&
           float_array_pointer(v, arg_type(v, inst, 5), 16, &b_space, &b_count) &&
           b_space == IR_SPACE_WORKGROUP && b_count >= IR_TENSOR_B_ELEMENTS;
}

/* Type rules per signature family; false = a generic type error. */
static bool check_types(Verifier *v, const IrInst *inst) {
    const IrTypeTable *T = v->types;
    IrTypeId a0 = arg_type(v, inst, 0), a1 = arg_type(v, inst, 1), r = result_type(v, inst);
    switch (ir_op_info(inst->op)->sig) {
    case SIG_NONE: case SIG_CONTROL: return true;
    case SIG_LITERAL: return ir_type_lanes(T, r) == 1;
    case SIG_CONSTANT: {
        const IrConstant *c = ir_constant(v->m, inst->symbol);
        return c && c->type == r;
    }
    case SIG_GLOBAL: {
        const IrGlobal *g = ir_global(v->m, inst->symbol);
        const IrType *p = ty(v, r);
        return g && p && p->kind == IR_TYPE_POINTER && p->space == g->space && p->elem == g->type;
    }
    case SIG_VAR: {
        const IrType *p = ty(v, r);
        return p && p->kind == IR_TYPE_POINTER && p->space == IR_SPACE_FUNCTION &&
               (inst->arg_count == 0 || a0 == p->elem);
    }
    case SIG_ARITH: return all_same(v, inst, inst->op == IR_OP_ADD || inst->op == IR_OP_SUB
                                                 ? numeric_or_matrix : ir_type_is_numeric);
    case SIG_MUL: return check_mul(v, a0, a1, r);
    case SIG_NEG: case SIG_SIGNED1: return all_same(v, inst, signed_or_float);
    case SIG_CMP_EQ: return check_compare(v, inst, false);
    case SIG_CMP_ORD: return check_compare(v, inst, true);
    case SIG_BOOL1: case SIG_BOOL2: return all_same(v, inst, ir_type_is_bool);
    case SIG_INT1: case SIG_INT2: return all_same(v, inst, ir_type_is_integer);
    case SIG_SHIFT:
        return a0 == r && ir_type_is_integer(T, r) && ir_type_lanes(T, a1) == ir_type_lanes(T, r) &&
               is_scalar_of(v, ir_type_element_scalar(T, a1), IR_UINT);
    case SIG_CONVERT:
        return ir_type_lanes(T, a0) != 0 && ir_type_lanes(T, a0) == ir_type_lanes(T, r);
    case SIG_BITCAST:
        return (ir_type_is_numeric(T, a0) && ir_type_is_numeric(T, r) &&
                ir_type_size(T, a0) == ir_type_size(T, r));
    case SIG_SELECT: {
        uint32_t lanes = ir_type_lanes(T, a0);
        return ir_type_is_bool(T, a0) && a1 == r && arg_type(v, inst, 2) == r &&
               ir_type_lanes(T, r) != 0 && (lanes == 1 || lanes == ir_type_lanes(T, r));
    }
    case SIG_CONSTRUCT: return check_construct(v, inst);
    case SIG_EXTRACT:
        return inst->index_count > 0 && walk_indices(v, a0, inst->indices, inst->index_count) == r &&
               r != IR_NO_TYPE;
    case SIG_INSERT:
        return inst->index_count > 0 && a0 == r &&
               walk_indices(v, a0, inst->indices, inst->index_count) == a1 && a1 != IR_NO_TYPE;
    case SIG_ACCESS: return check_access(v, inst);
    case SIG_LOAD: case SIG_STORE: return check_load_store(v, inst);
    case SIG_CALL: return check_call(v, inst);
    case SIG_ARRAY_LENGTH: {
        const IrType *p = ty(v, a0);
        const IrType *arr = p && p->kind == IR_TYPE_POINTER ? ty(v, p->elem) : NULL;
        return arr && arr->kind == IR_TYPE_ARRAY && arr->count == 0 && is_scalar_of(v, r, IR_UINT);
    }
    case SIG_NUM1: case SIG_NUM2: case SIG_NUM3: return all_same(v, inst, ir_type_is_numeric);
    case SIG_FLOAT1: case SIG_FLOAT2: case SIG_FLOAT3: return all_same(v, inst, ir_type_is_float);
    case SIG_FLOATVEC1: case SIG_FLOATVEC2: return all_same(v, inst, float_vector);
    case SIG_DOT:
        return a0 == a1 && ty(v, a0) && ty(v, a0)->kind == IR_TYPE_VECTOR &&
               ir_type_is_numeric(T, a0) && r == ir_type_element_scalar(T, a0);
    case SIG_CROSS: return all_same(v, inst, float_vector) && ir_type_lanes(T, r) == 3;
    case SIG_LENGTH: return ir_type_is_float(T, a0) && r == ir_type_element_scalar(T, a0);
    case SIG_DISTANCE:
        return a0 == a1 && ir_type_is_float(T, a0) && r == ir_type_element_scalar(T, a0);
    case SIG_PACK: return is_vec2_f32(v, a0) && is_scalar_of(v, r, IR_UINT);
    case SIG_UNPACK: return is_scalar_of(v, a0, IR_UINT) && is_vec2_f32(v, r);
    case SIG_ATOMIC_LOAD: case SIG_ATOMIC_STORE: case SIG_ATOMIC_RMW: case SIG_ATOMIC_CMPXCHG:
        return check_atomic(v, inst);
    case SIG_TEXTURE: return check_texture(v, inst);
    case SIG_SUBGROUP_SHUFFLE: return a0 == r && ir_type_is_numeric(T, r) && is_int32(v, a1);
    case SIG_SUBGROUP_BALLOT: return is_bool_scalar(v, a0) && is_vec_of(v, r, 4, is_u32);
    case SIG_SUBGROUP_VOTE: return a0 == r && is_bool_scalar(v, r);
    case SIG_SUBGROUP_ELECT: return is_bool_scalar(v, r);
    case SIG_FRAG_FILL: case SIG_FRAG_LOAD: case SIG_FRAG_MMA: case SIG_FRAG_STORE:
        return check_fragment(v, inst);
    case SIG_FRAG_ELEMENT: return check_fragment_element(v, inst);
    case SIG_ASYNC_COPY: case SIG_ASYNC_WAIT: return check_async(v, inst);
    case SIG_TENSOR: return check_tensor(v, inst);
    case SIG_WARPGROUP_ID: return is_scalar_of(v, result_type(v, inst), IR_UINT);
    case SIG_ASYNC_BARRIER: return check_async_barrier(v, inst);
    }
    return false;
}

/* ---- which type a rejected instruction wanted ---- */

static const char *type_text(const Verifier *v, StrBuf *scratch, IrTypeId id) {
    strbuf_clear(scratch);
    if (ty(v, id)) ir_print_type(scratch, v->types, id);
    else strbuf_puts(scratch, "（无）");
    return strbuf_cstr(scratch);
}

/* For the signatures whose operands and result share one type: the kind that type must be. */
static const char *same_type_kind(IrSig sig, IrOp op) {
    switch (sig) {
    case SIG_ARITH: return op == IR_OP_ADD || op == IR_OP_SUB ? "数值或矩阵类型" : "数值类型";
    case SIG_NEG: case SIG_SIGNED1: return "有符号整数或浮点类型";
    case SIG_BOOL1: case SIG_BOOL2: return "布尔类型";
    case SIG_INT1: case SIG_INT2: return "整数类型";
    case SIG_NUM1: case SIG_NUM2: case SIG_NUM3: return "数值类型";
    case SIG_FLOAT1: case SIG_FLOAT2: case SIG_FLOAT3: return "浮点类型";
    case SIG_FLOATVEC1: case SIG_FLOATVEC2: return "浮点向量类型";
    default: return NULL;
    }
}

/* "第2个操作数是 f32，应与结果一样是 u32", "结果应为 u32（指针所指的类型），却是 f32" …; for the
 * other signatures the operand and result types, so the reader sees what did not fit. */
static void explain_types(const Verifier *v, const IrInst *inst, StrBuf *why) {
    StrBuf a, b;
    strbuf_init(&a);
    strbuf_init(&b);
    const IrSig sig = ir_op_info(inst->op)->sig;
    IrTypeId r = result_type(v, inst);
    const char *kind = same_type_kind(sig, inst->op);
    const IrType *p = ty(v, arg_type(v, inst, 0));
    bool pointer = p && p->kind == IR_TYPE_POINTER;
    if (kind) {
        for (uint32_t i = 0; i < inst->arg_count && !why->len; i++)
            if (arg_type(v, inst, i) != r)
                strbuf_printf(why, "第 %u 个操作数是 %s，应与结果一样是 %s", i + 1,
                              type_text(v, &a, arg_type(v, inst, i)), type_text(v, &b, r));
        if (!why->len) strbuf_printf(why, "%s 不是%s", type_text(v, &a, r), kind);
    } else if (sig == SIG_MUL && ty(v, arg_type(v, inst, 0)) && ty(v, arg_type(v, inst, 1)) &&
               ty(v, arg_type(v, inst, 0))->kind == IR_TYPE_SCALAR && ty(v, arg_type(v, inst, 1))->kind == IR_TYPE_SCALAR) {
        IrTypeId a0 = arg_type(v, inst, 0), a1 = arg_type(v, inst, 1);
        if (a0 != a1)
            strbuf_printf(why, "两个标量操作数应同型，却是 %s 与 %s", type_text(v, &a, a0), type_text(v, &b, a1));
        else if (r != a0)
            strbuf_printf(why, "结果应为 %s（与操作数一样），却是 %s", type_text(v, &a, a0), type_text(v, &b, r));
    } else if ((sig == SIG_LOAD || sig == SIG_STORE) && !pointer) {
        strbuf_printf(why, "第 1 个操作数应为指针，却是 %s", type_text(v, &a, arg_type(v, inst, 0)));
    } else if (sig == SIG_LOAD && r != p->elem) {
        strbuf_printf(why, "结果应为 %s（指针所指的类型），却是 %s", type_text(v, &a, p->elem), type_text(v, &b, r));
    } else if (sig == SIG_STORE && arg_type(v, inst, 1) != p->elem) {
        strbuf_printf(why, "存入的值应为 %s（指针所指的类型），却是 %s", type_text(v, &a, p->elem),
                      type_text(v, &b, arg_type(v, inst, 1)));
    } else if (sig == SIG_CALL && ir_function(v->m, inst->symbol)) {
        const IrFunction *callee = ir_function(v->m, inst->symbol);
        for (uint32_t i = 0; i < inst->arg_count && i < callee->param_count && !why->len; i++) {
            IrTypeId want = ir_value_type(callee, callee->params[i]);
            if (arg_type(v, inst, i) != want)
                strbuf_printf(why, "第 %u 个实参应为 %s，却是 %s", i + 1, type_text(v, &a, want),
                              type_text(v, &b, arg_type(v, inst, i)));
        }
        if (!why->len && inst->arg_count != callee->param_count)
            strbuf_printf(why, "「%s」要 %u 个实参，这里有 %u 个", callee->name, callee->param_count, inst->arg_count);
        if (!why->len && inst->result_count && r != callee->return_type)
            strbuf_printf(why, "结果应为 %s（「%s」的返回类型），却是 %s", type_text(v, &a, callee->return_type),
                          callee->name, type_text(v, &b, r));
    }
    if (!why->len) {
        strbuf_puts(why, "不合此指令的签名（操作数");
        for (uint32_t i = 0; i < inst->arg_count; i++)
            strbuf_printf(why, "%s%s", i ? "、" : " ", type_text(v, &a, arg_type(v, inst, i)));
        if (!inst->arg_count) strbuf_puts(why, "无");
        if (inst->result_count) strbuf_printf(why, "，结果 %s", type_text(v, &a, r));
        strbuf_puts(why, "）");
    }
    strbuf_free(&a);
    strbuf_free(&b);
}

static bool check_counts(Verifier *v, const IrInst *inst) {
    const IrOpInfo *info = ir_op_info(inst->op);
    bool args_ok = inst->arg_count >= info->min_args &&
                   (info->max_args == IR_VARIADIC || inst->arg_count <= info->max_args);
    bool results_ok = info->results == IR_RESULTS_N || inst->result_count == info->results ||
                      (inst->op == IR_OP_CALL && inst->result_count == 0);
    if (!args_ok) VERR(v, inst->span, "函数「%s」：指令“%s”的操作数个数不对", v->f->name, info->name);
    if (!results_ok) VERR(v, inst->span, "函数「%s」：指令“%s”的结果个数不对", v->f->name, info->name);
    return args_ok && results_ok;
}

/* Values passed by a yield/break/continue must match the types they flow into. */
static void check_flow(Verifier *v, const IrInst *inst, const IrValueId *targets, uint32_t count,
                       const char *what) {
    bool ok = inst->arg_count == count;
    for (uint32_t i = 0; ok && i < count; i++)
        ok = arg_type(v, inst, i) == ir_value_type(v->f, targets[i]);
    if (!ok)
        VERR(v, inst->span, "函数「%s」：“%s”传出的值与%s的个数或类型不符", v->f->name,
             ir_op_info(inst->op)->name, what);
}

static void check_terminator(Verifier *v, const IrInst *inst, IrInstId if_owner, IrInstId loop_owner) {
    const char *name = ir_op_info(inst->op)->name;
    switch (inst->op) {
    case IR_OP_YIELD: {
        const IrInst *owner = ir_inst(v->f, if_owner);
        if (!owner) VERR(v, inst->span, "函数「%s」：“yield”只能结束 if 的分支", v->f->name);
        else check_flow(v, inst, owner->results, owner->result_count, "if 的结果");
        break;
    }
    case IR_OP_BREAK: case IR_OP_CONTINUE: {
        const IrInst *loop = ir_inst(v->f, loop_owner);
        if (!loop) {
            VERR(v, inst->span, "函数「%s」：“%s”只能出现在循环里", v->f->name, name);
        } else if (inst->op == IR_OP_BREAK) {
            check_flow(v, inst, loop->results, loop->result_count, "循环的结果");
        } else {
            const IrBlock *body = ir_block(v->f, loop->blocks[0]);
            check_flow(v, inst, body->params, body->param_count, "循环参数");
        }
        break;
    }
    case IR_OP_RETURN: {
        const IrType *rt = ty(v, v->f->return_type);
        bool is_void = rt && rt->kind == IR_TYPE_VOID;
        bool ok = is_void ? inst->arg_count == 0
                          : inst->arg_count == 1 && arg_type(v, inst, 0) == v->f->return_type;
        if (!ok) VERR(v, inst->span, "函数「%s」：返回值与函数的返回类型不符", v->f->name);
        break;
    }
    default:
        break;
    }
}

static void verify_block(Verifier *v, IrBlockId id, IrInstId if_owner, IrInstId loop_owner, Span where);

static void verify_inst(Verifier *v, IrBlockId block, IrInstId id, IrInstId if_owner, IrInstId loop_owner) {
    const IrInst *inst = ir_inst(v->f, id);
    if (inst->parent != block) VERR(v, inst->span, "函数「%s」：指令记录的所在块不对", v->f->name);
    for (uint32_t i = 0; i < inst->arg_count; i++) {
        IrValueId a = inst->args[i];
        if (a >= v->f->value_count) {
            VERR(v, inst->span, "函数「%s」：操作数不是有效的值", v->f->name);
            return;
        }
        if (!v->visible[a])
            VERR(v, inst->span, "函数「%s」：指令“%s”用到的值在此处不可见（其定义不支配此处）",
                 v->f->name, ir_op_info(inst->op)->name);
    }
    for (uint32_t i = 0; i < inst->result_count; i++) {
        if (inst->results[i] >= v->f->value_count || ir_type(v->types, ir_value_type(v->f, inst->results[i])) == NULL) {
            VERR(v, inst->span, "函数「%s」：结果不是有效的值", v->f->name);
            return;
        }
    }
    if (check_counts(v, inst) && !check_types(v, inst)) {
        StrBuf why;
        strbuf_init(&why);
        explain_types(v, inst, &why);
        type_error(v, inst, strbuf_cstr(&why));
        strbuf_free(&why);
    }
    if (inst->op == IR_OP_VAR && inst->result_count) {
        const IrType *p = ty(v, result_type(v, inst));
        if (p && p->kind == IR_TYPE_POINTER && holds_runtime_array(v, p->elem))
            VERR(v, inst->span, "函数「%s」：函数里的变量不能含长度在运行时才定的数组（只有 storage 地址空间的变量可以）",
                 v->f->name);
    }
    if (inst->op == IR_OP_IF) {
        if (!ir_type_is_bool(v->types, arg_type(v, inst, 0)) || ir_type_lanes(v->types, arg_type(v, inst, 0)) != 1)
            VERR(v, inst->span, "函数「%s」：if 的条件须是 bool", v->f->name);
        verify_block(v, inst->blocks[0], id, loop_owner, inst->span);
        verify_block(v, inst->blocks[1], id, loop_owner, inst->span);
    } else if (inst->op == IR_OP_LOOP) {
        const IrBlock *body = ir_block(v->f, inst->blocks[0]);
        if (body) {
            bool ok = body->param_count == inst->arg_count;
            for (uint32_t i = 0; ok && i < body->param_count; i++)
                ok = ir_value_type(v->f, body->params[i]) == arg_type(v, inst, i);
            if (!ok) VERR(v, inst->span, "函数「%s」：循环参数与初值的个数或类型不符", v->f->name);
        }
        verify_block(v, inst->blocks[0], IR_NONE, id, inst->span);
    } else if (ir_op_is_terminator(inst->op)) {
        check_terminator(v, inst, if_owner, loop_owner);
    }
    for (uint32_t i = 0; i < inst->result_count; i++) v->visible[inst->results[i]] = 1;
}

static void verify_block(Verifier *v, IrBlockId id, IrInstId if_owner, IrInstId loop_owner, Span where) {
    const IrBlock *block = ir_block(v->f, id);
    if (!block) {
        VERR(v, where, "函数「%s」：缺少块", v->f->name);
        return;
    }
    for (uint32_t i = 0; i < block->param_count; i++)
        if (block->params[i] < v->f->value_count) v->visible[block->params[i]] = 1;
    for (uint32_t i = 0; i < block->inst_count; i++) {
        IrInstId inst = block->insts[i];
        if (inst >= v->f->inst_count || v->placed[inst]) {
            VERR(v, where, "函数「%s」：指令不存在或出现在两处", v->f->name);
            continue;
        }
        v->placed[inst] = 1;
        const IrInst *in = ir_inst(v->f, inst);
        bool last = i + 1 == block->inst_count;
        if (ir_op_is_terminator(in->op) && !last)
            VERR(v, in->span, "函数「%s」：终结指令“%s”之后还有指令", v->f->name, ir_op_info(in->op)->name);
        verify_inst(v, id, inst, if_owner, loop_owner);
    }
    const IrInst *end = block->inst_count ? ir_inst(v->f, block->insts[block->inst_count - 1]) : NULL;
    if (!end || !ir_op_is_terminator(end->op))
        VERR(v, end ? end->span : where, "函数「%s」：块没有以终结指令（return、yield、break、continue、discard）结束",
             v->f->name);
    /* Leaving the block: what it defined goes out of scope. */
    for (uint32_t i = 0; i < block->param_count; i++)
        if (block->params[i] < v->f->value_count) v->visible[block->params[i]] = 0;
    for (uint32_t i = 0; i < block->inst_count; i++) {
        const IrInst *in = ir_inst(v->f, block->insts[i]);
        for (uint32_t r = 0; in && r < in->result_count; r++)
            if (in->results[r] < v->f->value_count) v->visible[in->results[r]] = 0;
    }
}

static void verify_function(Verifier *v, const IrFunction *f) {
    v->f = f;
    v->visible = mem_calloc(f->value_count + 1, 1);
    v->placed = mem_calloc(f->inst_count + 1, 1);
    if (!v->visible || !v->placed) {
        mem_free(v->visible);
        mem_free(v->placed);
        return;
    }
    if (!ty(v, f->return_type)) VERR(v, f->span, "函数「%s」：返回类型无效", f->name);
    for (uint32_t i = 0; i < f->param_count; i++) {
        IrValueId p = f->params[i];
        if (p < f->value_count && ty(v, ir_value_type(f, p))) v->visible[p] = 1;
        else VERR(v, f->span, "函数「%s」：第 %u 个参数无效", f->name, i + 1);
    }
    verify_block(v, f->body, IR_NONE, IR_NONE, f->span);
    mem_free(v->visible);
    mem_free(v->placed);
}

/* ---- module-level rules ---- */


/* A tensor map (@tensor_box): a storage_read array<f16|f32|u32> with a binding, and TMA's box
 * rules (docs/builtins.md: rows and cols 1 … 256, a row a multiple of 16 bytes, swizzle 0, 32,
 * 64 or 128 bytes and a row within it). */
static void verify_tensor_box(Verifier *v, const IrGlobal *g, const IrType *t) {
    const IrType *e = t->kind == IR_TYPE_ARRAY && t->count == 0 ? ty(v, t->elem) : NULL;
    uint32_t bytes = e && e->kind == IR_TYPE_SCALAR ? e->width / 8 : 0;
    bool elem_ok = e && e->kind == IR_TYPE_SCALAR && (e->scalar == IR_FLOAT || (e->scalar == IR_UINT && bytes == 4));
    if (g->space != IR_SPACE_STORAGE_READ || !elem_ok) {
        VERR(v, g->span, "张量映射「%s」须是 storage_read 的 array<f16>、array<f32> 或 array<u32>", g->name);
        return;
    }
    uint32_t rows = g->box_rows, cols = g->box_cols, swizzle = g->box_swizzle;
    bool swizzle_ok = swizzle == 0 || swizzle == 32 || swizzle == 64 || swizzle == 128;
    if (rows > 256 || cols < 1 || cols > 256 || cols * bytes % 16 != 0 || !swizzle_ok || (swizzle && cols * bytes > swizzle))
        VERR(v, g->span, "张量映射「%s」的 @tensor_box(%u, %u, %u) 不合 TMA 的规则（行、列 1 至 256，一行是 16 字节的倍数，"
             "交错 0、32、64、128 字节且一行不超过它）", g->name, rows, cols, swizzle);
}

static void verify_globals(Verifier *v) {
    for (uint32_t i = 0; i < ir_global_count(v->m); i++) {
        const IrGlobal *g = ir_global(v->m, i);
        const IrType *t = ty(v, g->type);
        bool resource = g->space == IR_SPACE_STORAGE_READ || g->space == IR_SPACE_STORAGE_READ_WRITE ||
                        g->space == IR_SPACE_UNIFORM || g->space == IR_SPACE_HANDLE;
        if (!t) {
            VERR(v, g->span, "全局变量「%s」的类型无效", g->name);
            continue;
        }
        if (g->space == IR_SPACE_FUNCTION)
            VERR(v, g->span, "全局变量「%s」不能在 function 地址空间", g->name);
        if (resource && !g->has_binding) VERR(v, g->span, "资源「%s」缺少 @group/@binding", g->name);
        if (g->box_rows) verify_tensor_box(v, g, t);
        if (!resource && g->has_binding)
            VERR(v, g->span, "%s 地址空间的变量「%s」不能有绑定", ir_space_name(g->space), g->name);
        bool opaque = t->kind == IR_TYPE_TEXTURE_2D || t->kind == IR_TYPE_TEXTURE_DEPTH_2D ||
                      t->kind == IR_TYPE_SAMPLER || t->kind == IR_TYPE_SAMPLER_COMPARISON;
        if (opaque != (g->space == IR_SPACE_HANDLE))
            VERR(v, g->span, "全局变量「%s」：纹理与采样器须且只须在 handle 地址空间", g->name);
        if (g->space != IR_SPACE_STORAGE_READ && g->space != IR_SPACE_STORAGE_READ_WRITE &&
            holds_runtime_array(v, g->type))
            VERR(v, g->span, "全局变量「%s」含长度在运行时才定的数组：只有 storage 地址空间的变量可以（这里是 %s）",
                 g->name, ir_space_name(g->space));
        if (t->kind == IR_TYPE_FRAGMENT)
            VERR(v, g->span, "全局变量「%s」：子组矩阵片只能是值或函数里的变量（着十二）", g->name);
        if (t->kind == IR_TYPE_ATOMIC && g->space != IR_SPACE_WORKGROUP &&
            g->space != IR_SPACE_STORAGE_READ_WRITE)
            VERR(v, g->span, "原子变量「%s」只能在 workgroup 或 storage_read_write 地址空间", g->name);
        for (uint32_t j = 0; j < i && g->has_binding; j++) {
            const IrGlobal *o = ir_global(v->m, j);
            if (o->has_binding && o->group == g->group && o->binding == g->binding) {
                VERR(v, g->span, "资源「%s」与「%s」的组号与绑定号相同", g->name, o->name);
                diag_note(v->diag, o->span, "「%s」在此声明", o->name);
            }
        }
    }
}

/* Facts per function, then spread along calls from each entry. */
typedef struct FuncFacts {
    const IrInst *discard;          /* first discard */
    const IrInst *workgroup_use;    /* first `global` of a workgroup variable */
} FuncFacts;

static void collect_facts(const IrModule *m, const IrFunction *f, FuncFacts *facts) {
    memset(facts, 0, sizeof *facts);
    for (uint32_t i = 0; i < f->inst_count; i++) {
        const IrInst *inst = &f->insts[i];
        if (inst->op == IR_OP_DISCARD && !facts->discard) facts->discard = inst;
        if (inst->op == IR_OP_GLOBAL && !facts->workgroup_use) {
            const IrGlobal *g = ir_global(m, inst->symbol);
            if (g && g->space == IR_SPACE_WORKGROUP) facts->workgroup_use = inst;
        }
    }
}

static void check_reachable(Verifier *v, const IrEntry *e, IrFuncId fid, uint8_t *seen) {
    const IrFunction *f = ir_function(v->m, fid);
    if (!f || seen[fid]) return;
    seen[fid] = 1;
    FuncFacts facts;
    collect_facts(v->m, f, &facts);
    if (facts.discard && e->stage != IR_STAGE_FRAGMENT) {
        VERR(v, facts.discard->span, "函数「%s」：discard 只能用于片元入口", f->name);
        diag_note(v->diag, e->span, "此函数由%s入口「%s」调用", ir_stage_name(e->stage), e->name);
    }
    if (facts.workgroup_use && e->stage != IR_STAGE_COMPUTE) {
        const IrGlobal *g = ir_global(v->m, facts.workgroup_use->symbol);
        VERR(v, facts.workgroup_use->span, "函数「%s」：工作组变量「%s」只能用于计算入口", f->name, g->name);
        diag_note(v->diag, e->span, "此函数由%s入口「%s」调用", ir_stage_name(e->stage), e->name);
    }
    for (uint32_t i = 0; i < f->inst_count; i++)
        if (f->insts[i].op == IR_OP_CALL) check_reachable(v, e, f->insts[i].symbol, seen);
}

static void verify_entries(Verifier *v) {
    uint8_t *seen = mem_calloc(ir_function_count(v->m) + 1, 1);
    if (!seen) return;
    for (uint32_t i = 0; i < ir_entry_count(v->m); i++) {
        const IrEntry *e = ir_entry(v->m, i);
        const IrFunction *f = ir_function(v->m, e->func);
        if (!f) {
            VERR(v, e->span, "入口「%s」指向的函数不存在", e->name);
            continue;
        }
        bool compute = e->stage == IR_STAGE_COMPUTE;
        if (e->param_count != f->param_count)
            VERR(v, e->span, "入口「%s」的参数绑定个数与函数「%s」的参数不符", e->name, f->name);
        else if (!ir_verify_entry_io(v->m, e, f, v->diag))
            v->ok = false;
        if (compute && (e->workgroup_size[0] == 0 || e->workgroup_size[1] == 0 || e->workgroup_size[2] == 0))
            VERR(v, e->span, "计算入口「%s」的工作组大小须大于零", e->name);
        memset(seen, 0, ir_function_count(v->m) + 1);
        check_reachable(v, e, e->func, seen);
    }
    mem_free(seen);
}

bool ir_verify(const IrModule *module, DiagEngine *diag) {
    Verifier v;
    memset(&v, 0, sizeof v);
    v.m = module;
    v.types = &module->types;
    v.diag = diag;
    v.ok = true;
    verify_globals(&v);
    for (uint32_t i = 0; i < ir_constant_count(module); i++) {
        const IrConstant *c = ir_constant(module, i);
        if (!ty(&v, c->type) || c->value.type != c->type) VERR(&v, c->span, "常量「%s」的类型不对", c->name);
    }
    for (uint32_t i = 0; i < ir_function_count(module); i++) verify_function(&v, ir_function(module, i));
    verify_entries(&v);
    return v.ok;
}
