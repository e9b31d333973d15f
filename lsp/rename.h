/* textDocument/prepareRename and textDocument/rename (docs/editor.md).
 *
 * The name under the cursor is renamed at every occurrence of its definition that the
 * navigation index finds (lsp/navigation.h) — in the document, in the modules it imports, and
 * in every other open document (each indexed in turn, so an open importer is renamed too).
 * `newName` is the bare name, without 「」: the edits replace the text between the brackets.
 * Refused with RequestFailed (−32803) and a message: a builtin of 点染本, a new name the
 * lexer does not read as a name (a numeral such as 「三」, a comment 「：…：」, brackets inside,
 * nothing; control characters and white space at either end are refused too), and a new name that another definition already has where the name is used (in
 * scope at an occurrence, or a sibling field or parameter). */
#ifndef YUSEC_LSP_RENAME_H
#define YUSEC_LSP_RENAME_H

#include "lsp/server.h"

json_t *lsp_prepare_rename(LspServer *server, json_t *params, LspError *error);
json_t *lsp_rename(LspServer *server, json_t *params, LspError *error);
void lsp_advertise_rename(json_t *capabilities);

#endif
