/* asin, acos, atan, atan2 on f32 (scalars or vectors, lane-wise as LLVM vector operations).
 * Range reduction and one minimax-like polynomial each (coefficients and the derivation in
 * inverse_trig.h); only correctly rounded instructions (fma.rn, mul/add/sub.rn, div.rn,
 * sqrt.rn), no .ftz, so test/gpu/invtrig/model.h — the same sequence in C — predicts every bit.
 * Nothing here carries a contraction flag: the fmas are explicit and the rest must not fuse.
 * The order of operations below is the model's; change both together. */
#include "internal.h"
#include "inverse_trig.h"

typedef struct Trig {
    FnCtx *fc;
    LLVMTypeRef type;  /* f32 or <n x f32> */
    Span span;
} Trig;

static LLVMBuilderRef B(const Trig *t) { return t->fc->px->b; }
static LLVMValueRef k(const Trig *t, float x) { return ptx_float_const(t->fc->px, t->type, x); }
static LLVMValueRef mul(const Trig *t, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFMul(B(t), a, b, ""); }
static LLVMValueRef add(const Trig *t, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFAdd(B(t), a, b, ""); }
static LLVMValueRef sub(const Trig *t, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFSub(B(t), a, b, ""); }
static LLVMValueRef pick(const Trig *t, LLVMValueRef c, LLVMValueRef a, LLVMValueRef b) {
    return LLVMBuildSelect(B(t), c, a, b, "");
}
static LLVMValueRef cmp(const Trig *t, LLVMRealPredicate p, LLVMValueRef a, LLVMValueRef b) {
    return LLVMBuildFCmp(B(t), p, a, b, "");
}

static LLVMValueRef fma3(const Trig *t, LLVMValueRef a, LLVMValueRef b, LLVMValueRef c) {
    LLVMValueRef args[3] = {a, b, c};
    LLVMTypeRef ty = t->type;
    return ptx_intrinsic(t->fc, "llvm.fma", &ty, 1, args, 3, t->span);
}

static LLVMValueRef call1(const Trig *t, const char *name, LLVMValueRef x) {
    return ptx_intrinsic1(t->fc, name, x, t->span);
}

static LLVMValueRef call2(const Trig *t, const char *name, LLVMValueRef x, LLVMValueRef y) {
    return ptx_intrinsic2(t->fc, name, x, y, t->span);
}

/* x < 0 or x = −0: the sign bit */
static LLVMValueRef sign_bit(const Trig *t, LLVMValueRef x) {
    LLVMTypeRef ity = LLVMGetTypeKind(t->type) == LLVMVectorTypeKind
                          ? LLVMVectorType(ptx_i32(t->fc->px), LLVMGetVectorSize(t->type))
                          : ptx_i32(t->fc->px);
    LLVMValueRef bits = LLVMBuildBitCast(B(t), x, ity, "");
    return LLVMBuildICmp(B(t), LLVMIntSLT, bits, LLVMConstNull(ity), "");
}

static LLVMValueRef horner(const Trig *t, const float *c, int degree, LLVMValueRef s) {
    LLVMValueRef p = k(t, c[0]);
    for (int i = 1; i <= degree; i++) p = fma3(t, p, s, k(t, c[i]));
    return p;
}

/* atan(x) for x in [0, 1]: x + x·s·P(s) */
static LLVMValueRef atan_core(const Trig *t, LLVMValueRef x) {
    LLVMValueRef s = mul(t, x, x);
    LLVMValueRef q = mul(t, s, horner(t, invtrig_atan_poly, INVTRIG_ATAN_DEGREE, s));
    return fma3(t, x, q, x);
}

/* asin(a) for a in [0, 1/2] */
static LLVMValueRef asin_core(const Trig *t, LLVMValueRef a) {
    LLVMValueRef s = mul(t, a, a);
    LLVMValueRef q = mul(t, s, horner(t, invtrig_asin_poly, INVTRIG_ASIN_DEGREE, s));
    return fma3(t, a, q, a);
}

/* (lo − r) + hi or (lo + r) + hi: a head split in two, plus or minus a smaller r */
static LLVMValueRef head_minus(const Trig *t, float hi, float lo, LLVMValueRef r) {
    return add(t, sub(t, k(t, lo), r), k(t, hi));
}

static LLVMValueRef head_plus(const Trig *t, float hi, float lo, LLVMValueRef r) {
    return add(t, add(t, k(t, lo), r), k(t, hi));
}

/* For a in (1/2, 1]: z = (1 − a)/2, s = √z, q = z·Q(z); asin(√z) = s + s·q. */
typedef struct Upper {
    LLVMValueRef z, s, q;
} Upper;

static Upper upper(const Trig *t, LLVMValueRef a) {
    LLVMValueRef z = mul(t, sub(t, k(t, 1.0f), a), k(t, 0.5f));
    Upper u = {z, call1(t, "llvm.sqrt", z), NULL};
    u.q = mul(t, z, horner(t, invtrig_asin_poly, INVTRIG_ASIN_DEGREE, z));
    return u;
}

