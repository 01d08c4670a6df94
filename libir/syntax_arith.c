/* syntax_arith.c - custom assembly (parse, print, result names, verify) of the
 * arith ops. Placeholder table until the syntax is written. */
#include "irint.h"

const IrOpHooks ir_hooks_arith[] = {
    {0},
};
