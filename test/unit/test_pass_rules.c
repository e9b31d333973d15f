/* One test per pass rule, on small YIR texts: the pass manager, tail recursion to loop,
 * inline, uniformity (verdicts and notes), fold and dce. Every successful output must
 * verify. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "ir/fragment.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "targets/registry.h"

typedef struct Run {
    Arena arena;
    SourceMap sources;
    DiagEngine diag;
    IrModule *m;
    StrBuf out;     /* printed module after the pipeline (or dumps) */
    StrBuf dumps;
    bool ok;
} Run;

static void run_with_budget(Run *r, const char *text, const char *pipeline, yusec_target target,
                            uint64_t inline_budget) {
    arena_init(&r->arena);
    source_map_init(&r->sources, &r->arena);
    diag_init(&r->diag, &r->sources, NULL);
    strbuf_init(&r->out);
    strbuf_init(&r->dumps);
    SourceFile *file = source_add(&r->sources, "t.yir", text, strlen(text));
    r->m = ir_read(&r->diag, file);
    if (!r->m) fail_msg("read: %s", strbuf_cstr(&r->diag.text));
    if (!ir_verify(r->m, &r->diag)) fail_msg("input: %s", strbuf_cstr(&r->diag.text));
    PassContext ctx;
    pass_context_init(&ctx, r->m, &r->diag, target_descriptor(target)->inline_policy);
    ctx.verify_each = true;
    ctx.inline_budget = inline_budget;
    ctx.print_out = &r->dumps;
    ctx.print_after = "tailrec";
    r->ok = pass_run_pipeline(&ctx, pipeline);
    ir_print_module(&r->out, r->m);
    if (r->ok && !ir_verify(r->m, &r->diag)) fail_msg("output: %s", strbuf_cstr(&r->diag.text));
}

static void run(Run *r, const char *text, const char *pipeline, yusec_target target) {
    run_with_budget(r, text, pipeline, target, INLINE_DEFAULT_BUDGET);
}

static void done(Run *r) {
    ir_module_free(r->m);
    strbuf_free(&r->out);
    strbuf_free(&r->dumps);
    diag_free(&r->diag);
    arena_free(&r->arena);
}

static void expect_in(const char *haystack, const char *needle) {
    if (!strstr(haystack, needle)) fail_msg("expected \"%s\" in:\n%s", needle, haystack);
}

static void expect_not_in(const char *haystack, const char *needle) {
    if (strstr(haystack, needle)) fail_msg("did not expect \"%s\" in:\n%s", needle, haystack);
}

/* ---- manager ---- */

static void test_registry_and_default_pipelines(void **state) {
    (void)state;
    size_t count = 0;
    const PassInfo *passes = pass_registry(&count);
    assert_int_equal(count, 8);
    for (size_t i = 0; i < count; i++) assert_ptr_equal(pass_find(passes[i].name, strlen(passes[i].name)), &passes[i]);
    assert_null(pass_find("nothing", 7));
    expect_in(target_descriptor(YUSEC_TARGET_PTX)->pipeline, "inline");
    /* one back edge per loop on PTX (passes/latch.c); WGSL and MSL keep the loops as written */
    expect_in(target_descriptor(YUSEC_TARGET_PTX)->pipeline, "inline,latch,");
    expect_not_in(target_descriptor(YUSEC_TARGET_WGSL)->pipeline, "latch");
    expect_not_in(target_descriptor(YUSEC_TARGET_WGSL)->pipeline, "inline");
    expect_not_in(target_descriptor(YUSEC_TARGET_MSL)->pipeline, "inline");
    /* uniform-layout only with -fclassic-uniform-layout: uniform buffers use the storage layout */
    expect_not_in(target_descriptor(YUSEC_TARGET_PTX)->pipeline, "uniform-layout");
    expect_not_in(target_descriptor(YUSEC_TARGET_WGSL)->pipeline, "uniform-layout");
    expect_not_in(target_descriptor(YUSEC_TARGET_WGSL)->pipeline, "bounds");
    expect_not_in(target_descriptor(YUSEC_TARGET_PTX)->pipeline, "bounds");
}

static const char sum_text[] =
    "fn @求和(%n.0:u32, %acc.1:u32) -> u32 local_recursive {\n"
    "  %2:u32 = const 0u\n"
    "  %3:bool = eq %n.0, %2\n"
    "  %4:u32 = if %3 {\n"
    "    yield %acc.1\n"
    "  } else {\n"
    "    %5:u32 = const 1u\n"
    "    %6:u32 = sub %n.0, %5\n"
    "    %7:u32 = add %acc.1, %n.0\n"
    "    %8:u32 = call @求和(%6, %7)\n"
    "    yield %8\n"
    "  }\n"
    "  return %4\n"
    "}\n";

