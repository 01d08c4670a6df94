/*
 * oracle.h - the pipeline oracle (oracle.c) the `pipeline` and `pipetext`
 * harnesses share: -buffer-deallocation-pipeline on one module, pass by
 * pass with the verifier between passes, and the interpreter (libir's
 * ir_interp_run) as the judge of what each stage's output does.
 */
#ifndef ORACLE_H
#define ORACLE_H

#include "fuzz.h"

/* Run the pipeline on `m` (parsed and verified) in both ownership modes
 * (private-function-dynamic-ownership off and on) and assert:
 *   - every pass either returns a module that verifies or fails with a
 *     diagnostic; with `must_succeed` (the generator's modules, which hold
 *     only what MLIR's pipeline supports) no pass may fail;
 *   - dd_pipeline gives the very module the passes chained one by one give
 *     (same printed text), and that text parses and verifies;
 *   - every function the interpreter can call, on every argument
 *     combination tried (at most ORACLE_MAX_RUNS) where the input ran to
 *     the end with no error but what owning nothing explains (leaks, the
 *     caller's free of a returned argument), runs without any error (no
 *     leak,
 *     double free, free of a non-owned buffer, use after free ...) and with
 *     the same printed results after dd-own, after dd-simplify and after
 *     dd-lower.
 * `text` (may be NULL) is printed with a failure. */
void fuzz_pipeline_oracle(const IrModule *m, int must_succeed,
                          const char *text);

enum { ORACLE_MAX_RUNS = 12 };

/* What the oracle did, summed over calls (FUZZ_ORACLE_STATS=1 in the
 * environment prints it at exit from the replay driver). */
typedef struct OracleStats {
  unsigned long modules, pass_failures;  /* pass_failures: allowed ones */
  unsigned long runs;           /* input runs tried */
  unsigned long input_dirty;    /* input had a non-leak error: no verdict */
  unsigned long input_error[IR_RUN_N_KINDS];  /* of those, by kind */
  unsigned long input_skipped;  /* input could not run */
  unsigned long input_shared;   /* input ran clean, but a call returned a
                                   buffer the pipeline may copy
                                   (IrRunResult.shared_results): no verdict */
  unsigned long checked;        /* stage outputs compared with the input */
  unsigned long output_skipped; /* stage output hit the step bound */
  unsigned long address_reads;  /* modules not compared: they read buffer
                                   addresses */
} OracleStats;
extern OracleStats oracle_stats;

#endif
