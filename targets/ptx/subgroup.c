/* Subgroup operations (着十一) as warp instructions: shfl.sync, vote.sync, redux.sync.
 *
 * Values: 浮三二/整三二/无三二/浮十六 and their vectors. A value travels through shfl.sync
 * as 32-bit words: one word per 32-bit lane, f16 lanes packed in pairs (an odd last f16
 * lane, or an f16 scalar, in the low half of a word). Reductions and scans combine whole
 * values (LLVM vector arithmetic), so a vector costs one shuffle per word and step.
 *
 * Two paths. When every compute entry that reaches the function has a workgroup size that
 * is a multiple of 32, its warps are full (and the uniformity analysis has put every call in
 * subgroup-uniform control flow): the member mask is the constant 0xffffffff, reductions are
 * a butterfly (shfl.sync.bfly) tree whose result every lane holds, scans use shfl.sync.up's
 * in-range predicate. Otherwise a warp may run short at the end of the workgroup; its active
 * lanes are then a prefix, the member mask is activemask, and reductions only combine lanes
 * inside the prefix (shfl.sync.down tree, then a broadcast from lane 0): an inactive lane
 * counts as the identity (着十一). Scans read lower lanes only, which are active in a
 * prefix. Integer 32-bit 和/最大/最小 use redux.sync (sm_80, every -arch yusec accepts). */
#include <stdio.h>

#include "internal.h"

static LLVMBuilderRef B(FnCtx *fc) { return fc->px->b; }
static LLVMValueRef u32(FnCtx *fc, uint32_t v) { return LLVMConstInt(ptx_i32(fc->px), v, false); }

enum { MAX_WORDS = 4 };
typedef struct Words {
    LLVMValueRef w[MAX_WORDS];
    unsigned n;
} Words;

/* The element type and lane count (1 for a scalar) of a subgroup operand. */
static const IrType *element(FnCtx *fc, IrTypeId type, unsigned *lanes) {
    const IrType *t = ptx_ty(fc->px, type);
    *lanes = 1;
    if (t && t->kind == IR_TYPE_VECTOR) {
        *lanes = t->count;
        t = ptx_ty(fc->px, t->elem);
    }
    return t && t->kind == IR_TYPE_SCALAR && (t->width == 32 || (t->width == 16 && t->scalar == IR_FLOAT)) ? t : NULL;
}

static LLVMValueRef lane_of(FnCtx *fc, LLVMValueRef v, unsigned lanes, unsigned i) {
    return lanes == 1 ? v : LLVMBuildExtractElement(B(fc), v, u32(fc, i), "");
}

static LLVMValueRef half_bits(FnCtx *fc, LLVMValueRef h) {
    LLVMValueRef bits = LLVMBuildBitCast(B(fc), h, LLVMInt16TypeInContext(fc->px->ctx), "");
    return LLVMBuildZExt(B(fc), bits, ptx_i32(fc->px), "");
}

static Words to_words(FnCtx *fc, LLVMValueRef v, const IrType *elem, unsigned lanes) {
    Words out = {{0}, 0};
    if (elem->width == 32) {
        for (unsigned i = 0; i < lanes; i++) {
            LLVMValueRef x = lane_of(fc, v, lanes, i);
            out.w[out.n++] = LLVMTypeOf(x) == ptx_i32(fc->px) ? x : LLVMBuildBitCast(B(fc), x, ptx_i32(fc->px), "");
        }
        return out;
    }
    LLVMTypeRef half2 = LLVMVectorType(LLVMHalfTypeInContext(fc->px->ctx), 2);
    for (unsigned i = 0; i < lanes; i += 2) {
        if (i + 1 == lanes) {
            out.w[out.n++] = half_bits(fc, lane_of(fc, v, lanes, i));
            break;
        }
        LLVMValueRef pair = LLVMGetUndef(half2);
        pair = LLVMBuildInsertElement(B(fc), pair, lane_of(fc, v, lanes, i), u32(fc, 0), "");
        pair = LLVMBuildInsertElement(B(fc), pair, lane_of(fc, v, lanes, i + 1), u32(fc, 1), "");
        out.w[out.n++] = LLVMBuildBitCast(B(fc), pair, ptx_i32(fc->px), "");
    }
    return out;
}

