/* The plugin's one exported symbol and the LLVM pipeline: YIR → LLVM IR (module.c) →
 * LLVMRunPasses("default<On>", or the reduced pipeline for very large functions) → narrow
 * min/max widened (widen.c) → NVPTX assembly, checked
 * to be ASCII, with the kernel parameters given 着十's names (params.c) and each kernel its .reqntid
 * (launch.c). */
#include <stdio.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/Support.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "../ptx_plugin.h"
#include "internal.h"

#define PTX_TRIPLE "nvptx64-nvidia-cuda"

/* The plugin's LLVM options, set before each target machine is made (LLVM is linked into the
 * plugin, so they are the plugin's own; parsing them again is harmless). -nvptx-short-ptr:
 * shared-memory pointers are 32-bit, as nvcc makes them — one register per live address
 * instead of two, 32-bit address arithmetic (docs/targets.md). */
static void set_llvm_options(void) {
    const char *argv[] = {"yusec-ptx", "-nvptx-short-ptr"};
    LLVMParseCommandLineOptions(2, argv, NULL);
}

/* `module`: the module the machine writes, whose arch (ptx_arch_for_module) may be above -arch. */
static LLVMTargetMachineRef make_machine(const IrModule *module, const PtxOptions *options, int opt_level,
                                         DiagEngine *diag, PtxFailure *failure) {
    set_llvm_options();
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    LLVMTargetRef target;
    char *error = NULL;
    if (LLVMGetTargetFromTriple(PTX_TRIPLE, &target, &error)) {
        ptx_fail_path(diag, Y_PTX_UNAVAILABLE, failure, "this LLVM has no NVPTX backend", "此 LLVM 没有 NVPTX 后端：%s",
                      error ? error : "");
        LLVMDisposeMessage(error);
        return NULL;
    }
    /* -O3 runs default<O3> but NVPTX code generation at its -O2 (Default) level. For NVPTX
     * the two levels differ only in addEarlyCSEOrGVNPass: Aggressive runs GVN where Default
     * runs EarlyCSE, twice, on IR that default<O3> has already put through GVN. The PTX is
     * byte-identical on every sample and GPU test kernel (llc-19 -O2 and -O3 agree on all
     * of them too), and code generation of the matrix-fragment samples costs 8 % fewer
     * instructions (issue 16; bench/README.md). */
    static const LLVMCodeGenOptLevel levels[4] = {LLVMCodeGenLevelNone, LLVMCodeGenLevelLess,
                                                  LLVMCodeGenLevelDefault, LLVMCodeGenLevelDefault};
    return LLVMCreateTargetMachine(target, PTX_TRIPLE, ptx_arch_for_module(module, ptx_cpu_name(options)),
                                   ptx_feature_string(options),
                                   levels[opt_level], LLVMRelocDefault, LLVMCodeModelDefault);
}

/* Very large functions (docs/targets.md § Large functions): LLVM's default<O1..3> and its
 * code generation above -O0 are superlinear on one function with thousands of loops or
 * blocks (LoopRotate's dominator-tree updates, GVN, and ScalarEvolution in loop strength
 * reduction, whose recursion over the guards of consecutive loops even overflows the stack:
 * 1,000 tail-recursive loops took 5 s, 3,000 over a minute). Past this many YIR instructions
 * in one function the module gets PTX_LARGE_PIPELINE, scalar clean-up without loop passes,
 * and -O0 code generation; ptxas optimises the PTX in any case. simplifycfg runs before the
 * first instcombine: instcombine on 6,000 nested 若 not yet folded took 4.7 s, after 0.1 s. */
#define PTX_LARGE_FUNCTION_INSTS 20000u
static const char PTX_LARGE_PIPELINE[] =
    "always-inline,function(sroa<modify-cfg>,early-cse<memssa>,simplifycfg,instcombine<no-verify-fixpoint>,"
    "reassociate,early-cse<memssa>,instcombine<no-verify-fixpoint>,adce,simplifycfg)";

