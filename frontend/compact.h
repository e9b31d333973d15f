/* The compact (pre-parsed) form of interface files and the builtin interface embedded at
 * build time (issue 16 item 4; docs/packages.md). */
#ifndef YUSEC_FRONTEND_COMPACT_H
#define YUSEC_FRONTEND_COMPACT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ast.h"

#define FE_COMPACT_MAGIC 0x59414331u /* "1CAY" */

/* Appends the compact form of a parsed interface file (words in host byte order); false
 * when the file holds anything but imports, signatures and type definitions. */
bool fe_ast_compact_write(StrBuf *out, const AstFile *file);

/* The tree back from its compact form, spans in `source`; NULL when the words are not one. */
AstFile *fe_ast_compact_read(Arena *arena, const SourceFile *source, const uint32_t *words, size_t count);

/* The builtin interface 点染本 as parsed at build time, when `source` holds exactly the text it
 * was parsed from (size and content compared); NULL otherwise: the caller parses the file. The
 * tree is what fe_parse_file gives for that text, without diagnostics (the embedded text
 * parsed cleanly). A library context calls this once per context, like the loader. */
AstFile *fe_builtin_interface_ast(Arena *arena, const SourceFile *source);

#endif
