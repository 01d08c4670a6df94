/* syntax_bufferization.c - custom assembly (parse, print, result names, verify) of the
 * bufferization ops. Placeholder table until the syntax is written. */
#include "irint.h"

const IrOpHooks ir_hooks_bufferization[] = {
    {0},
};
