/* What docs/builtins.md says of each builtin, embedded at build time (lib/embed/): the page's
 * table rows, for hover (yusec_builtin_describe). */
#ifndef YUSEC_LIB_BUILTIN_DOCS_H
#define YUSEC_LIB_BUILTIN_DOCS_H

#include <stddef.h>

typedef struct LibBuiltinDoc {
    const char *name;         /* without 「」 */
    const char *declaration;  /* the 声明 column */
    const char *meaning;      /* 意义 */
    const char *wgsl, *msl, *ptx;  /* the target columns */
} LibBuiltinDoc;

extern const LibBuiltinDoc lib_builtin_docs[];
extern const size_t lib_builtin_doc_count;

/* The first row of `name`, or NULL. */
const LibBuiltinDoc *lib_builtin_doc(const char *name);

#endif