static bool is_large(const PtxCtx *px) {
    return px->options->opt_level > 0 && px->largest_function > PTX_LARGE_FUNCTION_INSTS;
}

static bool optimise(PtxCtx *px, LLVMTargetMachineRef tm) {
    char pipeline[32];
    snprintf(pipeline, sizeof pipeline, "default<O%d>", px->options->opt_level);
    LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
    LLVMErrorRef err = LLVMRunPasses(px->mod, is_large(px) ? PTX_LARGE_PIPELINE : pipeline, tm, opts);
    LLVMDisposePassBuilderOptions(opts);
    if (!err) return true;
    char *msg = LLVMGetErrorMessage(err);
    ptx_fail_path(px->diag, Y_LLVM_FAILED, px->failure, "LLVM optimisation failed", "LLVM 优化失败：%s", msg);
    LLVMDisposeErrorMessage(msg);
    return false;
}

/* ptxas rejects any non-ASCII byte, comments included (着十). */
static bool all_ascii(const char *text, size_t len) {
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)text[i] >= 0x80 || text[i] == '\0') return false;
    return true;
}

static bool emit_text(LLVMModuleRef mod, LLVMTargetMachineRef tm, StrBuf *out, DiagEngine *diag,
                      PtxFailure *failure) {
    LLVMMemoryBufferRef buf = NULL;
    char *error = NULL;
    if (LLVMTargetMachineEmitToMemoryBuffer(tm, mod, LLVMAssemblyFile, &error, &buf)) {
        ptx_fail_path(diag, Y_LLVM_FAILED, failure, "LLVM could not write the PTX", "LLVM 生成 PTX 失败：%s",
                      error ? error : "");
        LLVMDisposeMessage(error);
        return false;
    }
    const char *text = LLVMGetBufferStart(buf);
    size_t len = LLVMGetBufferSize(buf);
    bool ok = all_ascii(text, len);
    if (ok) strbuf_append(out, text, len);
    else ptx_fail_path(diag, Y_TARGET_INTERNAL, failure, "internal error: the PTX holds non-ASCII bytes",
                       "内部错误：生成的 PTX 含非 ASCII 字节");
    LLVMDisposeMemoryBuffer(buf);
    return ok;
}

static void comment_skipped_entries(PtxCtx *px, const IrModule *m, StrBuf *out) {
    for (uint32_t i = 0; i < ir_entry_count(m); i++) {
        const IrEntry *e = ir_entry(m, i);
        if (e->stage == IR_STAGE_COMPUTE) continue;
        strbuf_puts(out, "// ");
        ptx_entry_name(out, &px->arena, m, e);
        strbuf_printf(out, ": %s entry omitted (the PTX target compiles compute entries only)\n",
                      ir_stage_name(e->stage));
    }
}

static bool verify_llvm(LLVMModuleRef mod, DiagEngine *diag, PtxFailure *failure) {
    char *msg = NULL;
    if (!LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg)) {
        LLVMDisposeMessage(msg);
        return true;
    }
    ptx_fail_path(diag, Y_TARGET_INTERNAL, failure, "internal error: the LLVM IR made is invalid",
                  "内部错误：译出的 LLVM IR 不合法：%s", msg ? msg : "");
    LLVMDisposeMessage(msg);
    return false;
}

/* -emit-llvm: the module exactly as the back end would get it, as text or as bitcode. */
static void print_llvm(LLVMModuleRef mod, bool bitcode, StrBuf *out) {
    if (bitcode) {
        LLVMMemoryBufferRef buffer = LLVMWriteBitcodeToMemoryBuffer(mod);
        strbuf_append(out, LLVMGetBufferStart(buffer), LLVMGetBufferSize(buffer));
        LLVMDisposeMemoryBuffer(buffer);
        return;
    }
    char *text = LLVMPrintModuleToString(mod);
    strbuf_puts(out, text);
    LLVMDisposeMessage(text);
}