static LLVMValueRef from_words(FnCtx *fc, const Words *words, LLVMTypeRef type, unsigned lanes) {
    LLVMTypeRef scalar = lanes == 1 ? type : LLVMGetElementType(type);
    LLVMValueRef out = lanes == 1 ? NULL : LLVMGetUndef(type);
    LLVMValueRef parts[4];
    if (LLVMGetTypeKind(scalar) != LLVMHalfTypeKind) {
        for (unsigned i = 0; i < lanes; i++)
            parts[i] = scalar == ptx_i32(fc->px) ? words->w[i] : LLVMBuildBitCast(B(fc), words->w[i], scalar, "");
    } else {
        LLVMTypeRef half2 = LLVMVectorType(scalar, 2), i16 = LLVMInt16TypeInContext(fc->px->ctx);
        for (unsigned i = 0; i < lanes; i += 2) {
            LLVMValueRef w = words->w[i / 2];
            if (i + 1 == lanes) {
                parts[i] = LLVMBuildBitCast(B(fc), LLVMBuildTrunc(B(fc), w, i16, ""), scalar, "");
                break;
            }
            LLVMValueRef pair = LLVMBuildBitCast(B(fc), w, half2, "");
            parts[i] = LLVMBuildExtractElement(B(fc), pair, u32(fc, 0), "");
            parts[i + 1] = LLVMBuildExtractElement(B(fc), pair, u32(fc, 1), "");
        }
    }
    if (lanes == 1) return parts[0];
    for (unsigned i = 0; i < lanes; i++) out = LLVMBuildInsertElement(B(fc), out, parts[i], u32(fc, i), "");
    return out;
}

/* The warp's members for this call: all 32 lanes on the full-warp path, else activemask. */
static LLVMValueRef member_mask(FnCtx *fc, Span span) {
    if (fc->full_warps) return u32(fc, 0xffffffffu);
    return ptx_intrinsic(fc, "llvm.nvvm.activemask", NULL, 0, NULL, 0, span);
}

/* shfl.sync.KIND of one word; with `valid`, the .i32p form also gives whether the source
 * lane was in range. */
static LLVMValueRef shuffle_word(FnCtx *fc, const char *kind, LLVMValueRef mask, LLVMValueRef word,
                                 LLVMValueRef lane, LLVMValueRef *valid, Span span) {
    char name[48];
    snprintf(name, sizeof name, "llvm.nvvm.shfl.sync.%s.i32%s", kind, valid ? "p" : "");
    /* c: the segment clamp; shfl.up counts from lane 0 up, the others to lane 31 */
    LLVMValueRef clamp = u32(fc, kind[0] == 'u' ? 0 : 0x1f);
    LLVMValueRef a[4] = {mask, word, lane, clamp};
    LLVMValueRef r = ptx_intrinsic(fc, name, NULL, 0, a, 4, span);
    if (!r || !valid) return r;
    *valid = LLVMBuildExtractValue(B(fc), r, 1, "");
    return LLVMBuildExtractValue(B(fc), r, 0, "");
}

/* The whole value from another lane, word by word. */
static LLVMValueRef shuffle_value(FnCtx *fc, const char *kind, LLVMValueRef mask, LLVMValueRef v, IrTypeId type,
                                  LLVMValueRef lane, LLVMValueRef *valid, Span span) {
    unsigned lanes;
    const IrType *elem = element(fc, type, &lanes);
    Words words = to_words(fc, v, elem, lanes);
    for (unsigned i = 0; i < words.n; i++) {
        words.w[i] = shuffle_word(fc, kind, mask, words.w[i], lane, i == 0 ? valid : NULL, span);
        if (!words.w[i]) return NULL;
    }
    return from_words(fc, &words, LLVMTypeOf(v), lanes);
}

typedef enum Combine { COMBINE_ADD, COMBINE_MUL, COMBINE_MAX, COMBINE_MIN } Combine;

static Combine combine_of(IrOp op) {
    switch (op) {
    case IR_OP_SUBGROUP_EXCLUSIVE_MUL: case IR_OP_SUBGROUP_INCLUSIVE_MUL: return COMBINE_MUL;
    case IR_OP_SUBGROUP_MAX: return COMBINE_MAX;
    case IR_OP_SUBGROUP_MIN: return COMBINE_MIN;
    default: return COMBINE_ADD;
    }
}

static LLVMValueRef combine(FnCtx *fc, Combine how, const IrType *elem, LLVMValueRef a, LLVMValueRef b, Span span) {
    bool fl = elem->scalar == IR_FLOAT, s = elem->scalar == IR_SINT;
    LLVMValueRef r;
    switch (how) {
    case COMBINE_ADD: r = fl ? LLVMBuildFAdd(B(fc), a, b, "") : LLVMBuildAdd(B(fc), a, b, ""); break;
    case COMBINE_MUL: r = fl ? LLVMBuildFMul(B(fc), a, b, "") : LLVMBuildMul(B(fc), a, b, ""); break;
    case COMBINE_MAX:
        return ptx_intrinsic2(fc, fl ? "llvm.maxnum" : s ? "llvm.smax" : "llvm.umax", a, b, span);
    default:
        return ptx_intrinsic2(fc, fl ? "llvm.minnum" : s ? "llvm.smin" : "llvm.umin", a, b, span);
    }
    return r;
}

