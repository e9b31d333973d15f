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

typedef enum GenTargetKind { GEN_WGSL, GEN_MSL, GEN_PTX, GEN_TARGET_COUNT } GenTargetKind;

/* What one target gave: its text and entry table when ok, else its diagnostics. */
typedef struct GenTarget {
    bool ok;
    StrBuf text;
    StrBuf entry_table;   /* 入口项\t函数名\t阶段[\tPTX名\t块大小] lines */
    StrBuf diagnostics;   /* the diagnostics text the target reported */
} GenTarget;

void gen_target_init(GenTarget *target);
void gen_target_free(GenTarget *target);

/* Appends text as the body of a 豫言 string 『…』 (the lexer's four escapes). */
void gen_escape_string(StrBuf *out, const char *text, size_t len);

/* The source of 名。着色生成。豫: 「着色源」「金属源」「并线汇编源」 (a failed target: one
 * comment line naming its first diagnostic), one constant per entry item (its function's
 * name; the table of the first target that succeeded, WGSL, MSL, PTX) and 「项并线汇编名」
 * per compute entry when PTX succeeded. False (out untouched) when all three failed. */
bool gen_module_source(StrBuf *out, GenTarget targets[GEN_TARGET_COUNT]);

/* Copies diagnostics text to out with each "error:" header turned into "warning:". */
void gen_as_warnings(StrBuf *out, const char *diagnostics);

/* A Make/Ninja depfile: "target: dep dep …\n"; files is newline-separated. Spaces, '#'
 * and '\\' are escaped with '\\', '$' as "$$". */
void gen_depfile(StrBuf *out, const char *target, const char *files);

/* The JSON manifest (docs/generated.md) of a module built with the PTX pipeline. */
void gen_entries_json(StrBuf *out, Arena *arena, const IrModule *module, const char *source);

#endif
