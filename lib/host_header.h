/* The C host header of one shader source (yusec -emit=h, yusec_add_shaders; docs/generated.md):
 * each buffer struct as a C struct with static asserts (C11 and C++11) on every member's offset, the size and
 * the alignment (the one layout of every target, ir/types.c through the ABI), each resource's
 * group, binding and MSL index, and per entry its function, PTX kernel and parameter
 * positions. Printed from the typed entry table and ABI (lib/entries.h, lib/abi.h), like the
 * JSON manifest; nothing is computed here. */
#ifndef YUSEC_LIB_HOST_HEADER_H
#define YUSEC_LIB_HOST_HEADER_H

#include "../base/strbuf.h"
#include "abi.h"
#include "entries.h"

/* `prefix` (the source's stem, e.g. 加倍) starts every C name, legalised; `source` is named in
 * the opening comment. */
/* A C spelling of a source name: the target spelling (names_legalise: no C++ keyword, only
 * identifier characters), and `restrict`, C's one keyword C++ lacks, prefixed too. The C names
 * of <stem>.h and <stem>.table.h (lib/shader_table.c) start with it. */
const char *lib_c_name(Arena *arena, const char *name);
/* Text inside a C comment: a '*' before '/' is followed by a space. */
void lib_put_comment_text(StrBuf *out, const char *text);

void lib_host_header(StrBuf *out, const char *prefix, const char *source, const LibEntryTable *entries,
                     const LibAbi *abi);

#endif