/* The identity of a scan's operation (0 for sums, 1 for products) in the value's type. */
static LLVMValueRef identity(FnCtx *fc, Combine how, const IrType *elem, LLVMTypeRef type) {
    double one = how == COMBINE_MUL ? 1.0 : 0.0;
    if (elem->scalar == IR_FLOAT) return ptx_float_const(fc->px, type, one);
    return ptx_splat(fc, u32(fc, (uint32_t)one), type);
}

/* redux.sync: 32-bit integer 和/最大/最小 in one instruction per lane of the value. */
static LLVMValueRef redux(FnCtx *fc, const IrInst *inst, const IrType *elem, unsigned lanes, LLVMValueRef v,
                          LLVMValueRef mask) {
    bool s = elem->scalar == IR_SINT;
    const char *name = inst->op == IR_OP_SUBGROUP_ADD   ? "llvm.nvvm.redux.sync.add"
                       : inst->op == IR_OP_SUBGROUP_MAX ? (s ? "llvm.nvvm.redux.sync.max" : "llvm.nvvm.redux.sync.umax")
                                                        : (s ? "llvm.nvvm.redux.sync.min" : "llvm.nvvm.redux.sync.umin");
    LLVMValueRef out = lanes == 1 ? NULL : LLVMGetUndef(LLVMTypeOf(v));
    for (unsigned i = 0; i < lanes; i++) {
        LLVMValueRef a[2] = {lane_of(fc, v, lanes, i), mask};
        LLVMValueRef r = ptx_intrinsic(fc, name, NULL, 0, a, 2, inst->span);
        if (!r || lanes == 1) return r;
        out = LLVMBuildInsertElement(B(fc), out, r, u32(fc, i), "");
    }
    return out;
}

/* 和/最大/最小 of the value over the warp's members. */
static LLVMValueRef reduce(FnCtx *fc, const IrInst *inst, LLVMValueRef v, LLVMValueRef mask) {
    IrTypeId type = ir_value_type(fc->f, inst->args[0]);
    unsigned lanes;
    const IrType *elem = element(fc, type, &lanes);
    Combine how = combine_of(inst->op);
    if (elem->scalar != IR_FLOAT) return redux(fc, inst, elem, lanes, v, mask);
    if (fc->full_warps) {  /* butterfly: every lane ends with the whole warp's result */
        for (unsigned d = 16; d >= 1; d /= 2) {
            LLVMValueRef other = shuffle_value(fc, "bfly", mask, v, type, u32(fc, d), NULL, inst->span);
            if (!other) return NULL;
            v = combine(fc, how, elem, v, other, inst->span);
        }
        return v;
    }
    /* a short warp's active lanes are a prefix of `count` lanes: combine only inside it */
    LLVMValueRef lane = ptx_intrinsic(fc, "llvm.nvvm.read.ptx.sreg.laneid", NULL, 0, NULL, 0, inst->span);
    LLVMValueRef count = ptx_intrinsic1(fc, "llvm.ctpop", mask, inst->span);
    if (!lane || !count) return NULL;
    for (unsigned d = 16; d >= 1; d /= 2) {
        LLVMValueRef other = shuffle_value(fc, "down", mask, v, type, u32(fc, d), NULL, inst->span);
        if (!other) return NULL;
        LLVMValueRef inside = LLVMBuildICmp(B(fc), LLVMIntULT, LLVMBuildAdd(B(fc), lane, u32(fc, d), ""), count, "");
        v = LLVMBuildSelect(B(fc), inside, combine(fc, how, elem, v, other, inst->span), v, "");
    }
    return shuffle_value(fc, "idx", mask, v, type, u32(fc, 0), NULL, inst->span);
}

/* Inclusive scan (Hillis–Steele over shfl.sync.up: a lane adds the value d lanes below when
 * that lane exists); the exclusive scan shifts it up by one lane, lane 0 taking the identity. */