/* head − 2·asin(√z) = (head_hi − 2s) + (head_lo − 2s·q − 2δ), δ = (z − s²)/(2s): the
 * rounding error of s = √z (z − s² exact by an fma) */
static LLVMValueRef minus_twice(const Trig *t, Upper u, float hi, float lo) {
    LLVMValueRef m = mul(t, k(t, -2.0f), u.s);
    LLVMValueRef residual = fma3(t, LLVMBuildFNeg(B(t), u.s, ""), u.s, u.z);
    LLVMValueRef twice_delta = pick(t, cmp(t, LLVMRealOEQ, u.s, k(t, 0.0f)), k(t, 0.0f),
                                    LLVMBuildFDiv(B(t), residual, u.s, ""));  /* a = 1: 0/0 */
    LLVMValueRef tail = sub(t, fma3(t, m, u.q, k(t, lo)), twice_delta);
    return add(t, fma3(t, k(t, -2.0f), u.s, k(t, hi)), tail);
}

static LLVMValueRef emit_atan(const Trig *t, LLVMValueRef x) {
    LLVMValueRef a = call1(t, "llvm.fabs", x);
    LLVMValueRef big = cmp(t, LLVMRealOGT, a, k(t, 1.0f));
    LLVMValueRef r = atan_core(t, pick(t, big, LLVMBuildFDiv(B(t), k(t, 1.0f), a, ""), a));
    LLVMValueRef rb = head_minus(t, INVTRIG_HALF_PI_HI, INVTRIG_HALF_PI_LO, r);
    return call2(t, "llvm.copysign", pick(t, big, rb, r), x);
}

static LLVMValueRef emit_asin(const Trig *t, LLVMValueRef x) {
    LLVMValueRef a = call1(t, "llvm.fabs", x);
    LLVMValueRef small = asin_core(t, a);
    LLVMValueRef up = minus_twice(t, upper(t, a), INVTRIG_HALF_PI_HI, INVTRIG_HALF_PI_LO);
    return call2(t, "llvm.copysign", pick(t, cmp(t, LLVMRealOGT, a, k(t, 0.5f)), up, small), x);
}

static LLVMValueRef emit_acos(const Trig *t, LLVMValueRef x) {
    LLVMValueRef a = call1(t, "llvm.fabs", x);
    LLVMValueRef small = head_minus(t, INVTRIG_HALF_PI_HI, INVTRIG_HALF_PI_LO,
                                    call2(t, "llvm.copysign", asin_core(t, a), x));
    Upper u = upper(t, a);
    LLVMValueRef positive = mul(t, fma3(t, u.s, u.q, u.s), k(t, 2.0f));
    LLVMValueRef negative = minus_twice(t, u, INVTRIG_PI_HI, INVTRIG_PI_LO);
    LLVMValueRef up = pick(t, cmp(t, LLVMRealOLT, x, k(t, 0.0f)), negative, positive);
    return pick(t, cmp(t, LLVMRealOGT, a, k(t, 0.5f)), up, small);
}

static LLVMValueRef emit_atan2(const Trig *t, LLVMValueRef y, LLVMValueRef x) {
    LLVMValueRef ax = call1(t, "llvm.fabs", x), ay = call1(t, "llvm.fabs", y);
    LLVMValueRef hi = call2(t, "llvm.maxnum", ax, ay), lo = call2(t, "llvm.minnum", ax, ay);
    LLVMValueRef q = LLVMBuildFDiv(B(t), lo, hi, "");
    q = pick(t, cmp(t, LLVMRealOEQ, lo, hi), k(t, 1.0f), q);   /* ∞/∞ */
    q = pick(t, cmp(t, LLVMRealOEQ, hi, k(t, 0.0f)), k(t, 0.0f), q);  /* 0/0 */
    LLVMValueRef r = atan_core(t, q);
    LLVMValueRef left = sign_bit(t, x);
    LLVMValueRef steep = pick(t, left, head_plus(t, INVTRIG_HALF_PI_HI, INVTRIG_HALF_PI_LO, r),
                              head_minus(t, INVTRIG_HALF_PI_HI, INVTRIG_HALF_PI_LO, r));
    LLVMValueRef flat = pick(t, left, head_minus(t, INVTRIG_PI_HI, INVTRIG_PI_LO, r), r);
    r = pick(t, cmp(t, LLVMRealOGT, ay, ax), steep, flat);
    LLVMValueRef nan = LLVMBuildOr(B(t), cmp(t, LLVMRealUNO, x, x), cmp(t, LLVMRealUNO, y, y), "");
    r = pick(t, nan, add(t, x, y), r);
    return call2(t, "llvm.copysign", r, y);
}

LLVMValueRef ptx_inverse_trig(FnCtx *fc, const IrInst *inst, LLVMValueRef *x) {
    Trig t = {fc, LLVMTypeOf(x[0]), inst->span};
    switch (inst->op) {
    case IR_OP_ASIN: return emit_asin(&t, x[0]);
    case IR_OP_ACOS: return emit_acos(&t, x[0]);
    case IR_OP_ATAN: return emit_atan(&t, x[0]);
    case IR_OP_ATAN2: return emit_atan2(&t, x[0], x[1]);
    default: return NULL;
    }
}
