/* The generated module 名。着色生成。豫 (spec 着二, issue 8): the three targets' texts as
 * 豫言 string constants, one constant per entry item and 「项并线汇编名」 per compute entry.
 * The pipeline builds the targets; this file only turns results into text. */
#ifndef YUSEC_LIB_GENERATED_H
#define YUSEC_LIB_GENERATED_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/strbuf.h"
#include "../targets/registry.h"
#include "entries.h"

/* Why PTX failed, for 「并线汇编源」's comment line, which must be ASCII (着十). */
typedef struct GenPtxFailure {
    bool located;          /* line and column of the first error are known */
    bool imported;         /* … in an imported file, not the shader source itself */
    uint32_t line, column;
    char reason[PTX_FAILURE_REASON_MAX];  /* printable ASCII; "" when no reason was given */
} GenPtxFailure;

/* What one target gave: its text when ok, else its diagnostics. Indexed by yusec_target. */
typedef struct GenTarget {
    bool ok;
    StrBuf text;
    StrBuf diagnostics;   /* the diagnostics text the target reported */
    GenPtxFailure ptx_failure;  /* a target with TARGET_CAP_ASCII_FAILURE, when not ok */
    const char *ptx_arch;  /* PTX when ok: the arch above -arch its PTX is written for
                              (ptx_arch_for_module: "sm_90a" for warpgroup MMA), else NULL */
} GenTarget;

void gen_target_init(GenTarget *target);
void gen_target_free(GenTarget *target);

/* Appends text as the body of a 豫言 string 『…』 (the lexer's four escapes). */
void gen_escape_string(StrBuf *out, const char *text, size_t len);

/* The source of 名。着色生成。豫: each registered target's constant (TargetDescriptor's
 * generated_constant: 「着色源」「金属源」「并线汇编源」; a failed target: one comment line naming
 * its first diagnostic; for PTX in ASCII, from ptx_failure), 「并线汇编架构」 when PTX needs an
 * arch above -arch, one constant
 * per entry item of `entries` (its function's name) and 「项并线汇编名」 per compute entry,
 * whether PTX succeeded or not. False (out untouched) when all three failed. */
bool gen_module_source(StrBuf *out, GenTarget targets[YUSEC_TARGET_COUNT], const LibEntryTable *entries);

#endif
