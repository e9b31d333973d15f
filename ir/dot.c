/* -emit-dot: the module's structured control flow as Graphviz. Each function is a cluster;
 * each run of straight-line instructions one box whose rows are the instructions as
 * -emit-ir prints them, coloured by the uniformity fact of their result; an `if` is a
 * diamond (red and marked 非一致分支 when its condition is non-uniform), a `loop` a hexagon
 * with its body in a nested cluster; yield, break, continue and return are edges. An
 * instruction that needs uniform control flow (a barrier, a derivative) has a thick border,
 * so one sitting under a non-uniform branch stands out. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../base/memory.h"

/* Every name in a graph is Chinese: a monospaced family with the CJK glyphs (Debian's
 * fonts-noto-cjk, which scripts/setup.sh installs), so the pictures show the names rather than
 * boxes; where it is missing fontconfig substitutes its default. */
#define YIR_DOT_FONT "Noto Sans Mono CJK SC"

typedef struct DotWriter {
    StrBuf *out;
    StrBuf edges;   /* written after the function's clusters: an edge inside a cluster would
                       pull its ends into that cluster */
    const IrFunction *func;
    uint32_t *numbers;
    uint32_t func_index;
    uint32_t next_node;
    uint32_t next_cluster;
} DotWriter;

/* Where the blocks of the innermost loop go: its head (continue) and its exit (break). */
typedef struct LoopTargets {
    uint32_t head, exit;
} LoopTargets;

/* A drawn block: the node control enters and the node it falls out of (UINT32_MAX when
 * it always leaves by a terminator's edge). */
typedef struct Drawn {
    uint32_t entry, exit;
} Drawn;

enum { NO_NODE = UINT32_MAX };

static const char *uniformity_colour(IrUniformity uniformity) {
    switch (uniformity) {
    case IR_UNIFORM: return "#1a7f37";
    case IR_WARPGROUP_UNIFORM: return "#0969da";
    case IR_SUBGROUP_UNIFORM: return "#9a6700";
    case IR_NON_UNIFORM: return "#cf222e";
    default: return "#24292f";
    }
}

/* Text inside an HTML-like label. */
static void put_html(StrBuf *out, const char *text, size_t len) {
    for (size_t i = 0; i < len; i++) {
        switch (text[i]) {
        case '&': strbuf_puts(out, "&amp;"); break;
        case '<': strbuf_puts(out, "&lt;"); break;
        case '>': strbuf_puts(out, "&gt;"); break;
        case '"': strbuf_puts(out, "&quot;"); break;
        default: strbuf_putc(out, text[i]);
        }
    }
}

static void put_node_name(DotWriter *w, uint32_t node) {
    strbuf_printf(w->out, "f%un%u", w->func_index, node);
}

static void put_edge_end(DotWriter *w, uint32_t node) {
    strbuf_printf(&w->edges, "f%un%u", w->func_index, node);
}

static uint32_t new_node(DotWriter *w) { return w->next_node++; }

static void put_edge(DotWriter *w, uint32_t from, uint32_t to, const char *attributes) {
    if (from == NO_NODE || to == NO_NODE) return;
    strbuf_puts(&w->edges, "  ");
    put_edge_end(w, from);
    strbuf_puts(&w->edges, " -> ");
    put_edge_end(w, to);
    if (attributes && attributes[0]) strbuf_printf(&w->edges, " [%s]", attributes);
    strbuf_puts(&w->edges, ";\n");
}

static IrUniformity result_uniformity(const DotWriter *w, const IrInst *inst) {
    if (!inst->result_count) return IR_UNIFORMITY_UNKNOWN;
    const IrValue *value = ir_value(w->func, inst->results[0]);
    return value ? value->uniformity : IR_UNIFORMITY_UNKNOWN;
}

/* One instruction's text as a label row. */
static void put_inst_text(DotWriter *w, const IrInst *inst) {
    StrBuf text;
    strbuf_init(&text);
    ir_print_inst_head(&text, w->func, w->numbers, inst);
    put_html(w->out, strbuf_cstr(&text), text.len);
    strbuf_free(&text);
}

/* The box of instructions [first, last) of a block: one row each. */
static uint32_t put_straight_line(DotWriter *w, const IrBlock *block, uint32_t first, uint32_t last) {
    uint32_t node = new_node(w);
    strbuf_puts(w->out, "    ");
    put_node_name(w, node);
    strbuf_puts(w->out, " [shape=plain, label=<<table border=\"1\" cellborder=\"0\" cellspacing=\"0\" "
                        "cellpadding=\"2\">");
    for (uint32_t i = first; i < last; i++) {
        const IrInst *inst = ir_inst(w->func, block->insts[i]);
        bool needs_uniform = ir_op_needs_uniform(inst->op);
        strbuf_printf(w->out, "<tr><td align=\"left\"%s><font color=\"%s\">",
                      needs_uniform ? " border=\"3\" color=\"#8250df\"" : "",
                      uniformity_colour(result_uniformity(w, inst)));
        if (needs_uniform) strbuf_puts(w->out, "⚠ ");
        put_inst_text(w, inst);
        strbuf_puts(w->out, "</font></td></tr>");
    }
    strbuf_puts(w->out, "</table>>];\n");
    return node;
}

