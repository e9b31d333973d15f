/* One shader's part of yusec_add_shaders' <name>_shaders.h (yusec -emit=table: <stem>.table.h;
 * docs/generated.md): the target texts and binaries the same command wrote, as C constants,
 * and its entry table (item, function, stage, PTX kernel, workgroup size, the lengths buffer's
 * bindings, the PTX texture parameters), printed from the typed entry table and ABI
 * (lib/entries.h, lib/abi.h) like the JSON manifest and the host header. <name>_shaders.h
 * (cmake/yusecConfig.cmake) only includes these files and lists their rows. */
#ifndef YUSEC_LIB_SHADER_TABLE_H
#define YUSEC_LIB_SHADER_TABLE_H

#include <stddef.h>

#include "../base/strbuf.h"
#include "abi.h"
#include "entries.h"

/* What the command built; NULL where a format was not asked. */
typedef struct LibShaderOutputs {
    const StrBuf *wgsl, *msl;
    const StrBuf *const *ptx;     /* arch_count texts, in the -arch order */
    const StrBuf *const *cubin;   /* arch_count binaries */
    const StrBuf *const *fatbin;
    size_t arch_count;
} LibShaderOutputs;

/* The row macro's name: YUSEC_SHADER_ROW_ and the stem's bytes in lowercase hex (what CMake's
 * string(HEX) gives, so the CMake function can list the row without legalising the stem). */
void lib_shader_row_name(StrBuf *out, const char *stem);

/* <stem>.table.h of the source `source` whose output stem is `stem`. */
void lib_shader_table(StrBuf *out, const char *stem, const char *source, const LibShaderOutputs *outputs,
                      const LibEntryTable *entries, const LibAbi *abi);

#endif
