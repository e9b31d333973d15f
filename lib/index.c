/* The navigation index of the public API (include/yusec/yusec.h): the front end's FeIndex
 * (frontend/index.h) of one compile turned into the API's arrays, with its queries. The
 * index keeps the compile's session: its arena holds the sources, the trees and every string
 * the arrays point to. */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "../base/memory.h"
#include "../frontend/index.h"
#include "context.h"
#include "positions.h"
#include "tokens.h"

struct yusec_index {
    LibConfig config;
    LibSession session;
    const SourceFile *main;           /* NULL when the input could not be read */
    FeIndex fe;
    yusec_symbol *symbols;
    size_t symbol_count;
    yusec_occurrence *occurrences;
    size_t occurrence_count;
    Span *occurrence_spans;           /* of the occurrences, in their order */
    size_t *references;               /* occurrence indexes grouped by symbol … */
    size_t *reference_start;          /* … symbol s's are [start[s], start[s + 1]) */
    size_t *document;
    size_t document_count;
    yusec_type_arguments *type_arguments;  /* of the input's calls, in source order */
    size_t type_argument_count;
    yusec_token *tokens;              /* the input's tokens and comments, as its parse lexed them */
    size_t token_count;
    size_t *scope;                    /* yusec_index_in_scope's answer */
    size_t scope_count;
    MemoryGuard guard;                /* of the build: memory running out gives NULL (lib/api.c) */
    size_t memory_limit;              /* the context's, for the queries that allocate */
};

static const char *path_of(const yusec_index *index, uint32_t file) {
    const SourceFile *source = source_get(&index->session.sources, file);
    return source ? source->path : NULL;
}

/* ---- building ---- */

static void make_symbol(yusec_index *index, const FeSymbol *from, yusec_symbol *to) {
    Arena *arena = &index->session.arena;
    to->name = from->name;
    to->kind = (yusec_symbol_kind)from->kind;
    to->type = from->type;
    to->type_is_definition = from->type_is_definition;
    to->file = path_of(index, from->span.file);
    to->module = from->module ? from->module->module_name : NULL;
    to->parent = from->parent ? from->parent->id : YUSEC_NONE;
    to->is_callable = from->kind == FE_SYMBOL_FUNCTION || from->kind == FE_SYMBOL_LOCAL_FUNCTION ||
                      from->kind == FE_SYMBOL_BUILTIN_FUNCTION;
    if (!to->is_callable) return;
    yusec_parameter *params = arena_alloc_array(arena, from->param_count + 1, sizeof *params);
    for (uint32_t i = 0; i < from->param_count; i++) {
        params[i].name = from->param_names ? from->param_names[i] : NULL;
        params[i].type = from->param_types ? from->param_types[i] : NULL;
    }
    to->params = params;
    to->param_count = from->param_count;
    to->result = from->result;
}

/* An occurrence as the index orders it, read from the checker's record once (in the order the
 * checker made them, which is the order they lie in memory): sorting and everything after
 * read these instead of following a pointer per occurrence again. */
typedef struct PlacedOccurrence {
    uint64_t place;           /* file << 32 | start */
    uint32_t end;
    uint32_t not_definition;  /* 0 for a definition: first of a place, the one kept */
    uint32_t symbol;
    uint32_t order;           /* the place in the checker's list, which breaks ties */
} PlacedOccurrence;

static int by_placed(const void *a, const void *b) {
    const PlacedOccurrence *x = a, *y = b;
    if (x->place != y->place) return x->place < y->place ? -1 : 1;
    if (x->not_definition != y->not_definition) return x->not_definition < y->not_definition ? -1 : 1;
    return (x->order > y->order) - (x->order < y->order);
}

/* `placed` in by_placed order: left as it is when it is in order already (the checker meets
 * most names in source order), else sorted (the order breaks ties: a stable sort). */
static void sort_placed(PlacedOccurrence *placed, size_t n) {
    size_t i = 1;
    while (i < n && by_placed(&placed[i - 1], &placed[i]) <= 0) i++;
    if (i < n) qsort(placed, n, sizeof *placed, by_placed);
}

/* The occurrences in order, each place once (the checker may resolve one name twice), with
 * their spans alongside. */