static LLVMValueRef scan(FnCtx *fc, const IrInst *inst, LLVMValueRef v, LLVMValueRef mask) {
    IrTypeId type = ir_value_type(fc->f, inst->args[0]);
    unsigned lanes;
    const IrType *elem = element(fc, type, &lanes);
    Combine how = combine_of(inst->op);
    for (unsigned d = 1; d < 32; d *= 2) {
        LLVMValueRef valid = NULL;
        LLVMValueRef other = shuffle_value(fc, "up", mask, v, type, u32(fc, d), &valid, inst->span);
        if (!other) return NULL;
        v = LLVMBuildSelect(B(fc), valid, combine(fc, how, elem, v, other, inst->span), v, "");
    }
    if (inst->op == IR_OP_SUBGROUP_INCLUSIVE_ADD || inst->op == IR_OP_SUBGROUP_INCLUSIVE_MUL) return v;
    LLVMValueRef valid = NULL;
    LLVMValueRef below = shuffle_value(fc, "up", mask, v, type, u32(fc, 1), &valid, inst->span);
    if (!below) return NULL;
    return LLVMBuildSelect(B(fc), valid, below, identity(fc, how, elem, LLVMTypeOf(v)), "");
}

/* vote.sync: ballot gives vec4<u32>(mask of lanes whose predicate holds, 0, 0, 0). */
static LLVMValueRef vote(FnCtx *fc, const IrInst *inst, LLVMValueRef p, LLVMValueRef mask) {
    LLVMValueRef a[2] = {mask, p};
    if (inst->op == IR_OP_SUBGROUP_ALL) return ptx_intrinsic(fc, "llvm.nvvm.vote.all.sync", NULL, 0, a, 2, inst->span);
    if (inst->op == IR_OP_SUBGROUP_ANY) return ptx_intrinsic(fc, "llvm.nvvm.vote.any.sync", NULL, 0, a, 2, inst->span);
    LLVMValueRef bits = ptx_intrinsic(fc, "llvm.nvvm.vote.ballot.sync", NULL, 0, a, 2, inst->span);
    if (!bits) return NULL;
    LLVMValueRef zero = u32(fc, 0), words[4] = {bits, zero, zero, zero};
    LLVMValueRef out = LLVMGetUndef(LLVMVectorType(ptx_i32(fc->px), 4));
    for (unsigned i = 0; i < 4; i++) out = LLVMBuildInsertElement(B(fc), out, words[i], u32(fc, i), "");
    return out;
}

/* subgroupElect: the lowest active lane, i.e. no active lane below this one. Always from
 * activemask, so it holds in any control flow. */
static LLVMValueRef elect(FnCtx *fc, const IrInst *inst) {
    LLVMValueRef active = ptx_intrinsic(fc, "llvm.nvvm.activemask", NULL, 0, NULL, 0, inst->span);
    LLVMValueRef below = ptx_intrinsic(fc, "llvm.nvvm.read.ptx.sreg.lanemask.lt", NULL, 0, NULL, 0, inst->span);
    if (!active || !below) return NULL;
    return LLVMBuildICmp(B(fc), LLVMIntEQ, LLVMBuildAnd(B(fc), active, below, ""), u32(fc, 0), "");
}

LLVMValueRef ptx_subgroup(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    if (inst->op == IR_OP_SUBGROUP_ELECT) return elect(fc, inst);
    unsigned lanes;
    if (inst->op != IR_OP_SUBGROUP_BALLOT && inst->op != IR_OP_SUBGROUP_ALL && inst->op != IR_OP_SUBGROUP_ANY &&
        !element(fc, ir_value_type(fc->f, inst->args[0]), &lanes)) {
        ptx_fail(fc->px, Y_UNSUPPORTED_BY_TARGET, inst->span, "subgroup operations take f32, i32, u32, f16 and their vectors only",
                 "千手目标的子组运算只收「浮三二」「整三二」「无三二」「浮十六」及其向量");
        return NULL;
    }
    LLVMValueRef mask = member_mask(fc, inst->span);
    if (!mask) return NULL;
    IrTypeId type = ir_value_type(fc->f, inst->args[0]);
    switch (inst->op) {
    case IR_OP_SUBGROUP_SHUFFLE: return shuffle_value(fc, "idx", mask, args[0], type, args[1], NULL, inst->span);
    case IR_OP_SUBGROUP_SHUFFLE_XOR: return shuffle_value(fc, "bfly", mask, args[0], type, args[1], NULL, inst->span);
    case IR_OP_SUBGROUP_SHUFFLE_UP: return shuffle_value(fc, "up", mask, args[0], type, args[1], NULL, inst->span);
    case IR_OP_SUBGROUP_SHUFFLE_DOWN: return shuffle_value(fc, "down", mask, args[0], type, args[1], NULL, inst->span);
    case IR_OP_SUBGROUP_ADD: case IR_OP_SUBGROUP_MAX: case IR_OP_SUBGROUP_MIN: return reduce(fc, inst, args[0], mask);
    case IR_OP_SUBGROUP_BALLOT: case IR_OP_SUBGROUP_ALL: case IR_OP_SUBGROUP_ANY: return vote(fc, inst, args[0], mask);
    default: return scan(fc, inst, args[0], mask);
    }
}