static bool translate_and_emit(PtxCtx *px, LLVMTargetMachineRef tm, StrBuf *out) {
    bool ok = ptx_translate(px) && verify_llvm(px->mod, px->diag, px->failure) && optimise(px, tm);
    if (ok) ptx_widen_narrow_min_max(px->mod);
    if (ok && px->options->llvm_ir) {
        print_llvm(px->mod, px->options->llvm_bitcode, out);
        return true;
    }
    StrBuf llvm_text, named, text;
    strbuf_init(&llvm_text);
    strbuf_init(&named);
    strbuf_init(&text);
    LLVMTargetMachineRef code_tm = ok && is_large(px) ? make_machine(px->m, px->options, 0, px->diag, px->failure) : tm;
    ok = ok && code_tm && emit_text(px->mod, code_tm, &llvm_text, px->diag, px->failure) &&
         ptx_name_params(px, strbuf_cstr(&llvm_text), llvm_text.len, &named) &&
         ptx_write_launch_bounds(px, strbuf_cstr(&named), named.len, &text);
    if (code_tm && code_tm != tm) LLVMDisposeTargetMachine(code_tm);
    strbuf_free(&llvm_text);
    strbuf_free(&named);
    if (ok) {
        comment_skipped_entries(px, px->m, &text);
        if (is_large(px))
            strbuf_printf(&text, "// a function of %u YIR instructions (over %u): LLVM ran the reduced pipeline "
                                 "and -O0 code generation (docs/targets.md, Large functions)\n",
                          px->largest_function, PTX_LARGE_FUNCTION_INSTS);
        strbuf_append(out, text.data ? text.data : "", text.len);
    }
    strbuf_free(&text);
    return ok;
}

static bool plugin_emit(const IrModule *module, const PtxOptions *options, StrBuf *out,
                        PtxFailure *failure, DiagEngine *diag) {
    if (!ptx_check_options(options, diag)) {
        ptx_failure_set(failure, "PTX options rejected");
        return false;
    }
    LLVMTargetMachineRef tm = make_machine(module, options, options->opt_level, diag, failure);
    if (!tm) return false;
    PtxCtx px;
    memset(&px, 0, sizeof px);
    px.m = module;
    px.types = &module->types;
    px.options = options;
    px.diag = diag;
    px.failure = failure;
    arena_init(&px.arena);
    px.ctx = LLVMContextCreate();
    px.mod = LLVMModuleCreateWithNameInContext("yusec", px.ctx);
    px.b = LLVMCreateBuilderInContext(px.ctx);
    px.td = LLVMCreateTargetDataLayout(tm);
    LLVMSetTarget(px.mod, PTX_TRIPLE);
    LLVMSetModuleDataLayout(px.mod, px.td);
    bool ok = translate_and_emit(&px, tm, out);
    LLVMDisposeBuilder(px.b);
    LLVMDisposeModule(px.mod);
    LLVMDisposeTargetData(px.td);
    LLVMContextDispose(px.ctx);
    LLVMDisposeTargetMachine(tm);
    arena_free(&px.arena);
    return ok;
}

static const PtxPluginApi plugin_api = {PTX_PLUGIN_ABI, PTX_PLUGIN_LAYOUT, plugin_emit};

__attribute__((visibility("default"))) const PtxPluginApi *yusec_ptx_plugin_v1(void);
const PtxPluginApi *yusec_ptx_plugin_v1(void) { return &plugin_api; }

__attribute__((visibility("default"))) void yusec_ptx_llvm_version(unsigned *major, unsigned *minor,
                                                                   unsigned *patch);
void yusec_ptx_llvm_version(unsigned *major, unsigned *minor, unsigned *patch) {
    LLVMGetVersion(major, minor, patch);
}
