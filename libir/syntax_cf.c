/* syntax_cf.c - custom assembly (parse, print, result names, verify) of the
 * cf ops. Placeholder table until the syntax is written. */
#include "irint.h"

const IrOpHooks ir_hooks_cf[] = {
    {0},
};
