/* -lineinfo / -g: LLVM debug info that makes NVPTX write `.file` and `.loc` directives, so
 * nvdisasm -g and Nsight Compute show the 豫言 line of each SASS instruction
 * (docs/targets.md § Line information). Built with the DIBuilder: one compile unit, one
 * DIFile per source file the spans reach, one DISubprogram per LLVM function (kernels
 * included), and a location per YIR instruction as it is translated (func.c). LLVM's passes
 * keep the locations through inlining and optimisation. */
#include <string.h>

#include "internal.h"

/* DICompileUnit::DebugDirectivesOnly, which LLVM-C's LLVMDWARFEmissionKind does not name
 * (LLVMDIBuilderCreateCompileUnit casts the value to the C++ enum, where it has been 3 since
 * LLVM 8). NVPTX then writes only .file/.loc, as nvcc -lineinfo does. LineTablesOnly would add
 * DWARF sections and `.target sm_XX, debug`, on which ptxas compiles the kernel as for -G
 * (unoptimised: 加倍's sm_90 code from 0x180 to 0x380 bytes). */
#define PTX_DEBUG_DIRECTIVES_ONLY ((LLVMDWARFEmissionKind)3)
/* NVPTX writes DWARF 2. */
#define PTX_DWARF_VERSION 2u

static bool line_info_wanted(const PtxCtx *px) { return px->options->line_info.sources != NULL; }

static const SourceFile *source_of(const PtxCtx *px, Span span) {
    const SourceMap *sources = px->options->line_info.sources;
    return span.file < sources->count ? source_get(sources, span.file) : NULL;
}

/* The DIFile of source file `id`: its whole path (no directory part: the .file directive is
 * LLVM's directory and name joined, and lib/ has made the path absolute) as ptx_encode_path
 * spells it, so the directive is ASCII. */
static LLVMMetadataRef debug_file(PtxCtx *px, uint32_t id) {
    if (px->debug_files[id]) return px->debug_files[id];
    const PtxLineInfo *info = &px->options->line_info;
    StrBuf name;
    strbuf_init(&name);
    ptx_encode_path(&name, info->paths ? info->paths[id] : source_get(info->sources, id)->path);
    px->debug_files[id] = LLVMDIBuilderCreateFile(px->dib, strbuf_cstr(&name), name.len, "", 0);
    strbuf_free(&name);
    return px->debug_files[id];
}

/* The compile unit's file: that of the first entry, else of the module's first function. */
static uint32_t main_file(const PtxCtx *px) {
    Span span = {UINT32_MAX, 0, 0};
    if (ir_entry_count(px->m)) span = ir_entry(px->m, 0)->span;
    else if (ir_function_count(px->m)) span = ir_function(px->m, 0)->span;
    return source_of(px, span) ? span.file : 0;
}

static void add_flag(PtxCtx *px, const char *key, unsigned value) {
    LLVMValueRef constant = LLVMConstInt(LLVMInt32TypeInContext(px->ctx), value, false);
    LLVMAddModuleFlag(px->mod, LLVMModuleFlagBehaviorWarning, key, strlen(key), LLVMValueAsMetadata(constant));
}

void ptx_debug_begin(PtxCtx *px) {
    if (!line_info_wanted(px) || px->options->line_info.sources->count == 0) return;
    px->dib = LLVMCreateDIBuilder(px->mod);
    px->debug_files = arena_alloc_array(&px->arena, px->options->line_info.sources->count + 1,
                                        sizeof *px->debug_files);
    static const char producer[] = "yusec";
    /* There is no DWARF language code for 豫言; directives only carry none anyway. */
    px->debug_unit = LLVMDIBuilderCreateCompileUnit(
        px->dib, LLVMDWARFSourceLanguageC, debug_file(px, main_file(px)), producer, sizeof producer - 1,
        px->options->opt_level > 0, "", 0, 0, "", 0, PTX_DEBUG_DIRECTIVES_ONLY, 0, false, false, "", 0, "", 0);
    add_flag(px, "Debug Info Version", LLVMDebugMetadataVersion());
    add_flag(px, "Dwarf Version", PTX_DWARF_VERSION);
}

void ptx_debug_finish(PtxCtx *px) {
    if (!px->dib) return;
    LLVMDIBuilderFinalize(px->dib);
    LLVMDisposeDIBuilder(px->dib);
    px->dib = NULL;
}

/* Line and column of `span` (code points, 1-based, as yusec's diagnostics count them). */
static void span_position(const PtxCtx *px, Span span, unsigned *line, unsigned *column) {
    uint32_t l = 0, c = 0;
    source_position(source_of(px, span), span.start, &l, &c);
    *line = l;
    *column = c;
}

static void set_location(FnCtx *fc, LLVMMetadataRef scope, unsigned line, unsigned column) {
    LLVMMetadataRef loc = LLVMDIBuilderCreateDebugLocation(fc->px->ctx, line, column, scope, NULL);
    LLVMSetCurrentDebugLocation2(fc->px->b, loc);
}

void ptx_debug_enter(FnCtx *fc, Span span) {
    PtxCtx *px = fc->px;
    if (!px->dib) return;
    bool located = source_of(px, span) != NULL;
    uint32_t file_id = located ? span.file : main_file(px);
    unsigned line = 0, column = 0;
    if (located) span_position(px, span, &line, &column);
    LLVMMetadataRef file = debug_file(px, file_id);
    LLVMMetadataRef type = LLVMDIBuilderCreateSubroutineType(px->dib, file, NULL, 0, LLVMDIFlagZero);
    /* The LLVM name (着十's ASCII mangling) rather than the 豫言 one: nothing non-ASCII may
     * reach the PTX, and the SASS names the function by it anyway. */
    size_t len = 0;
    const char *name = LLVMGetValueName2(fc->fn, &len);
    fc->debug_scope = LLVMDIBuilderCreateFunction(px->dib, file, name, len, name, len, file, line, type,
                                                  LLVMGetLinkage(fc->fn) == LLVMInternalLinkage, true, line,
                                                  LLVMDIFlagZero, px->options->opt_level > 0);
    LLVMSetSubprogram(fc->fn, fc->debug_scope);
    fc->debug_scopes = arena_alloc_array(&px->arena, px->options->line_info.sources->count + 1,
                                         sizeof *fc->debug_scopes);
    fc->debug_scopes[file_id] = fc->debug_scope;
    set_location(fc, fc->debug_scope, line, column);
}

/* The scope of a location in file `id` inside fc's function: the subprogram in its own file,
 * else a DILexicalBlockFile (code inlined by YIR's inline pass keeps its callee's spans,
 * which may be in an imported module's file). */
static LLVMMetadataRef scope_in(FnCtx *fc, uint32_t id) {
    if (!fc->debug_scopes[id])
        fc->debug_scopes[id] = LLVMDIBuilderCreateLexicalBlockFile(fc->px->dib, fc->debug_scope,
                                                                   debug_file(fc->px, id), 0);
    return fc->debug_scopes[id];
}

void ptx_debug_at(FnCtx *fc, Span span) {
    if (!fc->debug_scope || !source_of(fc->px, span)) return;
    unsigned line, column;
    span_position(fc->px, span, &line, &column);
    set_location(fc, scope_in(fc, span.file), line, column);
}

void ptx_debug_leave(FnCtx *fc) {
    if (fc->debug_scope) LLVMSetCurrentDebugLocation2(fc->px->b, NULL);
}
