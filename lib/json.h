/* JSON strings for the manifest (lib/manifest.c). */
#ifndef YUSEC_LIB_JSON_H
#define YUSEC_LIB_JSON_H

#include "../base/strbuf.h"

/* JSON string with quotes; UTF-8 stays as is. */
void json_put_string(StrBuf *out, const char *text);

#endif
