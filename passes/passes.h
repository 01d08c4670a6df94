/*
 * passes.h - the public API of the passes layer: MLIR's buffer deallocation
 * pipeline and the cleanups it runs, each a module-to-module function.
 *
 * Every pass reads a frozen, verified module and returns a new module that
 * shares its IrCtx (the input is left untouched; the caller frees both).
 * On input the pass does not support it reports MLIR's diagnostic through
 * `d` (located, same wording as mlir-opt) and returns NULL. Passes never see
 * bytes, only the IR (DESIGN.md). One file per pass; shared analyses live in
 * libir.
 *
 * The stage tools (tools/) chain them as MLIR's -buffer-deallocation-pipeline
 * does:
 *   dd-own      = expand-realloc(emit-deallocs=false), canonicalize,
 *                 ownership-based-buffer-deallocation, canonicalize
 *   dd-simplify = buffer-deallocation-simplification
 *   dd-lower    = bufferization-lower-deallocations, cse, canonicalize
 */
#ifndef PASSES_H
#define PASSES_H

#include "ir.h"

#endif