static void test_unknown_pass_is_reported_before_running(void **state) {
    (void)state;
    Run r;
    run(&r, sum_text, "tailrec, nosuch", YUSEC_TARGET_WGSL);
    assert_false(r.ok);
    expect_in(strbuf_cstr(&r.diag.text), "没有名为「nosuch」的变换");
    expect_in(strbuf_cstr(&r.out), "local_recursive");  /* nothing ran */
    done(&r);
}

static void test_print_after_named_pass(void **state) {
    (void)state;
    Run r;
    run(&r, sum_text, " tailrec , fold ", YUSEC_TARGET_WGSL);
    assert_true(r.ok);
    expect_in(strbuf_cstr(&r.dumps), "; *** 在 tailrec 之后 ***\nfn @求和");
    expect_not_in(strbuf_cstr(&r.dumps), "在 fold 之后");
    done(&r);
}

/* ---- tail recursion ---- */

static void test_tail_recursion_becomes_loop(void **state) {
    (void)state;
    Run r;
    run(&r, sum_text, "tailrec", YUSEC_TARGET_WGSL);
    assert_true(r.ok);
    const char *out = strbuf_cstr(&r.out);
    expect_in(out, "loop (%n.3:u32 = %n.0, %acc.4:u32 = %acc.1)");
    expect_in(out, "continue %8, %9");
    expect_in(out, "break %acc.4");
    expect_in(out, "return %2");
    expect_not_in(out, "call");
    expect_not_in(out, "local_recursive");
    done(&r);
}

static void test_tail_call_under_nested_ifs(void **state) {
    (void)state;
    Run r;
    run(&r,
        "fn @f(%a.0:u32, %b.1:u32) -> u32 local_recursive {\n"
        "  %2:u32 = const 0u\n"
        "  %3:bool = eq %b.1, %2\n"
        "  %4:u32 = if %3 {\n"
        "    yield %a.0\n"
        "  } else {\n"
        "    %5:bool = gt %a.0, %b.1\n"
        "    %6:u32 = if %5 {\n"
        "      %7:u32 = call @f(%b.1, %a.0)\n"
        "      yield %7\n"
        "    } else {\n"
        "      yield %b.1\n"
        "    }\n"
        "    yield %6\n"
        "  }\n"
        "  return %4\n"
        "}\n",
        "tailrec", YUSEC_TARGET_WGSL);
    assert_true(r.ok);
    expect_in(strbuf_cstr(&r.out), "continue %b.4, %a.3");
    expect_in(strbuf_cstr(&r.out), "break %b.4");
    expect_not_in(strbuf_cstr(&r.out), "call");
    done(&r);
}

static void test_non_tail_self_call_is_rejected(void **state) {
    (void)state;
    Run r;
    run(&r,
        "fn @f(%n.0:u32) -> u32 local_recursive {\n"
        "  %1:u32 = const 1u\n"
        "  %2:u32 = sub %n.0, %1\n"
        "  %3:u32 = call @f(%2)\n"
        "  %4:u32 = add %3, %1\n"
        "  return %4\n"
        "}\n",
        "tailrec", YUSEC_TARGET_WGSL);
    assert_false(r.ok);
    expect_in(strbuf_cstr(&r.diag.text), "t.yir:4:3: error: 其他递归：局部递归函数「f」不在尾位置调用自身");
    done(&r);
}

/* ---- inline ---- */

static const char call_text[] =
    "fn @sq(%x.0:u32) -> u32 {\n"
    "  %1:u32 = mul %x.0, %x.0\n"
    "  return %1\n"
    "}\n"
    "\n"
    "fn @main(%i.0:u32) {\n"
    "  %1:u32 = call @sq(%i.0)\n"
    "  %2:u32 = call @sq(%1)\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @e = compute @main workgroup_size(1, 1, 1) (builtin(local_invocation_index))\n";

static void test_inline_everything_for_ptx(void **state) {
    (void)state;
    Run r;
    run(&r, call_text, "inline", YUSEC_TARGET_PTX);
    assert_true(r.ok);
    const char *out = strbuf_cstr(&r.out);
    expect_not_in(out, "call");
    expect_not_in(out, "fn @sq");
    expect_in(out, "%2:u32 = mul %1, %1");
    done(&r);
}

static void test_inline_keeps_functions_for_wgsl(void **state) {
    (void)state;
    Run r;
    run(&r, call_text, "inline", YUSEC_TARGET_WGSL);
    assert_true(r.ok);
    expect_in(strbuf_cstr(&r.out), "call @sq(%i.0)");
    done(&r);
}