static void make_occurrences(yusec_index *index) {
    Arena *arena = &index->session.arena;
    size_t n = index->fe.occurrence_count;
    Arena scratch;
    arena_init(&scratch);
    PlacedOccurrence *placed = arena_alloc_array_uninit(&scratch, n + 1, sizeof *placed);
    for (size_t i = 0; i < n; i++) {
        const FeOccurrence *o = &index->fe.occurrences[i];
        placed[i] = (PlacedOccurrence){(uint64_t)o->span.file << 32 | o->span.start, o->span.end,
                                       !o->is_definition, o->symbol->id, (uint32_t)i};
    }
    sort_placed(placed, n);
    index->occurrences = arena_alloc_array(arena, n + 1, sizeof *index->occurrences);
    index->occurrence_spans = arena_alloc_array_uninit(arena, n + 1, sizeof *index->occurrence_spans);
    size_t kept = 0;
    uint32_t path_file = UINT32_MAX;
    const char *path = NULL;
    for (size_t i = 0; i < n; i++) {
        const PlacedOccurrence *o = &placed[i];
        if (kept && placed[i - 1].place == o->place) continue;  /* sorted: a repeat follows its first */
        uint32_t file = (uint32_t)(o->place >> 32);
        if (file != path_file) {
            path_file = file;
            path = path_of(index, file);
        }
        index->occurrence_spans[kept] = span_make(file, (uint32_t)o->place, o->end);
        yusec_occurrence *to = &index->occurrences[kept++];
        to->symbol = o->symbol;
        to->file = path;
        to->is_definition = !o->not_definition;
    }
    index->occurrence_count = kept;
    arena_free(&scratch);
}

/* Occurrences grouped by symbol, keeping their order (a counting sort). */
static void make_references(yusec_index *index) {
    Arena *arena = &index->session.arena;
    size_t symbols = index->symbol_count;
    index->reference_start = arena_alloc_array(arena, symbols + 2, sizeof *index->reference_start);
    index->references = arena_alloc_array(arena, index->occurrence_count + 1, sizeof *index->references);
    for (size_t i = 0; i < index->occurrence_count; i++) index->reference_start[index->occurrences[i].symbol + 2]++;
    for (size_t s = 2; s < symbols + 2; s++) index->reference_start[s] += index->reference_start[s - 1];
    for (size_t i = 0; i < index->occurrence_count; i++)
        index->references[index->reference_start[index->occurrences[i].symbol + 1]++] = i;
}

/* A symbol with the key it is ordered by; equal keys keep the symbols' order (a stable sort
 * in O(n log n), where an insertion sort is quadratic on the wrong input). */
typedef struct Keyed {
    uint64_t key;
    size_t symbol;
} Keyed;

static int by_key(const void *a, const void *b) {
    const Keyed *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return x->symbol < y->symbol ? -1 : x->symbol > y->symbol;
}

/* symbols[0..count) ordered by key(symbol), stably. */
static void sort_symbols(size_t *symbols, size_t count, const yusec_index *index,
                         uint64_t (*key)(const FeSymbol *symbol)) {
    if (count < 2) return;
    Arena scratch;
    arena_init(&scratch);
    Keyed *keyed = arena_alloc_array(&scratch, count, sizeof *keyed);
    for (size_t i = 0; i < count; i++)
        keyed[i] = (Keyed){key(index->fe.symbols.items[symbols[i]]), symbols[i]};
    qsort(keyed, count, sizeof *keyed, by_key);
    for (size_t i = 0; i < count; i++) symbols[i] = keyed[i].symbol;
    arena_free(&scratch);
}

/* The place of a symbol's defining name: its file, then its start. */
static uint64_t place_of(const FeSymbol *symbol) { return (uint64_t)symbol->span.file << 32 | symbol->span.start; }

static uint64_t scope_width(const FeSymbol *symbol) { return symbol->scope.end - symbol->scope.start; }

/* Ranges of spans asked in increasing order of their starts within a file: the starts
 * through one cursor, the ends through another, so that each walks a line once (names do not
 * overlap, so their ends increase too; an offset out of order is still right, only counted
 * again from its line's start). Linear in the text however many names share a line. */
typedef struct RangeWalk {
    const SourceMap *sources;
    uint32_t file;
    LibFileCursor start, end;
} RangeWalk;

static void walk_init(RangeWalk *walk, const SourceMap *sources) {
    walk->sources = sources;
    walk->file = UINT32_MAX;
}

static yusec_range walk_range(RangeWalk *walk, Span span) {
    if (span.file != walk->file) {
        const SourceFile *file = source_get(walk->sources, span.file);
        lib_file_cursor_init(&walk->start, file);
        lib_file_cursor_init(&walk->end, file);
        walk->file = span.file;
    }
    return (yusec_range){lib_file_cursor_seek(&walk->start, span.start), lib_file_cursor_seek(&walk->end, span.end)};
}

