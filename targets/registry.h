/* The target registry: one table of target descriptors (targets/registry.c), the one place
 * that says what a target is — its id (yusec_target), its names and command-line word, the
 * suffix of its files, what it can do, its limits, its default pass pipeline and inlining
 * policy, and its emitter. The library, the command line and the language server iterate it
 * instead of keeping lists of their own. A new target is its own files (an emitter that fills
 * a TargetOutput) plus one line in the table; docs/architecture.md lists the steps. */
#ifndef YUSEC_TARGETS_REGISTRY_H
#define YUSEC_TARGETS_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/diag.h"
#include "../base/strbuf.h"
#include "../ir/ir.h"
#include "limits.h"
#include "ptx.h"
#include "yusec/target.h"

/* One entry point as the emitter names it in its text (着七). */
typedef struct TargetEntryName {
    const char *item;            /* the entry item (入口项) */
    const char *function;        /* its function's name in the text */
    IrStage stage;
    uint32_t workgroup_size[3];  /* compute only */
    const char *kernel;          /* a target with TARGET_CAP_KERNEL_NAMES: a compute entry's
                                    kernel name (PTX: ptx_entry_name); NULL otherwise */
} TargetEntryName;

/* Why an emitter failed, in printable ASCII (TARGET_CAP_ASCII_FAILURE: the generated module's
 * comment line for PTX, 着二 and 着十); unset for the other targets. */
typedef PtxFailure TargetFailure;

/* What an emitter gives: its text (appended to the caller's buffer), the entry names as it
 * wrote them, or its failure (diagnostics through the DiagEngine, the ASCII reason here). */
typedef struct TargetOutput {
    Arena *arena;               /* the caller's: the entry names live here */
    StrBuf *text;               /* the caller's: appended to on success only */
    TargetEntryName *entries;   /* on success: one per entry of the module, in its order */
    uint32_t entry_count;
    TargetFailure failure;
} TargetOutput;

void target_output_init(TargetOutput *output, Arena *arena, StrBuf *text);

/* What an emitter may be told besides the module (the PTX ones; the others ignore them). */
typedef struct TargetEmitOptions {
    const PtxOptions *ptx;      /* NULL: ptx_options_init's defaults */
} TargetEmitOptions;

/* Emits `module` (verified, after the target's pipeline). False after diagnostics. */
typedef bool (*TargetEmitFn)(const IrModule *module, const TargetEmitOptions *options,
                             TargetOutput *output, DiagEngine *diag);

enum {
    TARGET_CAP_KERNEL_NAMES = 1u << 0,   /* entries get kernel names and block sizes (着七's PTX columns) */
    TARGET_CAP_ARCH = 1u << 1,           /* takes -arch (several texts from one module; cubin, fatbin) */
    TARGET_CAP_ASCII_FAILURE = 1u << 2,  /* a failure carries an ASCII reason (TargetFailure) */
    TARGET_CAP_LINE_INFO = 1u << 3,      /* -lineinfo, -g: line directives to the source */
};

typedef struct TargetDescriptor {
    yusec_target id;
    const char *name;           /* "WGSL": diagnostics' sources, hovers, -v */
    const char *word;           /* "wgsl": -emit=, -target=, the language server's settings */
    const char *suffix;         /* ".wgsl": the file -o-dir writes */
    const char *language_id;    /* the editor language of its text ("metal") */
    const char *generated_constant;  /* its text's constant in 名。着色生成。豫 (着二) */
    unsigned caps;              /* TARGET_CAP_… */
    const TargetLimits *limits;
    const char *pipeline;       /* the default pass pipeline (docs/passes.md) */
    InlinePolicy inline_policy; /* what its pipeline's inline pass does */
    const char *(*op_spelling)(IrOp op);  /* how it spells an op (docs/builtins.md); NULL: none */
    TargetEmitFn emit;
} TargetDescriptor;

/* The table, in yusec_target order (row i has id i); `count` gets YUSEC_TARGET_COUNT. */
const TargetDescriptor *target_registry(size_t *count);
/* The row of `id`; NULL when out of range. */
const TargetDescriptor *target_descriptor(yusec_target id);
/* The row whose word is `word` ("msl"); NULL when none. */
const TargetDescriptor *target_find_word(const char *word);
/* The words in table order, joined by `separator` ("wgsl、msl、ptx"), into `out`. */
void target_list_words(StrBuf *out, const char *separator);
/* A target's bit in a set of targets (YUSEC_WANT in the public API). */
#define TARGET_BIT(id) (1u << (unsigned)(id))
#define TARGET_ALL_BITS ((1u << (unsigned)YUSEC_TARGET_COUNT) - 1u)

/* The names the emitters give the entries of `module`, into output->entries: the function as
 * `functions[func]` spells it (an emitter's own choice; NULL: names_legalise, one spelling for
 * every target, 着九/着十) and, for compute entries, the PTX kernel name (ptx_entry_name) —
 * it does not depend on the translation, so a caller may ask for it before emitting. */
void target_name_entries(TargetOutput *output, const IrModule *module, const char *const *functions,
                         bool kernel_names);

/* The emitters (one per target; targets/wgsl.c, targets/msl.c, targets/ptx_plugin.c). */
bool wgsl_emit(const IrModule *module, const TargetEmitOptions *options, TargetOutput *output,
               DiagEngine *diag);
bool msl_emit(const IrModule *module, const TargetEmitOptions *options, TargetOutput *output,
              DiagEngine *diag);
bool ptx_emit(const IrModule *module, const TargetEmitOptions *options, TargetOutput *output,
              DiagEngine *diag);

#endif
