/* libyusec: the yusec shader compiler as a C11 library (docs/library.md).
 *
 * One context holds the options and the source provider; every compile in it shares them.
 * yusec_compile reads one shader source (a path, or text in memory), runs the front end,
 * checking, lowering and the target-independent passes once, then each requested target on
 * its own copy of the module, and returns a result that owns everything it points to:
 *   - per target: the text (WGSL, MSL, PTX) or the failure, and the typed entry table;
 *   - the ABI: every resource (group, binding, kind, MSL index, PTX parameter position per
 *     entry) and each buffer type's layout;
 *   - the generated module (名。着色生成。豫, spec 着二) when YUSEC_TARGET_GEN is asked for;
 *   - the files read (for depfiles) and the structured diagnostics, with a text renderer.
 *
 * Errors never end the host process: a bad source gives a result with error diagnostics.
 * The library holds no global mutable state; two contexts may be used at once from two
 * threads (one context is used by one thread at a time: a second call at once fails with
 * YUSEC_CONTEXT_BUSY instead of waiting). A result stays valid after its
 * context is freed. The PTX target loads its plugin (libyusec-ptx.so, LLVM) only when PTX
 * is asked for. Strings are UTF-8 and NUL-terminated; lengths are in bytes. */
#ifndef YUSEC_YUSEC_H
#define YUSEC_YUSEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define YUSEC_API __attribute__((visibility("default")))
#else
#define YUSEC_API
#endif

#define YUSEC_VERSION_MAJOR 0
#define YUSEC_VERSION_MINOR 1

/* "0.1.0": the library's version. */
YUSEC_API const char *yusec_version(void);

/* ---- targets ---- */

/* yusec_target: YUSEC_TARGET_WGSL, YUSEC_TARGET_MSL, YUSEC_TARGET_PTX, YUSEC_TARGET_COUNT */
#include "target.h"

/* A set of targets: a bit per yusec_target, plus the generated module. */
#define YUSEC_WANT(target) (1u << (unsigned)(target))
#define YUSEC_WANT_WGSL YUSEC_WANT(YUSEC_TARGET_WGSL)
#define YUSEC_WANT_MSL YUSEC_WANT(YUSEC_TARGET_MSL)
#define YUSEC_WANT_PTX YUSEC_WANT(YUSEC_TARGET_PTX)
/* The generated module 名。着色生成。豫: builds all three targets (a failing one becomes a
 * comment line in it and its errors become warnings, as yusec -emit-gen does). */
#define YUSEC_WANT_GEN (1u << 8)
/* With the targets asked for (not with YUSEC_WANT_GEN): keep each one's module, after its
 * passes and before its emitter, as YIR text (yusec -emit-ir -target=…). */
#define YUSEC_WANT_YIR (1u << 9)

/* ---- the source provider ---- */

/* Reads the file at `path` for the front end: shader sources, interfaces and package
 * manifests (包。清单). Return true with its bytes in *text and *len (they need to stay valid
 * only until the call returns: the library copies them), or false to leave the file to the
 * file system. A package served from memory needs its manifest served too; the library asks
 * for a file as it looks a module up, so answer false quickly for files you do not hold. */
/* Returning true with a NULL *text and a non-zero *len is an error at that file
 * (「源提供者给出的文本是空指针，长度却是 N 字节」); NULL with 0 is an empty file. */
typedef bool (*yusec_read_fn)(void *user, const char *path, const char **text, size_t *len);
/* A NULL `read` means the file system alone. */
typedef struct yusec_source_provider {
    yusec_read_fn read;
    void *user;
} yusec_source_provider;

/* ---- the context ---- */

