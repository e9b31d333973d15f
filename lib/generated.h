/* The generated module 名。着色生成。豫 (spec 着二, issue 8): the three targets' texts as
 * 豫言 string constants, one constant per entry item and 「项并线汇编名」 per compute entry.
 * The pipeline builds the targets; this file only turns results into text. */
#ifndef YUSEC_LIB_GENERATED_H
#define YUSEC_LIB_GENERATED_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/strbuf.h"
#include "../targets/ptx.h"
#include "entries.h"

typedef enum GenTargetKind { GEN_WGSL, GEN_MSL, GEN_PTX, GEN_TARGET_COUNT } GenTargetKind;

/* Why PTX failed, for 「并线汇编源」's comment line, which must be ASCII (着十). */
typedef struct GenPtxFailure {
    bool located;          /* line and column of the first error are known */
    bool imported;         /* … in an imported file, not the shader source itself */
    uint32_t line, column;
    char reason[PTX_FAILURE_REASON_MAX];  /* printable ASCII; "" when no reason was given */
} GenPtxFailure;

/* What one target gave: its text when ok, else its diagnostics. */
typedef struct GenTarget {
    bool ok;
    StrBuf text;
    StrBuf diagnostics;   /* the diagnostics text the target reported */
    GenPtxFailure ptx_failure;  /* GEN_PTX when not ok */
    const char *ptx_arch;  /* GEN_PTX when ok: the arch above -arch its PTX is written for
                              (ptx_arch_for_module: "sm_90a" for warpgroup MMA), else NULL */
} GenTarget;

void gen_target_init(GenTarget *target);
void gen_target_free(GenTarget *target);

/* Appends text as the body of a 豫言 string 『…』 (the lexer's four escapes). */
void gen_escape_string(StrBuf *out, const char *text, size_t len);

/* The source of 名。着色生成。豫: 「着色源」「金属源」「并线汇编源」 and, when its PTX needs an arch
 * above -arch, 「并线汇编架构」 (a failed target: one
 * comment line naming its first diagnostic; for PTX in ASCII, from ptx_failure), one constant
 * per entry item of `entries` (its function's name) and 「项并线汇编名」 per compute entry,
 * whether PTX succeeded or not. False (out untouched) when all three failed. */
bool gen_module_source(StrBuf *out, GenTarget targets[GEN_TARGET_COUNT], const LibEntryTable *entries);

/* Copies diagnostics text to out with each "error:" header turned into "warning:". */
void gen_as_warnings(StrBuf *out, const char *diagnostics);

#endif
