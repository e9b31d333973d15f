/* Output names of user definitions (着八, docs/language.md §8): each shader module has its own
 * top-level names, but YIR and every target (WGSL, MSL, PTX, the manifest, the generated
 * module, the runtime) have one namespace. The name every later stage uses is decided here,
 * once: the written name when one shader module defines it, else 模块之名 — the module's
 * name, or its whole import path (包之目录之模块) when two of those modules share a module
 * name. A candidate that another definition already spells (a user may name something
 * 「甲之倍」) gets _2, _3, …. The result is deterministic: program order decides. */
#include <string.h>

#include "check_internal.h"

/* Whether another module defining the same name has the same module name. */
static bool module_name_shared(const TopName *head, const TopName *top) {
    for (const TopName *other = head; other; other = other->next_same_name)
        if (other != top && strcmp(other->module->module_name, top->module->module_name) == 0)
            return true;
    return false;
}

/* 「工程」之「工具」之「甲」 → 工程之工具之甲 (the quotes are not part of the name). */
static const char *path_without_quotes(Checker *c, const char *import_path) {
    StrBuf buf;
    strbuf_init(&buf);
    static const char OPEN[] = "「", CLOSE[] = "」";
    for (const char *p = import_path; *p;) {
        if (strncmp(p, OPEN, sizeof OPEN - 1) == 0) p += sizeof OPEN - 1;
        else if (strncmp(p, CLOSE, sizeof CLOSE - 1) == 0) p += sizeof CLOSE - 1;
        else strbuf_putc(&buf, *p++);
    }
    const char *text = arena_strdup(c->arena, strbuf_cstr(&buf));
    strbuf_free(&buf);
    return text;
}

static bool name_claimed(const PtrVec *claimed, const char *name) {
    for (size_t i = 0; i < claimed->len; i++)
        if (strcmp(claimed->items[i], name) == 0) return true;
    return false;
}

/* A written name no other definition spells and no earlier candidate took. */
static const char *claim(Checker *c, PtrVec *claimed, const char *base) {
    const char *name = base;
    for (uint32_t n = 2; fe_names_find(&c->user, name) || name_claimed(claimed, name); n++)
        name = arena_printf(c->arena, "%s_%u", base, n);
    ptrvec_push(c->arena, claimed, (void *)name);
    return name;
}

void fe_assign_output_names(Checker *c) {
    PtrVec claimed = {0};
    for (uint32_t i = 0; i < c->user_count; i++) {
        TopName *top = c->user_order[i];
        TopName *head = fe_names_find(&c->user, top->name);
        if (head == top && !top->next_same_name) {
            top->output_name = top->name;
            continue;
        }
        const char *module = module_name_shared(head, top)
                                 ? path_without_quotes(c, top->module->import_path)
                                 : top->module->module_name;
        top->output_name = claim(c, &claimed, arena_printf(c->arena, "%s之%s", module, top->name));
    }
}
