/* The open documents: their URI, file path, text and version (textDocument/didOpen …
 * didClose). The text is the editor's, not the file's: compiles read it from here. */
#ifndef YUSEC_LSP_DOCUMENTS_H
#define YUSEC_LSP_DOCUMENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/positions.h"

typedef struct LspDocument {
    char *uri;
    char *path;          /* the file path of a file: URI (percent-decoding undone); else the URI */
    char *text;          /* NUL-terminated; may hold NUL bytes before len */
    size_t len;
    int64_t version;
    bool dirty;          /* changed since its diagnostics were published */
    char **reads;        /* the other files its last diagnostics compile read (its imports) */
    size_t read_count;
} LspDocument;

typedef struct LspDocuments {
    LspDocument **items;
    size_t count, cap;
    uint64_t generation;  /* counts the changes of what a compile may read (lsp_documents_changed) */
} LspDocuments;

void lsp_documents_free(LspDocuments *documents);

LspDocument *lsp_documents_find(const LspDocuments *documents, const char *uri);
/* The open document whose path is `path`, or NULL. */
LspDocument *lsp_documents_find_path(const LspDocuments *documents, const char *path);

/* Opens `uri` with `text` (reopening replaces it); marks it dirty. */
LspDocument *lsp_documents_open(LspDocuments *documents, const char *uri, const char *text,
                                size_t len, int64_t version);
void lsp_documents_close(LspDocuments *documents, const char *uri);

/* The text of `path` as compiles see it changed (opened, edited, closed, saved): counts a new
 * generation, and marks dirty every other open document whose last compile read `path` — the
 * importers, whose diagnostics depend on it. */
void lsp_documents_changed(LspDocuments *documents, const char *path);
/* Records the files the document's compile read (yusec_result_files_read), itself left out. */
void lsp_document_set_reads(LspDocument *doc, const char *const *files, size_t count);

/* Replaces the text between `start` and `end` (UTF-16 positions, clamped, swapped when
 * reversed) with `text`; the whole text when `whole` is set. Marks the document dirty. */
void lsp_document_edit(LspDocument *doc, bool whole, yusec_position start, yusec_position end,
                       const char *text, size_t len);

/* file:///a/%E5%8A%A0 → /a/加 (a new string); another scheme keeps the URI. */
char *lsp_uri_to_path(const char *uri);
/* /a/加 → file:///a/%E5%8A%A0 (a new string). */
char *lsp_path_to_uri(const char *path);

#endif