static uint32_t put_empty(DotWriter *w) {
    uint32_t node = new_node(w);
    strbuf_puts(w->out, "    ");
    put_node_name(w, node);
    strbuf_puts(w->out, " [shape=point];\n");
    return node;
}

static Drawn draw_block(DotWriter *w, IrBlockId id, const LoopTargets *loop, uint32_t return_node,
                        uint32_t join_node);

static void open_cluster(DotWriter *w, const char *label, const char *colour) {
    strbuf_printf(w->out, "    subgraph cluster_f%uc%u {\n    label=<", w->func_index, w->next_cluster++);
    put_html(w->out, label, strlen(label));
    strbuf_printf(w->out, ">; color=\"%s\"; style=rounded;\n", colour);
}

static void close_cluster(DotWriter *w) { strbuf_puts(w->out, "    }\n"); }

/* An `if`: the diamond, both arms in clusters, the arms' ends joining at `after`. */
static uint32_t draw_if(DotWriter *w, const IrInst *inst, const LoopTargets *loop, uint32_t return_node,
                        uint32_t after) {
    const IrValue *cond = inst->arg_count ? ir_value(w->func, inst->args[0]) : NULL;
    bool divergent = cond && cond->uniformity == IR_NON_UNIFORM;
    uint32_t node = new_node(w);
    strbuf_puts(w->out, "    ");
    put_node_name(w, node);
    strbuf_printf(w->out, " [shape=diamond, color=\"%s\"%s, label=<<font color=\"%s\">",
                  divergent ? "#cf222e" : "#24292f", divergent ? ", style=\"bold,filled\", fillcolor=\"#ffebe9\"" : "",
                  uniformity_colour(cond ? cond->uniformity : IR_UNIFORMITY_UNKNOWN));
    put_inst_text(w, inst);
    if (divergent) strbuf_puts(w->out, "<br/>非一致分支");
    strbuf_puts(w->out, "</font>>];\n");
    const char *edge = divergent ? "color=\"#cf222e\", penwidth=2, label=\"%s\"" : "label=\"%s\"";
    static const char *const ARMS[2] = {"then", "else"};
    for (int arm = 0; arm < 2; arm++) {
        open_cluster(w, ARMS[arm], divergent ? "#cf222e" : "#8c959f");
        Drawn drawn = draw_block(w, inst->blocks[arm], loop, return_node, after);
        close_cluster(w);
        char attributes[96];
        snprintf(attributes, sizeof attributes, edge, ARMS[arm]);
        put_edge(w, node, drawn.entry, attributes);
        put_edge(w, drawn.exit, after, "");
    }
    return node;
}

/* A `loop`: the hexagon, its body in a cluster; continue goes back to it, break to `after`. */
static uint32_t draw_loop(DotWriter *w, const IrInst *inst, uint32_t return_node, uint32_t after) {
    uint32_t node = new_node(w);
    strbuf_puts(w->out, "    ");
    put_node_name(w, node);
    strbuf_printf(w->out, " [shape=hexagon, label=<<font color=\"%s\">", uniformity_colour(result_uniformity(w, inst)));
    put_inst_text(w, inst);
    strbuf_puts(w->out, "</font>>];\n");
    LoopTargets targets = {node, after};
    open_cluster(w, "loop", "#0969da");
    Drawn drawn = draw_block(w, inst->blocks[0], &targets, return_node, node);
    close_cluster(w);
    put_edge(w, node, drawn.entry, "");
    put_edge(w, drawn.exit, node, "style=dashed, label=\"continue\"");
    return node;
}

/* The edge a block's terminator makes: yield to `join`, continue to the loop head, break
 * past the loop, return to the function's end. */
static void terminator_edge(DotWriter *w, const IrInst *last, uint32_t from, const LoopTargets *loop,
                            uint32_t return_node, uint32_t join_node, Drawn *drawn) {
    drawn->exit = NO_NODE;
    switch (last ? last->op : IR_OP_YIELD) {
    case IR_OP_CONTINUE:
        if (loop) put_edge(w, from, loop->head, "style=dashed, label=\"continue\"");
        break;
    case IR_OP_BREAK:
        if (loop) put_edge(w, from, loop->exit, "label=\"break\"");
        break;
    case IR_OP_RETURN: case IR_OP_DISCARD:
        put_edge(w, from, return_node, last->op == IR_OP_RETURN ? "label=\"return\"" : "label=\"discard\"");
        break;
    default:
        (void)join_node;
        drawn->exit = from;  /* yield, or falling out */
        break;
    }
}

