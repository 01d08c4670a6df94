/* syntax_misc.c - custom assembly (parse, print, result names, verify) of the
 * misc ops. Placeholder table until the syntax is written. */
#include "irint.h"

const IrOpHooks ir_hooks_misc[] = {
    {0},
};