typedef struct yusec_options {
    /* PTX */
    const char *arch;         /* sm_80 (NULL: the default) sm_86 sm_89 sm_90 sm_90a */
    const char *ptx_version;  /* 8.0 (NULL: the default) … 8.5 */
    int opt_level;            /* 0 … 3; -1: the default (3) */
    bool fma;                 /* allow a*b+c → fma on PTX (default true) */
    /* Line information (yusec -lineinfo, -g): the PTX gets .file/.loc directives mapping its
     * instructions to source lines and columns (nvdisasm -g and Nsight Compute show them;
     * docs/targets.md § Line information), and YUSEC_WANT_YIR's text each instruction's
     * ` ; 文件:行:列` (docs/yir.md). WGSL and MSL are unchanged. Default false. */
    bool line_info;
    /* The PTX plugin (libyusec-ptx.so) to load; NULL: $YUSEC_PTX_PLUGIN, next to the program,
     * <exe>/../lib/yusec, <dir of libyusec.so>/yusec, the install directory. An install moved
     * elsewhere names it: pkg-config --variable=ptxplugin yusec, CMake's YUSEC_PTX_PLUGIN. */
    const char *ptx_plugin;
    /* every target */
    bool bounds_check;        /* clamp every dynamic index (yusec -fbounds-check) */
    /* Package search paths (-I), in order. A NULL among them (or a NULL array with a non-zero
     * count) is left out, and every compile of the context fails (YUSEC_ERRORS) with an error
     * naming it: 「yusec_options.include_dirs[1] 是空指针」. */
    const char *const *include_dirs;
    size_t include_dir_count;
    int max_errors;           /* reported errors; 0: no cap; default 20 */
    /* The directory of the builtin 点染 package (holds 点染本。着色器。接口。豫); NULL: next to
     * the running program (<exe>/库/点染 or <exe>/../share/yusec/库/点染), else next to
     * libyusec.so, else the data directory the library was configured to install into. An
     * install moved elsewhere names it: pkg-config --variable=builtindir yusec, CMake's
     * YUSEC_BUILTIN_DIR (docs/library.md). */
    const char *builtin_dir;
    yusec_source_provider provider;  /* default: the file system */
    /* The most heap memory, in bytes, one yusec_compile, yusec_index_build,
     * yusec_index_in_scope (on an index of this context) or yusec_context_new may hold at
     * once; reaching it ends that call as the system refusing memory does
     * (YUSEC_OUT_OF_MEMORY; a NULL index, names or context). 0: no limit. Counts yusec's
     * own allocations, not LLVM's inside the PTX plugin. */
    size_t memory_limit;
    /* The command line's -W flags without their "-W" (a leading "-W" is accepted too), in
     * order: "all", "error", "no-error", "<name>", "no-<name>", "error=<name>",
     * "no-error=<name>", with a warning's name from docs/diagnostics.md. An unknown name (or an
     * error's) makes every compile of the context report a bad-options error (Y1003). */
    const char *const *warnings;
    size_t warning_count;
} yusec_options;

/* The defaults: opt_level -1, fma true, max_errors 20, everything else zero. */
YUSEC_API void yusec_options_init(yusec_options *options);

typedef struct yusec_context yusec_context;

/* Copies the options (strings included). NULL only when memory runs out (then nothing is
 * left allocated). A context keeps, between its compiles: the builtin interface read at
 * creation, the package lookup's directory listings (re-read when a directory changes;
 * docs/packages.md) and the deep-stack thread its compiles and index builds run on (made by
 * the first of them, ended by yusec_context_free). None of it changes a result: compiling the
 * same input twice in one context gives the same result whatever was compiled between. A
 * context made before fork() is not to be used in the child (its thread is not there). */
YUSEC_API yusec_context *yusec_context_new(const yusec_options *options);
YUSEC_API void yusec_context_free(yusec_context *context);

/* Whether the PTX plugin that `context` would load (yusec_options.ptx_plugin, else the
 * search path) is there and loads: without it a PTX compile fails with a diagnostic. */
YUSEC_API bool yusec_ptx_available(const yusec_context *context);

/* ---- compiling ---- */

/* The source to compile: `path` names it (in diagnostics and for package lookup); with
 * `text` set, its bytes are taken from memory (len bytes) and the file is not read. */
typedef struct yusec_input {
    const char *path;
    const char *text;
    size_t len;
} yusec_input;

typedef struct yusec_result yusec_result;

