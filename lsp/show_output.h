/* workspace/executeCommand "yusec.showOutput": the WGSL, MSL, PTX or YIR of an open document
 * (docs/editor.md). Arguments: [uri, target] or [uri, target, version], target one of "wgsl",
 * "msl", "ptx", "yir-wgsl", "yir-msl", "yir-ptx" ("yir": "yir-wgsl"). The result:
 *   {"target": …, "ok": true, "language": "wgsl" | "metal" | "ptx" | "yir", "text": the output}
 *   {"target": …, "ok": false, "language": "text", "text": the diagnostics as yusec prints them}
 * An unknown command or target, a document that is not open: InvalidParams; a version that is
 * not the open one's: ContentModified. */
#ifndef YUSEC_LSP_SHOW_OUTPUT_H
#define YUSEC_LSP_SHOW_OUTPUT_H

#include "lsp/server.h"

json_t *lsp_execute_command(LspServer *server, json_t *params, LspError *error);
/* executeCommandProvider: {"commands": ["yusec.showOutput"]}. */
void lsp_advertise_commands(json_t *capabilities);

#endif