/* A callee of 20 instructions (over the always-inlined 16) called twice or once. */
#define BIG_CALLEE                                                                        \
    "fn @big(%x.0:u32) -> u32 {\n"                                                        \
    "  %1:u32 = mul %x.0, %x.0\n  %2:u32 = mul %1, %x.0\n  %3:u32 = mul %2, %x.0\n"       \
    "  %4:u32 = mul %3, %x.0\n  %5:u32 = mul %4, %x.0\n  %6:u32 = mul %5, %x.0\n"          \
    "  %7:u32 = mul %6, %x.0\n  %8:u32 = mul %7, %x.0\n  %9:u32 = mul %8, %x.0\n"          \
    "  %10:u32 = mul %9, %x.0\n  %11:u32 = mul %10, %x.0\n  %12:u32 = mul %11, %x.0\n"     \
    "  %13:u32 = mul %12, %x.0\n  %14:u32 = mul %13, %x.0\n  %15:u32 = mul %14, %x.0\n"   \
    "  %16:u32 = mul %15, %x.0\n  %17:u32 = mul %16, %x.0\n  %18:u32 = mul %17, %x.0\n"   \
    "  %19:u32 = mul %18, %x.0\n"                                                         \
    "  return %19\n"                                                                      \
    "}\n\n"
#define BIG_ENTRY "entry @e = compute @main workgroup_size(1, 1, 1) (builtin(local_invocation_index))\n"

static const char big_twice_text[] = BIG_CALLEE
    "fn @main(%i.0:u32) {\n  %1:u32 = call @big(%i.0)\n  %2:u32 = call @big(%1)\n  return\n}\n\n" BIG_ENTRY;
static const char big_once_text[] = BIG_CALLEE
    "fn @main(%i.0:u32) {\n  %1:u32 = call @big(%i.0)\n  return\n}\n\n" BIG_ENTRY;

/* Over the budget (one extra copy of 20 instructions > 19): the callee stays a function,
 * marked noinline for the target, and both calls stay. */
static void test_inline_budget_keeps_a_function(void **state) {
    (void)state;
    Run r;
    run_with_budget(&r, big_twice_text, "inline", YUSEC_TARGET_PTX, 19);
    assert_true(r.ok);
    const char *out = strbuf_cstr(&r.out);
    expect_in(out, "fn @big(%x.0:u32) -> u32 noinline {");
    expect_in(out, "%1:u32 = call @big(%i.0)");
    expect_in(out, "%2:u32 = call @big(%1)");
    done(&r);
    /* Exactly at the budget, the copy is made. */
    run_with_budget(&r, big_twice_text, "inline", YUSEC_TARGET_PTX, 20);
    assert_true(r.ok);
    expect_not_in(strbuf_cstr(&r.out), "call");
    expect_not_in(strbuf_cstr(&r.out), "noinline");
    done(&r);
}

/* A callee with one caller moves rather than copies, and a tiny one (sq: 2 instructions)
 * adds a bounded amount per call: both are inlined even with no budget at all. */
static void test_inline_budget_zero_still_inlines_single_and_tiny(void **state) {
    (void)state;
    Run r;
    run_with_budget(&r, big_once_text, "inline", YUSEC_TARGET_PTX, 0);
    assert_true(r.ok);
    expect_not_in(strbuf_cstr(&r.out), "call");
    done(&r);
    run_with_budget(&r, call_text, "inline", YUSEC_TARGET_PTX, 0);
    assert_true(r.ok);
    expect_not_in(strbuf_cstr(&r.out), "call");
    done(&r);
}

/* The mark survives the YIR text: printed, read back, printed alike. */
static void test_noinline_round_trips(void **state) {
    (void)state;
    Run r, again;
    run_with_budget(&r, big_twice_text, "inline", YUSEC_TARGET_PTX, 0);
    assert_true(r.ok);
    run_with_budget(&again, strbuf_cstr(&r.out), "", YUSEC_TARGET_PTX, 0);
    assert_string_equal(strbuf_cstr(&again.out), strbuf_cstr(&r.out));
    expect_in(strbuf_cstr(&again.out), "noinline");
    done(&again);
    done(&r);
}

/* ---- uniformity ---- */

/* The YIR of `if COND { BODY }` in a compute entry @main of SIZE invocations with one input,
 * the builtin INPUT; HEAD is the text up to the branch (anything before @main, the function's
 * first line and any values before `condition`), `condition` computes the branch's value
 * `cond`. */