/* A block: straight-line runs between its ifs and loops, chained by edges. */
static Drawn draw_block(DotWriter *w, IrBlockId id, const LoopTargets *loop, uint32_t return_node,
                        uint32_t join_node) {
    Drawn drawn = {NO_NODE, NO_NODE};
    const IrBlock *block = ir_block(w->func, id);
    if (!block || block->inst_count == 0) {
        drawn.entry = drawn.exit = put_empty(w);
        return drawn;
    }
    uint32_t previous = NO_NODE, start = 0;
    for (uint32_t i = 0; i <= block->inst_count; i++) {
        const IrInst *inst = i < block->inst_count ? ir_inst(w->func, block->insts[i]) : NULL;
        bool control = inst && (inst->op == IR_OP_IF || inst->op == IR_OP_LOOP);
        if (inst && !control) continue;
        if (i > start) {  /* the run before this if/loop (or the block's end) */
            uint32_t run = put_straight_line(w, block, start, i);
            if (drawn.entry == NO_NODE) drawn.entry = run;
            put_edge(w, previous, run, "");
            previous = run;
        }
        if (!inst) break;
        uint32_t after = new_node(w);  /* where control goes once the if/loop is done */
        strbuf_puts(w->out, "    ");
        put_node_name(w, after);
        strbuf_puts(w->out, " [shape=point, width=0.05];\n");
        uint32_t head = inst->op == IR_OP_IF ? draw_if(w, inst, loop, return_node, after)
                                             : draw_loop(w, inst, return_node, after);
        if (drawn.entry == NO_NODE) drawn.entry = head;
        put_edge(w, previous, head, "");
        previous = after;
        start = i + 1;
    }
    const IrInst *last = ir_inst(w->func, block->insts[block->inst_count - 1]);
    terminator_edge(w, ir_op_is_terminator(last->op) ? last : NULL, previous, loop, return_node,
                    join_node, &drawn);
    return drawn;
}

static void draw_function(StrBuf *out, const IrFunction *func, uint32_t index) {
    DotWriter w = {out, {0}, func, ir_print_numbers(func), index, 0, 0};
    strbuf_init(&w.edges);
    strbuf_printf(out, "  subgraph cluster_f%u {\n    label=<fn @", index);
    put_html(out, func->name, strlen(func->name));
    strbuf_puts(out, ">; fontsize=16; color=\"#57606a\";\n");
    uint32_t entry = new_node(&w), exit = new_node(&w);
    strbuf_printf(out, "    f%un%u [shape=oval, label=\"入口\"];\n", index, entry);
    strbuf_printf(out, "    f%un%u [shape=oval, label=\"返回\"];\n", index, exit);
    Drawn body = draw_block(&w, func->body, NULL, exit, exit);
    put_edge(&w, entry, body.entry, "");
    put_edge(&w, body.exit, exit, "");
    strbuf_puts(out, "  }\n");
    strbuf_puts(out, strbuf_cstr(&w.edges));
    strbuf_free(&w.edges);
    mem_free(w.numbers);
}

void ir_print_dot(StrBuf *out, const IrModule *module) {
    strbuf_puts(out, "digraph yir {\n"
                     "  graph [fontname=\"" YIR_DOT_FONT "\"];\n"
                     "  node [fontname=\"" YIR_DOT_FONT "\", fontsize=10];\n"
                     "  edge [fontname=\"" YIR_DOT_FONT "\", fontsize=9];\n"
                     "  compound=true; rankdir=TB;\n"
                     "  legend [shape=plain, label=<<table border=\"0\" cellspacing=\"0\">"
                     "<tr><td><font color=\"#1a7f37\">uniform</font></td></tr>"
                     "<tr><td><font color=\"#9a6700\">subgroup_uniform</font></td></tr>"
                     "<tr><td><font color=\"#cf222e\">non_uniform</font></td></tr>"
                     "<tr><td><font color=\"#24292f\">（未分析）</font></td></tr>"
                     "<tr><td>⚠ 须在一致的控制流里</td></tr></table>>];\n");
    for (uint32_t i = 0; i < ir_function_count(module); i++) {
        const IrFunction *func = ir_function(module, i);
        if (func) draw_function(out, func, i);
    }
    strbuf_puts(out, "}\n");
}
