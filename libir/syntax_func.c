/* syntax_func.c - custom assembly (parse, print, result names, verify) of the
 * func ops. Placeholder table until the syntax is written. */
#include "irint.h"

const IrOpHooks ir_hooks_func[] = {
    {0},
};