/* Compiles `input` for the targets in `targets` (YUSEC_WANT_…); see yusec_result_status.
 * Runs on the context's deep-stack thread (1 GiB of reserved stack, docs/library.md "Stack")
 * while the calling thread waits; the source provider is called on that thread.
 * Memory running out during the compile gives a result with YUSEC_OUT_OF_MEMORY (everything
 * the compile had allocated is freed; the context stays usable). NULL only when not even the
 * result itself can be allocated. */
YUSEC_API yusec_result *yusec_compile(yusec_context *context, const yusec_input *input,
                                      unsigned targets);
YUSEC_API void yusec_result_free(yusec_result *result);

typedef enum yusec_status {
    YUSEC_OK = 0,          /* every requested target (or the generated module) succeeded */
    YUSEC_ERRORS = 1,      /* the source has errors, or a requested target failed */
    YUSEC_IO_ERROR = 2,    /* the input could not be read */
    /* Memory ran out (or yusec_options.memory_limit was reached) during the compile: no
     * target text, no entries; one error diagnostic 内存不足（无法再申请 N 字节） without a
     * file. The yusec command ends with exit status 2 there. */
    YUSEC_OUT_OF_MEMORY = 3,
    /* The context is in use by another yusec_compile or yusec_index_build (another thread,
     * or a source provider calling back into its own context): nothing was compiled; one error
     * diagnostic without a file. A context is used by one thread at a time; the call fails at
     * once instead of waiting. */
    YUSEC_CONTEXT_BUSY = 4,
} yusec_status;

YUSEC_API yusec_status yusec_result_status(const yusec_result *result);

/* ---- per target ---- */

typedef enum yusec_stage { YUSEC_STAGE_COMPUTE, YUSEC_STAGE_VERTEX, YUSEC_STAGE_FRAGMENT } yusec_stage;

/* One entry point (着七's entry table), the same on every target. */
typedef struct yusec_entry {
    const char *item;          /* the entry item's source name (入口项) */
    const char *function;      /* its function's name in the WGSL and MSL text */
    yusec_stage stage;
    uint32_t workgroup_size[3];  /* compute; 0 0 0 otherwise */
    const char *ptx_name;      /* compute: the PTX .entry name (着十); NULL otherwise */
} yusec_entry;

/* The output of one target: NULL text when it failed or was not requested. */
YUSEC_API bool yusec_result_ok(const yusec_result *result, yusec_target target);
YUSEC_API const char *yusec_result_text(const yusec_result *result, yusec_target target,
                                        size_t *len);

/* YUSEC_WANT_YIR: the target's module as YIR (docs/yir.md), even when its emitter then
 * failed; NULL when its passes failed or it was not asked for. */
YUSEC_API const char *yusec_result_yir(const yusec_result *result, yusec_target target,
                                       size_t *len);

/* The entry table (NULL, count 0 when the module was not built). */
YUSEC_API const yusec_entry *yusec_result_entries(const yusec_result *result, size_t *count);

/* The generated module (YUSEC_WANT_GEN), or NULL. */
YUSEC_API const char *yusec_result_generated(const yusec_result *result, size_t *len);

/* Every file the front end read for this source, in order (for depfiles). */
YUSEC_API const char *const *yusec_result_files_read(const yusec_result *result, size_t *count);

/* ---- the ABI ---- */

typedef enum yusec_resource_kind {
    YUSEC_RESOURCE_STORAGE_READ,
    YUSEC_RESOURCE_STORAGE_READ_WRITE,
    YUSEC_RESOURCE_UNIFORM,
    YUSEC_RESOURCE_TEXTURE_2D,
    YUSEC_RESOURCE_TEXTURE_DEPTH_2D,
    YUSEC_RESOURCE_SAMPLER,
    YUSEC_RESOURCE_SAMPLER_COMPARISON,
    YUSEC_RESOURCE_TENSOR_MAP,  /* 张量映射 (PTX sm_90a): the binding holds a CUtensorMap (128 bytes,
                                 * 64-byte aligned) in global memory, built over a rank-2 row-major
                                 * tensor of `element` with the box and swizzle below */
} yusec_resource_kind;

#define YUSEC_NONE ((size_t)-1)