static void if_shader_text(char *text, size_t text_size, const char *head, unsigned size, const char *input,
                           const char *condition, const char *cond, const char *body) {
    snprintf(text, text_size,
             "%s"
             "%s"
             "  if %s {\n"
             "%s"
             "    yield\n"
             "  } else {\n"
             "    yield\n"
             "  }\n"
             "  return\n"
             "}\n"
             "\n"
             "entry @e = compute @main workgroup_size(%u, 1, 1) (builtin(%s))\n",
             head, condition, cond, body, size, input);
}

/* The uniformity pass for TARGET over if_shader_text's shader. */
static void if_shader(Run *r, const char *head, unsigned size, const char *input, const char *condition,
                      const char *cond, const char *body, yusec_target target) {
    char text[2048];
    if_shader_text(text, sizeof text, head, size, input, condition, cond, body);
    run(r, text, "uniformity", target);
}

/* if_shader with SIZE invocations whose only input is local_invocation_index (%lid.0). */
static void lid_branch(Run *r, unsigned size, const char *condition, const char *cond, const char *body,
                       yusec_target target) {
    if_shader(r, "fn @main(%lid.0:u32) {\n", size, "local_invocation_index", condition, cond, body, target);
}

static void test_barrier_under_divergent_if_is_rejected_with_notes(void **state) {
    (void)state;
    Run r;
    lid_branch(&r, 64, "  %1:u32 = const 3u\n  %2:bool = gt %lid.0, %1\n", "%2", "    workgroup_barrier\n",
               YUSEC_TARGET_WGSL);
    assert_false(r.ok);
    const char *d = strbuf_cstr(&r.diag.text);
    expect_in(d, "t.yir:5:5: error: 此运算（workgroupBarrier）须在一致控制流里执行");
    expect_in(d, "t.yir:4:3: note: 控制流取决于此处可能不一致的条件");
    expect_in(d, "t.yir:1:10: note: 内建输入 local_invocation_index（入口「e」的参数「lid」）在各调用之间不同");
    done(&r);
}

static void test_barrier_under_uniform_if_is_accepted(void **state) {
    (void)state;
    Run r;
    if_shader(&r, "fn @main(%wg.0:vec3<u32>) {\n", 64, "workgroup_id",
              "  %1:u32 = extract %wg.0, 0\n  %2:u32 = const 3u\n  %3:bool = gt %1, %2\n", "%3",
              "    workgroup_barrier\n", YUSEC_TARGET_WGSL);
    assert_true(r.ok);
    expect_in(strbuf_cstr(&r.out), "%3:bool !uniform = gt %1, %2");
    done(&r);
}

static void test_barrier_after_uniform_loop_is_accepted(void **state) {
    (void)state;
    Run r;
    run(&r,
        "fn @main(%n.0:u32) {\n"
        "  %1:u32 = const 0u\n"
        "  %2:u32 = loop (%i.3:u32 = %1) {\n"
        "    %4:bool = ge %i.3, %n.0\n"
        "    if %4 {\n"
        "      break %i.3\n"
        "    } else {\n"
        "      yield\n"
        "    }\n"
        "    workgroup_barrier\n"
        "    %5:u32 = const 1u\n"
        "    %6:u32 = add %i.3, %5\n"
        "    continue %6\n"
        "  }\n"
        "  workgroup_barrier\n"
        "  return\n"
        "}\n"
        "\n"
        "entry @e = compute @main workgroup_size(64, 1, 1) (builtin(subgroup_size))\n",
        "uniformity", YUSEC_TARGET_WGSL);
    assert_true(r.ok);
    expect_in(strbuf_cstr(&r.out), "%2:u32 !uniform = loop (%i.3:u32 !uniform = %1)");
    done(&r);
}

static void test_subgroup_op_under_divergent_if_is_rejected(void **state) {
    (void)state;
    Run r;
    if_shader(&r,
              "var<storage_read_write> @o: array<u32> @group(0) @binding(0)\n"
              "\n"
              "fn @main(%sid.0:u32) {\n"
              "  %1:u32 = const 3u\n",
              64, "subgroup_invocation_id", "  %2:bool = gt %sid.0, %1\n", "%2",
              "    %3:u32 = subgroup_add %1\n"
              "    %4:ptr<storage_read_write, array<u32>> = global @o\n"
              "    %5:ptr<storage_read_write, u32> = access %4, %sid.0\n"
              "    store %5, %3\n",
              YUSEC_TARGET_MSL);
    assert_false(r.ok);
    expect_in(strbuf_cstr(&r.diag.text), "t.yir:7:5: error: 子组运算（subgroupAdd）须在子组一致控制流里执行");
    expect_in(strbuf_cstr(&r.diag.text), "note: 控制流取决于此处可能不一致的条件");
    done(&r);
}