/* Every symbol's range (in the order of their places) and every occurrence's (sorted by
 * place already). */
static void make_ranges(yusec_index *index) {
    Arena scratch;
    arena_init(&scratch);
    size_t *order = arena_alloc_array(&scratch, index->symbol_count + 1, sizeof *order);
    for (size_t s = 0; s < index->symbol_count; s++) order[s] = s;
    sort_symbols(order, index->symbol_count, index, place_of);
    RangeWalk walk;
    walk_init(&walk, &index->session.sources);
    for (size_t i = 0; i < index->symbol_count; i++) {
        const FeSymbol *symbol = index->fe.symbols.items[order[i]];
        index->symbols[order[i]].range = walk_range(&walk, symbol->span);
    }
    walk_init(&walk, &index->session.sources);
    for (size_t i = 0; i < index->occurrence_count; i++)
        index->occurrences[i].range = walk_range(&walk, index->occurrence_spans[i]);
    arena_free(&scratch);
}

/* The input's calls with inferred type arguments; calls are met in checking order, which is
 * source order within a statement but not across them: sorted after. */
static int by_callee(const void *a, const void *b) {
    const yusec_type_arguments *x = a, *y = b;
    if (x->callee.start.line != y->callee.start.line) return x->callee.start.line < y->callee.start.line ? -1 : 1;
    return (x->callee.start.character > y->callee.start.character) - (x->callee.start.character < y->callee.start.character);
}

static void make_type_arguments(yusec_index *index) {
    size_t sites = index->fe.calls.len;
    index->type_arguments = arena_alloc_array(&index->session.arena, sites + 1, sizeof *index->type_arguments);
    if (!index->main) return;
    RangeWalk walk;
    walk_init(&walk, &index->session.sources);
    for (size_t i = 0; i < sites; i++) {
        const FeCallSite *site = index->fe.calls.items[i];
        if (!site->type_arg_text || site->callee.file != index->main->id) continue;
        yusec_type_arguments *out = &index->type_arguments[index->type_argument_count++];
        out->callee = walk_range(&walk, site->callee);
        out->types = site->type_arg_text;
        out->count = site->type_arg_count;
    }
    qsort(index->type_arguments, index->type_argument_count, sizeof *index->type_arguments, by_callee);
}

static void make_document(yusec_index *index) {
    const Module *main = index->fe.program ? index->fe.program->main : NULL;
    index->document = arena_alloc_array(&index->session.arena, index->symbol_count + 1, sizeof *index->document);
    for (size_t s = 0; s < index->symbol_count; s++) {
        const FeSymbol *symbol = index->fe.symbols.items[s];
        if (main && symbol->module == main && fe_symbol_is_top_level(symbol->kind))
            index->document[index->document_count++] = s;
    }
    sort_symbols(index->document, index->document_count, index, place_of);
}

/* The input's tokens and comments from its parse (none when it was not parsed), in the form
 * yusec_tokenize gives them; the lexer's own array is freed. */
static void keep_tokens(yusec_index *index, LexRecord *main_lex) {
    if (!main_lex->recorded) return;
    size_t room = (size_t)main_lex->tokens.count + main_lex->comments.count + 1;
    index->tokens = arena_alloc_array_uninit(&index->session.arena, room, sizeof *index->tokens);
    index->token_count = lib_tokens_merge(index->tokens, &main_lex->tokens, &main_lex->comments);
    mem_free(main_lex->tokens.items);
}

/* The build, on the deep stack (as yusec_compile runs, docs/library.md "Stack"), or — when no
 * such thread can be made — only the error that it could not get one. */