/* A field of a struct layout. */
typedef struct yusec_field {
    const char *name;        /* source name */
    const char *msl_name;    /* its name in the MSL */
    uint32_t offset, size;
} yusec_field;

/* The memory layout of a buffer's type or of a struct or array inside one (WGSL's
 * host-shareable rules, which every target follows), each type once. */
typedef struct yusec_layout {
    const char *type;        /* YIR's spelling, e.g. "array<$粒子>", "vec4<f32>" */
    uint32_t size;           /* 0 for a runtime-sized array */
    uint32_t align;
    bool is_array;
    uint32_t stride;         /* arrays: the element stride */
    const char *msl_name;    /* structs: its name in the MSL; NULL otherwise */
    const yusec_field *fields;  /* structs */
    size_t field_count;
} yusec_layout;

typedef struct yusec_resource {
    const char *name;
    yusec_resource_kind kind;
    uint32_t group, binding;
    uint32_t msl_index;      /* [[buffer(n)]], [[texture(n)]] or [[sampler(n)]]: group×16 + binding */
    size_t layout;           /* buffers: index into yusec_result_layouts; else YUSEC_NONE */
    /* tensor maps (YUSEC_RESOURCE_TENSOR_MAP; else NULL and 0): the element type ("f16",
     * "f32", "u32"), the box one TMA load reads (rows × cols elements) and its swizzle in
     * bytes (0, 32, 64, 128) */
    const char *element;
    uint32_t box_rows, box_cols, box_swizzle;
} yusec_resource;

/* One PTX kernel parameter (着十's host contract, docs/targets.md). */
typedef enum yusec_ptx_param_kind {
    YUSEC_PTX_BUFFER,        /* a buffer's device pointer: `resource` */
    YUSEC_PTX_PLACEHOLDER,   /* a group-0 binding the entry does not use: pass 0 */
    YUSEC_PTX_LENGTHS,       /* the lengths buffer: u32 byte sizes of `measured` */
    YUSEC_PTX_TEXELS,        /* a texture object for loads and sizes of `resource` */
    YUSEC_PTX_SAMPLED,       /* a texture object of `resource` sampled with `sampler` */
    YUSEC_PTX_COMPARE,       /* a u32 compare function of the comparison sampler `resource` */
} yusec_ptx_param_kind;

typedef struct yusec_ptx_param {
    const char *name;        /* the .param's name */
    yusec_ptx_param_kind kind;
    size_t resource;         /* index into yusec_result_resources, or YUSEC_NONE */
    size_t sampler;          /* SAMPLED: the sampler's resource; else YUSEC_NONE */
    uint32_t group, binding; /* of the binding the parameter stands for */
} yusec_ptx_param;

/* How one compute entry is launched on PTX. */
typedef struct yusec_ptx_entry {
    const yusec_ptx_param *params;
    size_t param_count;
    uint32_t dynamic_shared_bytes;  /* the launch's dynamic shared memory */
    const size_t *measured;  /* the lengths buffer: word k is the byte size of resource measured[k] */
    size_t measured_count;
} yusec_ptx_entry;

/* The ABI is there once the module was built (count 0 otherwise). */
YUSEC_API const yusec_resource *yusec_result_resources(const yusec_result *result, size_t *count);
YUSEC_API const yusec_layout *yusec_result_layouts(const yusec_result *result, size_t *count);
/* The PTX launch of entry `entry` (an index into yusec_result_entries); NULL for a vertex or
 * fragment entry, or when the module was not built. */
YUSEC_API const yusec_ptx_entry *yusec_result_ptx_entry(const yusec_result *result, size_t entry);

/* ---- diagnostics ---- */

typedef enum yusec_severity { YUSEC_ERROR, YUSEC_WARNING, YUSEC_NOTE } yusec_severity;

typedef struct yusec_location {
    const char *file;        /* NULL: no file (a command-line or whole-compile problem) */
    uint32_t line, column;   /* 1-based; column in characters */
    uint32_t end_line, end_column;  /* the end of the range (exclusive column) */
} yusec_location;

