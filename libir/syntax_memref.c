/* syntax_memref.c - custom assembly (parse, print, result names, verify) of the
 * memref ops. Placeholder table until the syntax is written. */
#include "irint.h"

const IrOpHooks ir_hooks_memref[] = {
    {0},
};