/* Tint: subgroupShuffleXor/Up/Down require their mask or delta to be uniform; a uniform one
 * (subgroup_size) passes, the invocation id does not, on every target. */
static void shuffle_delta(Run *r, const char *op, const char *delta, yusec_target target) {
    char text[1024];
    snprintf(text, sizeof text,
             "var<storage_read_write> @o: array<u32> @group(0) @binding(0)\n"
             "\n"
             "fn @main(%%sid.0:u32, %%size.1:u32) {\n"
             "  %%2:u32 = %s %%sid.0, %s\n"
             "  %%3:ptr<storage_read_write, array<u32>> = global @o\n"
             "  %%4:ptr<storage_read_write, u32> = access %%3, %%sid.0\n"
             "  store %%4, %%2\n"
             "  return\n"
             "}\n"
             "\n"
             "entry @e = compute @main workgroup_size(64, 1, 1) (builtin(subgroup_invocation_id), "
             "builtin(subgroup_size))\n",
             op, delta);
    run(r, text, "uniformity", target);
}

/* Every op that needs uniform control flow is named in the uniformity diagnostics as WGSL's
 * builtin (camel case: no underscore, unlike YIR's workgroup_barrier), except the fragment
 * and tensor ops WGSL lacks, which keep their YIR name. */
static void test_uniformity_names_every_uniform_op(void **state) {
    (void)state;
    for (int i = 0; i < IR_OP_COUNT; i++) {
        IrOp op = (IrOp)i;
        if (!ir_op_needs_uniform(op)) continue;
        const char *name = pass_uniformity_op_name(op);
        bool own = ir_op_is_fragment(op) || ir_op_is_tensor(op);
        if (own) assert_string_equal(name, ir_op_info(op)->name);
        else if (strchr(name, '_')) fail_msg("uniformity diagnostics lack the WGSL name of %s", name);
    }
    assert_string_equal(pass_uniformity_op_name(IR_OP_WORKGROUP_BARRIER), "workgroupBarrier");
    assert_string_equal(pass_uniformity_op_name(IR_OP_SUBGROUP_SHUFFLE_XOR), "subgroupShuffleXor");
    assert_string_equal(pass_uniformity_op_name(IR_OP_CALL), "call");
}

static void test_shuffle_delta_must_be_uniform(void **state) {
    (void)state;
    static const char *const ops[] = {"subgroup_shuffle_xor", "subgroup_shuffle_up", "subgroup_shuffle_down"};
    static const yusec_target targets[] = {YUSEC_TARGET_WGSL, YUSEC_TARGET_MSL, YUSEC_TARGET_PTX};
    for (unsigned i = 0; i < 3; i++) {
        Run r;
        shuffle_delta(&r, ops[i], "%size.1", targets[i]);
        assert_true(r.ok);
        done(&r);
        shuffle_delta(&r, ops[i], "%sid.0", targets[i]);
        assert_false(r.ok);
        expect_in(strbuf_cstr(&r.diag.text), "t.yir:4:3: error: 子组运算（subgroupShuffle");
        expect_in(strbuf_cstr(&r.diag.text), "的第二个实参须在子组之内一致");
        expect_in(strbuf_cstr(&r.diag.text), "note: 内建输入 subgroup_invocation_id");
        done(&r);
    }
    /* subgroupShuffle's lane may differ between invocations (Tint accepts it). */
    Run r;
    shuffle_delta(&r, "subgroup_shuffle", "%sid.0", YUSEC_TARGET_PTX);
    assert_true(r.ok);
    done(&r);
}


/* 着十三: the whole workgroup holds a tensor tile, so its ops need workgroup-uniform control
 * flow (a subgroup-uniform condition is not enough). */
static void test_tensor_op_under_divergent_if_is_rejected(void **state) {
    (void)state;
    Run r;
    lid_branch(&r, 128, "  %1:u32 = const 3u\n  %2:bool = gt %lid.0, %1\n", "%2",
               "    %3:tensor_acc_f32 = tensor_zero\n", YUSEC_TARGET_MSL);
    assert_false(r.ok);
    expect_in(strbuf_cstr(&r.diag.text), "t.yir:5:5: error: 张量片运算（tensor_zero）须由一个线程束组的 128 个调用一致执行");
    done(&r);
}

/* Warpgroups: a condition on warpgroup_id (线程束组号) and uniform values is warpgroup-uniform,
 * which is enough for a tensor op, not for a barrier, and a subgroup-uniform one is not.
 * COND_OP computes %3 from %1 = warpgroup_id and %2 = 1u; BODY runs where %3 == 1. */
