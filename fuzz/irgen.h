/*
 * irgen.h - valid bufferized MLIR from fuzz bytes (irgen.c), for the
 * structure-aware harnesses: every byte string gives a module that parses
 * and verifies, so mutations exercise the passes instead of the parser.
 */
#ifndef IRGEN_H
#define IRGEN_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* The module text (malloc'd, NUL-terminated; *len its length). */
char *irgen_module(const uint8_t *data, size_t size, size_t *len);

#endif
