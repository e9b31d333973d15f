/* The open documents and their edits. */
#include "lsp/documents.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/memory.h"

static char *copy_bytes(const char *text, size_t len) {
    char *copy = mem_alloc(len + 1);
    if (len) memcpy(copy, text, len);
    copy[len] = '\0';
    return copy;
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f') return (c | 0x20) - 'a' + 10;
    return -1;
}

char *lsp_uri_to_path(const char *uri) {
    if (strncmp(uri, "file://", 7) != 0) return copy_bytes(uri, strlen(uri));
    const char *from = uri + 7;
    char *path = mem_alloc(strlen(from) + 1), *out = path;
    for (const char *at = from; *at; at++) {
        if (*at == '%' && hex_digit(at[1]) >= 0 && hex_digit(at[2]) >= 0) {
            char byte = (char)(hex_digit(at[1]) * 16 + hex_digit(at[2]));
            *out++ = byte ? byte : '?'; /* %00 would end the path early */
            at += 2;
        } else {
            *out++ = *at;
        }
    }
    *out = '\0';
    return path;
}

static bool unreserved(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
}

char *lsp_path_to_uri(const char *path) {
    size_t len = strlen(path);
    char *uri = mem_alloc(7 + len * 3 + 1), *out = uri;
    memcpy(out, "file://", 7);
    out += 7;
    for (const unsigned char *at = (const unsigned char *)path; *at; at++) {
        if (unreserved(*at)) {
            *out++ = (char)*at;
        } else {
            snprintf(out, 4, "%%%02X", *at);
            out += 3;
        }
    }
    *out = '\0';
    return uri;
}

LspDocument *lsp_documents_find(const LspDocuments *documents, const char *uri) {
    for (size_t i = 0; i < documents->count; i++)
        if (strcmp(documents->items[i]->uri, uri) == 0) return documents->items[i];
    return NULL;
}

LspDocument *lsp_documents_find_path(const LspDocuments *documents, const char *path) {
    for (size_t i = 0; i < documents->count; i++)
        if (strcmp(documents->items[i]->path, path) == 0) return documents->items[i];
    return NULL;
}

static void set_text(LspDocument *doc, char *text, size_t len) {
    mem_free(doc->text);
    doc->text = text;
    doc->len = len;
    doc->dirty = true;
}

LspDocument *lsp_documents_open(LspDocuments *documents, const char *uri, const char *text,
                                size_t len, int64_t version) {
    LspDocument *doc = lsp_documents_find(documents, uri);
    if (!doc) {
        if (documents->count == documents->cap) {
            documents->cap = documents->cap ? documents->cap * 2 : 8;
            documents->items = mem_realloc(documents->items, documents->cap * sizeof *documents->items);
        }
        doc = mem_calloc(1, sizeof *doc);
        doc->uri = copy_bytes(uri, strlen(uri));
        doc->path = lsp_uri_to_path(uri);
        documents->items[documents->count++] = doc;
    }
    set_text(doc, copy_bytes(text, len), len);
    doc->version = version;
    return doc;
}

static void free_reads(LspDocument *doc) {
    for (size_t i = 0; i < doc->read_count; i++) mem_free(doc->reads[i]);
    mem_free(doc->reads);
    doc->reads = NULL;
    doc->read_count = 0;
}

void lsp_document_set_reads(LspDocument *doc, const char *const *files, size_t count) {
    free_reads(doc);
    doc->reads = mem_calloc(count ? count : 1, sizeof *doc->reads);
    for (size_t i = 0; i < count; i++)
        if (strcmp(files[i], doc->path) != 0) doc->reads[doc->read_count++] = copy_bytes(files[i], strlen(files[i]));
}

static bool reads(const LspDocument *doc, const char *path) {
    for (size_t i = 0; i < doc->read_count; i++)
        if (strcmp(doc->reads[i], path) == 0) return true;
    return false;
}

void lsp_documents_changed(LspDocuments *documents, const char *path) {
    documents->generation++;
    for (size_t i = 0; i < documents->count; i++)
        if (strcmp(documents->items[i]->path, path) != 0 && reads(documents->items[i], path))
            documents->items[i]->dirty = true;
}

static void free_document(LspDocument *doc) {
    free_reads(doc);
    mem_free(doc->uri);
    mem_free(doc->path);
    mem_free(doc->text);
    mem_free(doc);
}

void lsp_documents_close(LspDocuments *documents, const char *uri) {
    for (size_t i = 0; i < documents->count; i++) {
        if (strcmp(documents->items[i]->uri, uri) != 0) continue;
        free_document(documents->items[i]);
        documents->items[i] = documents->items[--documents->count];
        return;
    }
}

void lsp_documents_free(LspDocuments *documents) {
    for (size_t i = 0; i < documents->count; i++) free_document(documents->items[i]);
    mem_free(documents->items);
    memset(documents, 0, sizeof *documents);
}

void lsp_document_edit(LspDocument *doc, bool whole, yusec_position start, yusec_position end,
                       const char *text, size_t len) {
    size_t from = whole ? 0 : lib_text_offset_of(doc->text, doc->len, start);
    size_t to = whole ? doc->len : lib_text_offset_of(doc->text, doc->len, end);
    if (to < from) {
        size_t swap = from;
        from = to;
        to = swap;
    }
    size_t new_len = from + len + (doc->len - to);
    char *next = mem_alloc(new_len + 1);
    memcpy(next, doc->text, from);
    if (len) memcpy(next + from, text, len);
    memcpy(next + from + len, doc->text + to, doc->len - to);
    next[new_len] = '\0';
    set_text(doc, next, new_len);
}