static void build_index(yusec_index *index, yusec_context *context, const yusec_input *input,
                        bool on_deep_stack) {
    LibInputReader reader = {context, input};
    index->config = context->config;
    index->config.reader = (SourceReader){lib_input_read, &reader};
    /* an index outlives its context: it reads and decodes its own copy of the builtin
     * interface instead of adopting the context's (lib_session_init) */
    index->config.builtin_file = NULL;
    index->config.builtin_ast = NULL;
    lib_session_init(&index->session, &index->config, input && input->path ? input->path : "", NULL);
    Arena *arena = &index->session.arena;
    fe_index_init(&index->fe, arena);
    const Program *program = NULL;
    LexRecord main_lex = {0};
    if (!on_deep_stack) diag_error_path(&index->session.diag, Y_NO_STACK, "yusec", "无法为编译分配栈");
    else if (input && input->path) program = lib_check_indexed(&index->session, &index->fe, &main_lex);
    keep_tokens(index, &main_lex);
    index->config.reader = (SourceReader){NULL, NULL};  /* `reader` ends here: nothing is read later */
    index->config.dir_cache = NULL;                     /* the context's, which the index outlives */
    if (program && program->main && program->main->ast) index->main = program->main->ast->source;
    index->symbol_count = index->fe.symbols.len;
    index->symbols = arena_alloc_array(arena, index->symbol_count + 1, sizeof *index->symbols);
    for (size_t s = 0; s < index->symbol_count; s++) make_symbol(index, index->fe.symbols.items[s], &index->symbols[s]);
    make_occurrences(index);
    make_ranges(index);
    make_references(index);
    make_document(index);
    make_type_arguments(index);
    index->scope = arena_alloc_array(arena, index->symbol_count + 1, sizeof *index->scope);
}

typedef struct IndexCall {
    yusec_index *index;
    yusec_context *context;
    const yusec_input *input;
    bool on_deep_stack;
    bool out_of_memory;
} IndexCall;

/* The whole build under the memory guard, on the thread that runs it (the guard is per
 * thread; lib/api.c's compile_guarded does the same). */
static void build_guarded(void *data) {
    IndexCall *call = data;
    mem_guard_begin(&call->index->guard, call->context->memory_limit);
    if (setjmp(call->index->guard.unwind)) {  /* the build's blocks are freed already */
        call->out_of_memory = true;
        return;
    }
    build_index(call->index, call->context, call->input, call->on_deep_stack);
    mem_guard_end(&call->index->guard);
}

yusec_index *yusec_index_build(yusec_context *context, const yusec_input *input) {
    yusec_index *index = calloc(1, sizeof *index);
    if (!index) return NULL;
    index->memory_limit = context->memory_limit;
    if (!lib_context_acquire(context)) {
        free(index);
        return NULL;
    }
    IndexCall call = {index, context, input, true, false};
    if (!lib_run_deep(context, build_guarded, &call)) {
        call.on_deep_stack = false;
        build_guarded(&call);
    }
    lib_context_release(context);
    if (call.out_of_memory) {
        free(index);
        return NULL;
    }
    return index;
}

void yusec_index_free(yusec_index *index) {
    if (!index) return;
    lib_session_free(&index->session);
    free(index);
}

/* ---- queries ---- */

const yusec_symbol *yusec_index_symbols(const yusec_index *index, size_t *count) {
    if (count) *count = index->symbol_count;
    return index->symbol_count ? index->symbols : NULL;
}

const yusec_occurrence *yusec_index_occurrences(const yusec_index *index, size_t *count) {
    if (count) *count = index->occurrence_count;
    return index->occurrence_count ? index->occurrences : NULL;
}

static const SourceFile *file_named(const yusec_index *index, const char *path) {
    if (!path) return index->main;
    for (uint32_t i = 0; i < index->session.sources.count; i++)
        if (strcmp(index->session.sources.files[i]->path, path) == 0) return index->session.sources.files[i];
    return NULL;
}

const yusec_occurrence *yusec_index_at(const yusec_index *index, const char *file, yusec_position position) {
    const SourceFile *source = file_named(index, file);
    if (!source) return NULL;
    uint32_t offset = lib_offset_of(source, position);
    const yusec_occurrence *just_after = NULL;
    for (size_t i = 0; i < index->occurrence_count; i++) {
        Span span = index->occurrence_spans[i];
        if (span.file != source->id) continue;
        if (span.start <= offset && offset < span.end) return &index->occurrences[i];
        if (span.end == offset) just_after = &index->occurrences[i];
    }
    return just_after;
}

const size_t *yusec_index_references(const yusec_index *index, size_t symbol, size_t *count) {
    if (symbol >= index->symbol_count) {
        if (count) *count = 0;
        return NULL;
    }
    size_t start = index->reference_start[symbol], end = index->reference_start[symbol + 1];
    if (count) *count = end - start;
    return end > start ? index->references + start : NULL;
}

const size_t *yusec_index_document_symbols(const yusec_index *index, size_t *count) {
    if (count) *count = index->document_count;
    return index->document_count ? index->document : NULL;
}

static bool is_local(FeSymbolKind kind) {
    return kind == FE_SYMBOL_PARAMETER || kind == FE_SYMBOL_LOCAL || kind == FE_SYMBOL_LOCAL_FUNCTION;
}

