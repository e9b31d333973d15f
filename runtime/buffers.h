/* `yusec run`'s buffer arguments: `g:b=TYPE:VALUES`, where TYPE is u32, i32 or f32 and
 * VALUES is a comma list whose items are a value or N*value (N copies), or a file of raw
 * little-endian words (`@path` always means a file; a text that is not a value list but
 * names a readable file is one too). Also the grid and the printing of results. */
#ifndef YUSEC_RUNTIME_BUFFERS_H
#define YUSEC_RUNTIME_BUFFERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/strbuf.h"

typedef enum RtScalar { RT_SCALAR_U32, RT_SCALAR_I32, RT_SCALAR_F32 } RtScalar;

/* The most elements one buffer argument may have (1 GiB of words). */
#define RT_MAX_ELEMENTS ((size_t)1 << 28)

typedef struct RtBufferSpec {
    uint32_t group, binding;
    RtScalar type;
    void *data;          /* little-endian 4-byte words (arena) */
    size_t bytes;
    const char *source;  /* the argument as given, for messages */
} RtBufferSpec;

const char *rt_scalar_name(RtScalar type);
bool rt_scalar_from_name(const char *name, size_t len, RtScalar *type);

/* "g:b" at the start of text; *rest points after it. */
bool rt_parse_binding(const char *text, uint32_t *group, uint32_t *binding, const char **rest);

/* A whole buffer argument; the data lives in the arena. */
bool rt_parse_buffer_spec(Arena *arena, const char *text, RtBufferSpec *spec, StrBuf *error);

/* VALUES for `type` (see above): arena words and their byte count. */
bool rt_parse_values(Arena *arena, RtScalar type, const char *text, void **data, size_t *bytes,
                     StrBuf *error);

/* "X", "X,Y" or "X,Y,Z" (missing axes are 1, each ≥ 1). */
bool rt_parse_grid(const char *text, uint32_t grid[3], StrBuf *error);

/* "2, 8, 14" — floats in their shortest round-trip spelling. A trailing partial word is
 * ignored. */
void rt_format_values(StrBuf *out, RtScalar type, const void *data, size_t bytes);

#endif