static void run_warpgroup_branch(Run *r, const char *cond_op, const char *body) {
    char condition[256];
    snprintf(condition, sizeof condition,
             "  %%1:u32 = warpgroup_id\n"
             "  %%2:u32 = const 1u\n"
             "  %%3:u32 = %s\n"
             "  %%4:bool = eq %%3, %%2\n",
             cond_op);
    lid_branch(r, 384, condition, "%4", body, YUSEC_TARGET_PTX);
}

static void test_tensor_op_under_warpgroup_condition(void **state) {
    (void)state;
    Run r;
    run_warpgroup_branch(&r, "add %1, %2", "    %5:tensor_acc_f32 = tensor_zero\n    tensor_commit\n");
    assert_true(r.ok);
    done(&r);
    run_warpgroup_branch(&r, "add %1, %2", "    workgroup_barrier\n");
    assert_false(r.ok);
    expect_in(strbuf_cstr(&r.diag.text), "error: 此运算（workgroupBarrier）须在一致控制流里执行");
    expect_in(strbuf_cstr(&r.diag.text), "「线程束组号」只在线程束组之内一致");
    done(&r);
    run_warpgroup_branch(&r, "add %1, %lid.0", "    %5:tensor_acc_f32 = tensor_zero\n");
    assert_false(r.ok);
    expect_in(strbuf_cstr(&r.diag.text), "t.yir:7:5: error: 张量片运算（tensor_zero）须由一个线程束组的 128 个调用一致执行");
    done(&r);
}

/* The lattice: uniform < warpgroup_uniform < subgroup_uniform < non_uniform, a value without a fact counting as
 * non-uniform; barriers need uniform control flow, subgroup and fragment ops subgroup-uniform
 * control flow, other ops none. */
static void test_uniformity_lattice(void **state) {
    (void)state;
    static const IrUniformity levels[] = {IR_UNIFORM, IR_WARPGROUP_UNIFORM, IR_SUBGROUP_UNIFORM, IR_NON_UNIFORM,
                                          IR_UNIFORMITY_UNKNOWN};
    for (unsigned i = 0; i < 5; i++) {
        IrUniformity a = levels[i];
        IrUniformity self = pass_uniformity_join(a, a);
        assert_int_equal(self, a == IR_UNIFORMITY_UNKNOWN ? IR_NON_UNIFORM : a);
        assert_int_equal(pass_uniformity_join(a, IR_UNIFORM), self);
        assert_int_equal(pass_uniformity_join(a, IR_NON_UNIFORM), IR_NON_UNIFORM);
        for (unsigned j = 0; j < 5; j++)
            assert_int_equal(pass_uniformity_join(a, levels[j]), pass_uniformity_join(levels[j], a));
    }
    assert_int_equal(pass_uniformity_join(IR_UNIFORM, IR_SUBGROUP_UNIFORM), IR_SUBGROUP_UNIFORM);
    assert_int_equal(pass_uniformity_join(IR_SUBGROUP_UNIFORM, IR_UNIFORMITY_UNKNOWN), IR_NON_UNIFORM);

    assert_int_equal(pass_uniformity_required(IR_OP_WORKGROUP_BARRIER), IR_UNIFORM);
    assert_int_equal(pass_uniformity_join(IR_UNIFORM, IR_WARPGROUP_UNIFORM), IR_WARPGROUP_UNIFORM);
    assert_int_equal(pass_uniformity_join(IR_WARPGROUP_UNIFORM, IR_SUBGROUP_UNIFORM), IR_SUBGROUP_UNIFORM);
    assert_int_equal(pass_uniformity_required(IR_OP_TENSOR_MMA), IR_WARPGROUP_UNIFORM);
    assert_int_equal(pass_uniformity_required(IR_OP_TENSOR_MMA_ASYNC), IR_WARPGROUP_UNIFORM);
    assert_int_equal(pass_uniformity_required(IR_OP_REGISTER_INC), IR_WARPGROUP_UNIFORM);
    assert_true(pass_uniformity_satisfies(IR_WARPGROUP_UNIFORM, IR_WARPGROUP_UNIFORM));
    assert_true(pass_uniformity_satisfies(IR_WARPGROUP_UNIFORM, IR_SUBGROUP_UNIFORM));
    assert_false(pass_uniformity_satisfies(IR_WARPGROUP_UNIFORM, IR_UNIFORM));
    assert_false(pass_uniformity_satisfies(IR_SUBGROUP_UNIFORM, IR_WARPGROUP_UNIFORM));
    assert_int_equal(pass_uniformity_required(IR_OP_SUBGROUP_ANY), IR_SUBGROUP_UNIFORM);
    assert_int_equal(pass_uniformity_required(IR_OP_FRAG_MMA), IR_SUBGROUP_UNIFORM);
    assert_int_equal(pass_uniformity_required(IR_OP_FRAG_STORE), IR_SUBGROUP_UNIFORM);
    assert_int_equal(pass_uniformity_required(IR_OP_ADD), IR_NON_UNIFORM);

    assert_true(pass_uniformity_satisfies(IR_UNIFORM, IR_UNIFORM));
    assert_false(pass_uniformity_satisfies(IR_SUBGROUP_UNIFORM, IR_UNIFORM));
    assert_true(pass_uniformity_satisfies(IR_SUBGROUP_UNIFORM, IR_SUBGROUP_UNIFORM));
    assert_false(pass_uniformity_satisfies(IR_NON_UNIFORM, IR_SUBGROUP_UNIFORM));
    assert_false(pass_uniformity_satisfies(IR_UNIFORMITY_UNKNOWN, IR_SUBGROUP_UNIFORM));
    assert_true(pass_uniformity_satisfies(IR_NON_UNIFORM, IR_NON_UNIFORM));
}

