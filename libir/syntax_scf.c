/* syntax_scf.c - custom assembly (parse, print, result names, verify) of the
 * scf ops. Placeholder table until the syntax is written. */
#include "irint.h"

const IrOpHooks ir_hooks_scf[] = {
    {0},
};
