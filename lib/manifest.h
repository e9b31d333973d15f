/* The JSON manifest of yusec --entries=json (docs/generated.md): each entry's and resource's
 * ABI on the three targets, and each buffer type's layout. */
#ifndef YUSEC_LIB_MANIFEST_H
#define YUSEC_LIB_MANIFEST_H

#include "../base/arena.h"
#include "../base/strbuf.h"
#include "../ir/ir.h"

/* The manifest of a module built with the PTX pipeline. */
void gen_entries_json(StrBuf *out, Arena *arena, const IrModule *module, const char *source);

#endif