/* A vote on a non-uniform predicate: the fragment op in the branch is accepted (issue 32,
 * defect 1), a barrier there is not. BODY goes in the branch of `if subgroup_any(sid == 3)`. */
/* if_shader with 64 invocations whose only input is subgroup_invocation_id (%sid.0), the
 * storage array @o and %1 = 3u. */
static void branch_on(Run *r, const char *condition, const char *cond, const char *body,
                      yusec_target target) {
    if_shader(r,
              "var<storage_read_write> @o: array<f32> @group(0) @binding(0)\n"
              "\n"
              "fn @main(%sid.0:u32) {\n"
              "  %1:u32 = const 3u\n",
              64, "subgroup_invocation_id", condition, cond, body, target);
}

/* if subgroup_any(sid == 3) { BODY } */
static void vote_branch(Run *r, const char *body, yusec_target target) {
    branch_on(r, "  %2:bool = eq %sid.0, %1\n  %3:bool = subgroup_any %2\n", "%3", body, target);
}

static const char fragment_store[] =
    "    %4:frag_acc_f32 = frag_zero\n"
    "    %5:ptr<storage_read_write, array<f32>> = global @o\n"
    "    %6:u32 = const 0u\n"
    "    %7:u32 = const 16u\n"
    "    frag_store %5, %6, %7, %4\n";

static void test_fragment_op_under_vote_is_accepted(void **state) {
    (void)state;
    static const yusec_target targets[] = {YUSEC_TARGET_WGSL, YUSEC_TARGET_MSL, YUSEC_TARGET_PTX};
    for (unsigned i = 0; i < 3; i++) {
        Run r;
        vote_branch(&r, fragment_store, targets[i]);
        if (!r.ok) fail_msg("%s", strbuf_cstr(&r.diag.text));
        expect_in(strbuf_cstr(&r.out), "%3:bool !subgroup_uniform = subgroup_any %2");
        expect_in(strbuf_cstr(&r.out), "%2:bool !non_uniform = eq %sid.0, %1");
        done(&r);
        vote_branch(&r, "    workgroup_barrier\n", targets[i]);
        assert_false(r.ok);
        expect_in(strbuf_cstr(&r.diag.text), "t.yir:8:5: error: 此运算（workgroupBarrier）须在一致控制流里执行");
        expect_in(strbuf_cstr(&r.diag.text), "t.yir:6:3: note: 子组运算“subgroup_any”的结果只在子组之内一致");
        done(&r);
    }
}

/* A broadcast (subgroup_shuffle) from a uniform lane is subgroup uniform; from a varying lane
 * it is not, and a fragment op under it is rejected. Arithmetic joins the levels. */
static void test_broadcast_lane_decides(void **state) {
    (void)state;
    static const char *const lanes[] = {"%1", "%sid.0"};
    for (unsigned i = 0; i < 2; i++) {
        char condition[256];
        snprintf(condition, sizeof condition,
                 "  %%2:u32 = subgroup_shuffle %%sid.0, %s\n"
                 "  %%3:u32 = add %%2, %%1\n"
                 "  %%4:bool = gt %%3, %%1\n",
                 lanes[i]);
        Run r;
        branch_on(&r, condition, "%4", "    %5:frag_acc_f32 = frag_zero\n", YUSEC_TARGET_PTX);
        if (i == 0) {
            if (!r.ok) fail_msg("%s", strbuf_cstr(&r.diag.text));
            expect_in(strbuf_cstr(&r.out), "%3:u32 !subgroup_uniform = add %2, %1");
        } else {
            assert_false(r.ok);
            expect_in(strbuf_cstr(&r.diag.text), "t.yir:9:5: error: 子组运算（frag_zero）须在子组一致控制流里执行");
            expect_in(strbuf_cstr(&r.diag.text), "note: 内建输入 subgroup_invocation_id");
        }
        done(&r);
    }
}

