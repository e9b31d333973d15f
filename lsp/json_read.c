/* JSON text to jansson values through yajl's callbacks (lsp/json_read.h). */
#include "lsp/json_read.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <yajl/yajl_parse.h>

#include "base/memory.h"
#include "base/strbuf.h"

enum { MOST_DEPTH = 2048 };  /* jansson's JSON_PARSER_MAX_DEPTH */

/* An array or object being made, and the key it goes under in the object around it. */
typedef struct Open {
    json_t *value;
    char *key;
    size_t key_len;
} Open;

/* The values being made: the open arrays and objects, innermost last, and the key an
 * object's next value goes under. */
typedef struct Reader {
    Open *open;
    size_t depth, cap;
    StrBuf key;
    json_t *top;  /* the whole value, once its outermost array or object is closed */
} Reader;

/* Puts a value made (a new reference) in the innermost open array or object, under `key` in
 * an object; 0 stops yajl. */
static int place(Reader *reader, json_t *value, const char *key, size_t key_len) {
    if (!value) return 0;
    if (reader->depth == 0) {
        if (!json_is_object(value) && !json_is_array(value)) {  /* jansson's reader wants a container */
            json_decref(value);
            return 0;
        }
        reader->top = value;
        return 1;
    }
    json_t *inner = reader->open[reader->depth - 1].value;
    if (json_is_array(inner)) return json_array_append_new(inner, value) == 0;
    return json_object_setn_new(inner, key, key_len, value) == 0;
}

static int place_scalar(Reader *reader, json_t *value) {
    return place(reader, value, reader->key.data ? reader->key.data : "", reader->key.len);
}

static int open_value(Reader *reader, json_t *value) {
    if (reader->depth == MOST_DEPTH) {
        json_decref(value);
        return 0;
    }
    if (reader->depth == reader->cap) {
        reader->cap = reader->cap ? reader->cap * 2 : 16;
        reader->open = mem_realloc(reader->open, reader->cap * sizeof *reader->open);
    }
    Open *open = &reader->open[reader->depth++];
    *open = (Open){value, NULL, 0};
    if (reader->depth > 1 && json_is_object(reader->open[reader->depth - 2].value)) {
        open->key_len = reader->key.len;
        open->key = mem_alloc(open->key_len + 1);
        memcpy(open->key, reader->key.data ? reader->key.data : "", open->key_len);
        open->key[open->key_len] = '\0';
    }
    return 1;
}

static int close_value(void *context) {
    Reader *reader = context;
    Open open = reader->open[--reader->depth];
    int ok = place(reader, open.value, open.key, open.key_len);
    mem_free(open.key);
    return ok;
}

/* A number as yajl's lexer found it (its syntax is JSON's), valued as jansson's reader does:
 * an integer within json_int_t when it has no fraction or exponent (yajl's own integers stop
 * short of the least one), else a real that does not overflow. */
static int on_number_text(Reader *reader, const char *text, size_t len) {
    errno = 0;
    if (!memchr(text, '.', len) && !memchr(text, 'e', len) && !memchr(text, 'E', len)) {
        long long value = strtoll(text, NULL, 10);
        return errno == ERANGE ? 0 : place_scalar(reader, json_integer(value));
    }
    double value = strtod(text, NULL);
    if (errno == ERANGE && (value == HUGE_VAL || value == -HUGE_VAL)) return 0;
    return place_scalar(reader, json_real(value));
}

static int on_null(void *context) { return place_scalar(context, json_null()); }
static int on_boolean(void *context, int value) { return place_scalar(context, json_boolean(value)); }

/* The number's `len` bytes NUL-terminated for strtoll and strtod. */
static int on_number(void *context, const char *text, size_t len) {
    char digits[64];
    if (len >= sizeof digits) {
        char *copy = mem_alloc(len + 1);
        memcpy(copy, text, len);
        copy[len] = '\0';
        int ok = on_number_text(context, copy, len);
        mem_free(copy);
        return ok;
    }
    memcpy(digits, text, len);
    digits[len] = '\0';
    return on_number_text(context, digits, len);
}

/* json_stringn checks the UTF-8 as jansson's reader does (overlong forms and encoded
 * surrogates, which yajl lets through, are refused). */
static int on_string(void *context, const unsigned char *text, size_t len) {
    return place_scalar(context, json_stringn((const char *)text, len));
}

static int on_start_map(void *context) { return open_value(context, json_object()); }
static int on_start_array(void *context) { return open_value(context, json_array()); }

static int on_key(void *context, const unsigned char *key, size_t len) {
    Reader *reader = context;
    if (memchr(key, '\0', len)) return 0;  /* jansson's reader refuses NUL in a key */
    strbuf_clear(&reader->key);
    strbuf_append(&reader->key, (const char *)key, len);
    return 1;
}

static const yajl_callbacks CALLBACKS = {
    .yajl_null = on_null,
    .yajl_boolean = on_boolean,
    .yajl_number = on_number,
    .yajl_string = on_string,
    .yajl_start_map = on_start_map,
    .yajl_map_key = on_key,
    .yajl_end_map = close_value,
    .yajl_start_array = on_start_array,
    .yajl_end_array = close_value,
};

json_t *lsp_json_read(const char *text, size_t len) {
    Reader reader = {NULL, 0, 0, {0}, NULL};
    strbuf_init(&reader.key);
    yajl_handle parser = yajl_alloc(&CALLBACKS, NULL, &reader);
    if (!parser) mem_exhausted(sizeof reader);
    bool ok = yajl_parse(parser, (const unsigned char *)text, len) == yajl_status_ok &&
              yajl_complete_parse(parser) == yajl_status_ok && reader.top;
    yajl_free(parser);
    for (size_t i = 0; i < reader.depth; i++) {
        json_decref(reader.open[i].value);
        mem_free(reader.open[i].key);
    }
    mem_free(reader.open);
    strbuf_free(&reader.key);
    if (!ok) {
        json_decref(reader.top);
        return NULL;
    }
    return reader.top;
}
