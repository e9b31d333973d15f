/* Offline builds (issue 8, spec 着二/着七): the generated module 名。着色生成。豫 (-emit-gen),
 * Make/Ninja depfiles (-MD -MF) and the JSON entry manifest (--entries=json). The driver
 * builds the module per target; this file only turns results into text. */
#ifndef YUSEC_DRIVER_GEN_H
#define YUSEC_DRIVER_GEN_H

#include <stdbool.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/strbuf.h"
#include "ir/ir.h"
#include "targets/ptx.h"

typedef enum GenTargetKind { GEN_WGSL, GEN_MSL, GEN_PTX, GEN_TARGET_COUNT } GenTargetKind;

/* A compute entry's PTX name (着二: 「<入口项>并线汇编名」), computed from the module by
 * ptx_entry_name: it does not depend on the PTX translation. */
typedef struct GenPtxName {
    const char *item;
    const char *ptx_name;
} GenPtxName;

/* Why PTX failed, for 「并线汇编源」's comment line, which must be ASCII (着十). */
typedef struct GenPtxFailure {
    bool located;          /* line and column of the first error are known */
    bool imported;         /* … in an imported file, not the shader source itself */
    uint32_t line, column;
    char reason[PTX_FAILURE_REASON_MAX];  /* printable ASCII; "" when no reason was given */
} GenPtxFailure;

/* What one target gave: its text and entry table when ok, else its diagnostics. */
typedef struct GenTarget {
    bool ok;
    StrBuf text;
    StrBuf entry_table;   /* 入口项\t函数名\t阶段[\tPTX名\t块大小] lines */
    StrBuf diagnostics;   /* the diagnostics text the target reported */
    Arena arena;          /* ptx_names */
    GenPtxName *ptx_names;  /* once its module was built: one per compute entry */
    uint32_t ptx_name_count;
    GenPtxFailure ptx_failure;  /* GEN_PTX when not ok */
} GenTarget;

void gen_target_init(GenTarget *target);
void gen_target_free(GenTarget *target);

/* Records the PTX name of each compute entry of `module` (the module this target built). */
void gen_target_add_ptx_names(GenTarget *target, const IrModule *module);

/* Appends text as the body of a 豫言 string 『…』 (the lexer's four escapes). */
void gen_escape_string(StrBuf *out, const char *text, size_t len);

/* The source of 名。着色生成。豫: 「着色源」「金属源」「并线汇编源」 (a failed target: one
 * comment line naming its first diagnostic; for PTX in ASCII, from ptx_failure), one constant
 * per entry item (its function's name; the table of the first target that succeeded, WGSL,
 * MSL, PTX) and 「项并线汇编名」 per compute entry, whether PTX succeeded or not (the names of
 * that same target). False (out untouched) when all three failed. */
bool gen_module_source(StrBuf *out, GenTarget targets[GEN_TARGET_COUNT]);

/* Copies diagnostics text to out with each "error:" header turned into "warning:". */
void gen_as_warnings(StrBuf *out, const char *diagnostics);

/* A Make/Ninja depfile: "target: dep dep …\n"; files is newline-separated. Spaces, '#'
 * and '\\' are escaped with '\\', '$' as "$$". */
void gen_depfile(StrBuf *out, const char *target, const char *files);

/* The JSON manifest (docs/generated.md) of a module built with the PTX pipeline. */
void gen_entries_json(StrBuf *out, Arena *arena, const IrModule *module, const char *source);

#endif