static void test_requirement_through_call_after_inlining(void **state) {
    (void)state;
    /* The same verdict with the barrier in a callee, before and after inlining. */
    char text[2048];
    if_shader_text(text, sizeof text,
                   "fn @wait() {\n"
                   "  workgroup_barrier\n"
                   "  return\n"
                   "}\n"
                   "\n"
                   "fn @main(%lid.0:u32) {\n",
                   64, "local_invocation_index", "  %1:u32 = const 3u\n  %2:bool = gt %lid.0, %1\n", "%2",
                   "    call @wait()\n");
    Run r;
    run(&r, text, "uniformity", YUSEC_TARGET_WGSL);
    assert_false(r.ok);
    expect_in(strbuf_cstr(&r.diag.text), "t.yir:2:3: error: 此运算（workgroupBarrier）");
    expect_in(strbuf_cstr(&r.diag.text), "t.yir:10:5: note: 「main」在此调用「wait」");
    done(&r);
    run(&r, text, "inline,uniformity", YUSEC_TARGET_PTX);
    assert_false(r.ok);
    expect_in(strbuf_cstr(&r.diag.text), "t.yir:2:3: error: 此运算（workgroupBarrier）");
    done(&r);
}

/* ---- fold and dce ---- */

static void test_fold_wraps_and_dce_removes_dead_values(void **state) {
    (void)state;
    Run r;
    run(&r,
        "fn @f(%x.0:u32) -> u32 {\n"
        "  %1:u32 = const 4294967295u\n"
        "  %2:u32 = const 2u\n"
        "  %3:u32 = add %1, %2\n"
        "  %4:u32 = const 0u\n"
        "  %5:u32 = div %x.0, %4\n"
        "  %6:u32 = div %3, %4\n"
        "  %7:u32 = mul %x.0, %3\n"
        "  return %6\n"
        "}\n",
        "fold,dce", YUSEC_TARGET_WGSL);
    assert_true(r.ok);
    /* 1 / 0 is not folded as it stands (WGSL's constant evaluation rejects it); its divisor
     * becomes 1, which gives the same run-time result (x / 0 is x), and 1 / 1 then folds —
     * left as a division of two constants it would be a WGSL const-expression again. */
    assert_string_equal(strbuf_cstr(&r.out),
                        "fn @f(%x.0:u32) -> u32 {\n"
                        "  %1:u32 = const 1u\n"
                        "  return %1\n"
                        "}\n\n");
    done(&r);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registry_and_default_pipelines),
        cmocka_unit_test(test_unknown_pass_is_reported_before_running),
        cmocka_unit_test(test_print_after_named_pass),
        cmocka_unit_test(test_tail_recursion_becomes_loop),
        cmocka_unit_test(test_tail_call_under_nested_ifs),
        cmocka_unit_test(test_non_tail_self_call_is_rejected),
        cmocka_unit_test(test_inline_everything_for_ptx),
        cmocka_unit_test(test_inline_keeps_functions_for_wgsl),
        cmocka_unit_test(test_inline_budget_keeps_a_function),
        cmocka_unit_test(test_inline_budget_zero_still_inlines_single_and_tiny),
        cmocka_unit_test(test_noinline_round_trips),
        cmocka_unit_test(test_barrier_under_divergent_if_is_rejected_with_notes),
        cmocka_unit_test(test_barrier_under_uniform_if_is_accepted),
        cmocka_unit_test(test_barrier_after_uniform_loop_is_accepted),
        cmocka_unit_test(test_subgroup_op_under_divergent_if_is_rejected),
        cmocka_unit_test(test_shuffle_delta_must_be_uniform),
        cmocka_unit_test(test_uniformity_names_every_uniform_op),
        cmocka_unit_test(test_tensor_op_under_divergent_if_is_rejected),
        cmocka_unit_test(test_tensor_op_under_warpgroup_condition),
        cmocka_unit_test(test_requirement_through_call_after_inlining),
        cmocka_unit_test(test_uniformity_lattice),
        cmocka_unit_test(test_fragment_op_under_vote_is_accepted),
        cmocka_unit_test(test_broadcast_lane_decides),
        cmocka_unit_test(test_fold_wraps_and_dce_removes_dead_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