typedef struct yusec_diagnostic {
    yusec_severity severity;
    yusec_location location;
    const char *message;     /* the message alone, without file, line or severity */
    const struct yusec_diagnostic *notes;  /* related places */
    size_t note_count;
    /* Reported by `target`'s own passes or emitter (its translation errors, and what its
     * passes find after the pipelines of the asked targets part), not by the front end or the
     * passes all asked targets share. So one finding (the uniformity analysis) may be no
     * target's for one set of targets and each target's for another. Notes: false. */
    bool from_target;
    yusec_target target;
    /* A note's fix-it: the text that replaces the note's location (an empty one: inserted
     * there), e.g. the one near name of 是不是想写「…」？, or the missing 寻观…之书。 line at the
     * top of the file; NULL for none and for errors and warnings. */
    const char *replacement;
    /* The catalogue entry (docs/diagnostics.md, yusec --explain): its stable code ("Y0303")
     * and name ("undefined-name", the one -W flags take); NULL for notes. */
    const char *code;
    const char *name;
} yusec_diagnostic;

/* Errors and warnings in the order reported; notes hang off the diagnostic they belong to. */
YUSEC_API const yusec_diagnostic *yusec_result_diagnostics(const yusec_result *result,
                                                           size_t *count);
YUSEC_API size_t yusec_result_error_count(const yusec_result *result);

/* Every diagnostic as the yusec command prints it (`file:line:col: error: …`, the line, a
 * caret); the text lives as long as the result. */
YUSEC_API const char *yusec_result_render_diagnostics(const yusec_result *result, size_t *len);

/* ---- the navigation index (for editors: yusec lsp, docs/library.md) ---- */

/* A place in a source as the Language Server Protocol counts it: 0-based line, 0-based column
 * in UTF-16 code units (a character outside the BMP counts 2). Lines end at "\n". */
typedef struct yusec_position {
    uint32_t line, character;
} yusec_position;

typedef struct yusec_range {
    yusec_position start, end;  /* end exclusive */
} yusec_range;

typedef enum yusec_symbol_kind {
    /* top-level definitions of a shader source (着四) */
    YUSEC_SYMBOL_RESOURCE,
    YUSEC_SYMBOL_ENTRY,
    YUSEC_SYMBOL_FUNCTION,
    YUSEC_SYMBOL_CONSTANT,
    YUSEC_SYMBOL_STRUCT,
    YUSEC_SYMBOL_ALIAS,            /* a 即 that is not a struct */
    YUSEC_SYMBOL_FIELD,            /* of a struct (parent: the struct) */
    /* locals */
    YUSEC_SYMBOL_PARAMETER,        /* parent: its function (top-level or 递归令) */
    YUSEC_SYMBOL_LOCAL,            /* 令 */
    YUSEC_SYMBOL_LOCAL_FUNCTION,   /* 递归令 */
    /* the 点染本 interface */
    YUSEC_SYMBOL_BUILTIN_FUNCTION,
    YUSEC_SYMBOL_BUILTIN_VALUE,    /* 元, 只读, 读写 */
    YUSEC_SYMBOL_BUILTIN_TYPE,
} yusec_symbol_kind;

typedef struct yusec_parameter {
    const char *name;              /* NULL for a builtin's (the interface names none) */
    const char *type;              /* as written, e.g. "「无三二」" */
} yusec_parameter;

/* A definition. Builtins are defined in the 点染本 interface file (`file` is its path, the
 * file on disk the context's builtin_dir holds), names of other modules in their files. */
typedef struct yusec_symbol {
    const char *name;
    yusec_symbol_kind kind;
    /* As the user writes it: a top-level name's or builtin's written signature (a struct's
     * 「组类」【…】), a local's type as the checker inferred it ("「无三二」"); NULL: unknown. */
    const char *type;
    bool type_is_definition;       /* `type` is what a 即 defines it as (「名」即 T), not 「名」乃 T */
    const char *file;              /* where it is defined */
    yusec_range range;             /* its defining name there, 「」 included */
    const char *module;            /* the defining module's name (点染本 for builtins) */
    size_t parent;                 /* a field's struct, a parameter's function; else YUSEC_NONE */
    /* functions, local functions and builtin functions: */
    bool is_callable;
    const yusec_parameter *params;
    size_t param_count;
    const char *result;            /* the result type as written */
} yusec_symbol;

