/* syntax_test.c - custom assembly (parse, print, result names, verify) of the
 * test ops. Placeholder table until the syntax is written. */
#include "irint.h"

const IrOpHooks ir_hooks_test[] = {
    {0},
};
