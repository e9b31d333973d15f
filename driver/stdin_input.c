#include "stdin_input.h"

#include <errno.h>
#include <string.h>

#include "base/source.h"
#include "base/strbuf.h"

bool stdin_input_read(Arena *arena, Options *options, FILE *in, FILE *err) {
    StrBuf text;
    strbuf_init(&text);
    char chunk[65536];
    size_t got;
    bool too_large = false;
    while (!too_large && (got = fread(chunk, 1, sizeof chunk, in)) > 0) {
        strbuf_append(&text, chunk, got);
        too_large = text.len > SOURCE_MAX_BYTES;
    }
    bool ok = false;
    if (ferror(in))
        fprintf(err, "yusec: error: 读标准输入失败：%s\n", strerror(errno));
    else if (too_large)
        fprintf(err, "yusec: error: 标准输入超过 %u 字节，不读它\n", (unsigned)SOURCE_MAX_BYTES);
    else
        ok = true;
    if (ok) {
        options->input_text = arena_strndup(arena, text.data ? text.data : "", text.len);
        options->input_len = text.len;
    }
    strbuf_free(&text);
    return ok;
}
