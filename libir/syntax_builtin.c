/* syntax_builtin.c - custom assembly (parse, print, result names, verify) of the
 * builtin ops. Placeholder table until the syntax is written. */
#include "irint.h"

const IrOpHooks ir_hooks_builtin[] = {
    {0},
};