/* A name written in a source, and the definition it resolves to. */
typedef struct yusec_occurrence {
    size_t symbol;                 /* index into yusec_index_symbols */
    const char *file;
    yusec_range range;
    bool is_definition;            /* the defining name, or a top-level 乃/者/即 statement's name */
} yusec_occurrence;

typedef struct yusec_index yusec_index;

/* Loads and checks `input` with its imports (no lowering, no targets) and indexes every name
 * the checker resolved. A source with errors is indexed as far as the checker got: what did
 * not resolve is left out. Diagnostics are not kept (yusec_compile gives them). NULL only when
 * memory runs out (or yusec_options.memory_limit is reached: nothing is left allocated, the
 * context stays usable) or the context is in use by another call (as YUSEC_CONTEXT_BUSY); an
 * unreadable input gives an empty index. Free it with yusec_index_free;
 * it stays valid after its context is freed. */
YUSEC_API yusec_index *yusec_index_build(yusec_context *context, const yusec_input *input);
YUSEC_API void yusec_index_free(yusec_index *index);

/* Every definition: each the main file can see (its own, its imported modules', the
 * builtins) and each local of every module. */
YUSEC_API const yusec_symbol *yusec_index_symbols(const yusec_index *index, size_t *count);
/* Every occurrence, sorted by file (in yusec_index_symbols' file order) and position. */
YUSEC_API const yusec_occurrence *yusec_index_occurrences(const yusec_index *index, size_t *count);

/* The occurrence at `position` of `file` (NULL: the input), or NULL. A position just after a
 * name still finds it. */
YUSEC_API const yusec_occurrence *yusec_index_at(const yusec_index *index, const char *file,
                                                 yusec_position position);
/* Every occurrence of `symbol` (definitions included), as indexes into
 * yusec_index_occurrences, in that order. */
YUSEC_API const size_t *yusec_index_references(const yusec_index *index, size_t symbol, size_t *count);
/* The input's top-level definitions, in source order (indexes into yusec_index_symbols). */
YUSEC_API const size_t *yusec_index_document_symbols(const yusec_index *index, size_t *count);
/* The names visible at `position` of the input, innermost first, each name once: locals in
 * scope there, the top-level names of the input and of the modules it imports, then the
 * builtins when it imports 点染本. The array lives until the next call on this index. The one
 * query that allocates: when memory runs out (the system's, or the context's memory_limit)
 * it gives NULL and *count 0, and the index stays usable. */
YUSEC_API const size_t *yusec_index_in_scope(yusec_index *index, yusec_position position, size_t *count);
/* The innermost call around `position` of the input whose callee resolved: true, with the
 * callee in *symbol and in *argument the 0-based argument the position is in (or after). */
/* A call of a polymorphic builtin (凡) in the input that gives no type argument with 以: the
 * callee's name and the types the checker inferred for its 凡 variables, in order, as the user
 * would write them ("「无三二」"). Calls whose variables stayed unknown are left out. */
typedef struct yusec_type_arguments {
    yusec_range callee;
    const char *const *types;
    size_t count;
} yusec_type_arguments;
/* Every such call of the input, in source order. */
YUSEC_API const yusec_type_arguments *yusec_index_type_arguments(const yusec_index *index, size_t *count);
YUSEC_API bool yusec_index_call_at(const yusec_index *index, yusec_position position, size_t *symbol,
                                   size_t *argument);

/* ---- tokens (editors: semantic highlighting) ---- */

