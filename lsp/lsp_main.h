/* The driver's entry to `yusec lsp`. */
#ifndef YUSEC_LSP_LSP_MAIN_H
#define YUSEC_LSP_LSP_MAIN_H

#include <stdbool.h>

/* True when argv is `yusec lsp …`. */
bool lsp_args_is_lsp(int argc, char **argv);

/* Runs the server; the exit status (0 after shutdown+exit, 1 exit without shutdown, 2 bad
 * arguments). */
int lsp_main(int argc, char **argv);

#endif