static bool is_builtin(FeSymbolKind kind) {
    return kind == FE_SYMBOL_BUILTIN_FUNCTION || kind == FE_SYMBOL_BUILTIN_VALUE || kind == FE_SYMBOL_BUILTIN_TYPE;
}

static bool module_visible(const yusec_index *index, const Module *module) {
    for (uint32_t i = 0; i < index->fe.visible_count; i++)
        if (index->fe.visible[i] == module) return true;
    return false;
}

/* Adds `symbol` unless a name in the answer already hides it (`taken`: the answer's names). */
static void add_to_scope(yusec_index *index, StrMap *taken, size_t symbol) {
    yusec_symbol *entry = &index->symbols[symbol];
    if (strmap_put_first(taken, entry->name, entry) == entry) index->scope[index->scope_count++] = symbol;
}

/* Locals whose scope holds `offset`, the narrowest scope first (it shadows the others). */
static void add_locals(yusec_index *index, StrMap *taken, uint32_t offset) {
    size_t first = index->scope_count;
    for (size_t s = 0; s < index->symbol_count; s++) {
        const FeSymbol *symbol = index->fe.symbols.items[s];
        if (!is_local(symbol->kind) || symbol->scope.file != index->main->id) continue;
        if (symbol->scope.start <= offset && offset <= symbol->scope.end) index->scope[index->scope_count++] = s;
    }
    sort_symbols(index->scope + first, index->scope_count - first, index, scope_width);
    /* each name once: the innermost binding */
    size_t found = index->scope_count;
    index->scope_count = first;
    for (size_t i = first; i < found; i++) add_to_scope(index, taken, index->scope[i]);
}

/* The names in scope at `position` into index->scope (a scratch arena for the names taken). */
static void collect_scope(yusec_index *index, yusec_position position) {
    Arena scratch;
    arena_init(&scratch);
    StrMap taken;
    strmap_init(&taken, &scratch);
    add_locals(index, &taken, lib_offset_of(index->main, position));
    for (size_t s = 0; s < index->symbol_count; s++) {
        const FeSymbol *symbol = index->fe.symbols.items[s];
        if (fe_symbol_is_top_level(symbol->kind) && module_visible(index, symbol->module))
            add_to_scope(index, &taken, s);
    }
    for (size_t s = 0; s < index->symbol_count && index->fe.sees_builtins; s++)
        if (is_builtin(((const FeSymbol *)index->fe.symbols.items[s])->kind)) add_to_scope(index, &taken, s);
    arena_free(&scratch);
}

/* The only query that allocates: under a memory guard with the context's limit, memory
 * running out frees the call's blocks and gives NULL (count 0); the index stays usable. */
const size_t *yusec_index_in_scope(yusec_index *index, yusec_position position, size_t *count) {
    index->scope_count = 0;
    if (count) *count = 0;
    if (index->main) {
        MemoryGuard guard;
        mem_guard_begin(&guard, index->memory_limit);
        if (setjmp(guard.unwind)) {
            index->scope_count = 0;
            return NULL;
        }
        collect_scope(index, position);
        mem_guard_end(&guard);
    }
    if (count) *count = index->scope_count;
    return index->scope_count ? index->scope : NULL;
}

const yusec_token *yusec_index_tokens(const yusec_index *index, size_t *count) {
    if (count) *count = index->token_count;
    return index->tokens;
}

const yusec_type_arguments *yusec_index_type_arguments(const yusec_index *index, size_t *count) {
    if (count) *count = index->type_argument_count;
    return index->type_argument_count ? index->type_arguments : NULL;
}

bool yusec_index_call_at(const yusec_index *index, yusec_position position, size_t *symbol, size_t *argument) {
    if (!index->main) return false;
    uint32_t offset = lib_offset_of(index->main, position);
    const FeCallSite *best = NULL;
    for (size_t i = 0; i < index->fe.calls.len; i++) {
        const FeCallSite *site = index->fe.calls.items[i];
        if (!site->symbol || site->call.file != index->main->id) continue;
        if (offset < site->callee.end || offset > site->call.end) continue;  /* not past the callee */
        if (!best || site->call.end - site->call.start < best->call.end - best->call.start) best = site;
    }
    if (!best) return false;
    size_t active = 0;
    for (uint32_t i = 0; i < best->arg_count; i++)
        if (best->args[i].start <= offset) active = i;
    if (symbol) *symbol = best->symbol->id;
    if (argument) *argument = active;
    return true;
}

const char *yusec_keyword(size_t i) { return fe_keyword_in_use(i); }