typedef enum yusec_token_kind {
    YUSEC_TOKEN_KEYWORD,      /* 乃 也 者 令 若 则 …: bare keywords */
    YUSEC_TOKEN_OPERATOR,     /* operator words: 加 减 乘 除 余 等于 不等于 小于 … 与 或 且 非 */
    YUSEC_TOKEN_NAME,         /* 「…」 */
    YUSEC_TOKEN_NUMERAL,      /* 「三二」 「负一二点五」 「0x4B400000」 */
    YUSEC_TOKEN_STRING,       /* 『…』 */
    YUSEC_TOKEN_COMMENT,      /* 「：…：」, nested ones inside it, possibly over lines */
    YUSEC_TOKEN_PUNCTUATION,  /* （ ） 【 】 ， 。 ； (and their half-width mistakes) */
    YUSEC_TOKEN_RETIRED,      /* upstream's retired words (会 虑 …): an error where used */
    YUSEC_TOKEN_INVALID,      /* text the lexer refuses (its error comes with the compile) */
} yusec_token_kind;

/* One token: `length` bytes at byte `offset` of the text. */
typedef struct yusec_token {
    yusec_token_kind kind;
    size_t offset, length;
} yusec_token;

typedef struct yusec_tokens yusec_tokens;

/* The tokens and comments of `len` bytes of source text, in order, as the compiler's lexer
 * splits them (whitespace is not a token). NULL only when memory runs out (the system
 * refusing it: everything the call allocated is freed); a text over the compiler's 64 MiB
 * limit gives no tokens. */
YUSEC_API yusec_tokens *yusec_tokenize(const char *text, size_t len);
YUSEC_API const yusec_token *yusec_tokens_items(const yusec_tokens *tokens, size_t *count);
YUSEC_API void yusec_tokens_free(yusec_tokens *tokens);
/* The index's input's tokens and comments, kept from its parse: what yusec_tokenize gives for
 * the input's text, without lexing it again; they live as long as the index. NULL (and a
 * count of 0) when the build did not parse the input (it could not be read, or its tree was
 * the embedded builtin interface): yusec_tokenize it then. */
YUSEC_API const yusec_token *yusec_index_tokens(const yusec_index *index, size_t *count);

/* ---- formatting (yusec fmt, the LSP's textDocument/formatting; docs/format.md) ---- */

typedef struct yusec_formatted yusec_formatted;

/* The canonical layout of `len` bytes of 豫言 source named `file` (for diagnostics): every
 * token and comment kept byte for byte and every line break between tokens kept; a line's
 * indentation becomes U+3000 full-width spaces by the grammar's nesting (而 chains, 若 arms,
 * （） 【】), trailing whitespace goes, runs of blank lines become one, lines end in \n and the
 * text in exactly one. A source that does not lex or parse gives no text, only its
 * diagnostics. NULL only when memory runs out. */
YUSEC_API yusec_formatted *yusec_format(const char *file, const char *text, size_t len);
/* The formatted text (NUL-terminated), or NULL when the source has errors. */
YUSEC_API const char *yusec_formatted_text(const yusec_formatted *formatted, size_t *len);
/* The rendered diagnostics (file:line:col, the line, a caret); "" when none. */
YUSEC_API const char *yusec_formatted_diagnostics(const yusec_formatted *formatted);
YUSEC_API void yusec_formatted_free(yusec_formatted *formatted);

/* The i-th keyword or operator word of the language, from the lexer's table (upstream's
 * retired words left out); NULL past the last. */
YUSEC_API const char *yusec_keyword(size_t i);

/* What a builtin of 点染本 is (hover): docs/builtins.md's row for it, embedded when the
 * library was built, and its spelling on each target — WGSL's and MSL's from the targets'
 * spelling tables when the builtin is one YIR operation, else (and for PTX, whose
 * instructions LLVM selects) the page's column. */
typedef struct yusec_builtin_info {
    const char *declaration;  /* the 声明 column, e.g. "`乃 凡「甲」而化…者`" */
    const char *meaning;      /* the 意义 column */
    const char *spelling[YUSEC_TARGET_COUNT];
    bool from_spelling_table[YUSEC_TARGET_COUNT];  /* the spelling is the target's own table's */
} yusec_builtin_info;

/* `name` without 「」. False when the page has no row for it. */
YUSEC_API bool yusec_builtin_describe(const char *name, yusec_builtin_info *info);

#ifdef __cplusplus
}
#endif

#endif
