// RUN: ir-canon --max-iterations=1 -S %s | FileCheck %s --check-prefix=ONE
// RUN: mlir-opt -canonicalize=max-iterations=1 %s | FileCheck %s --check-prefix=ONE
// RUN: ir-canon -S %s | FileCheck %s --check-prefix=ALL
// RUN: ir-canon --top-down=false --max-num-rewrites=-1 -S %s | FileCheck %s --check-prefix=ALL
// RUN: not ir-canon --max-iterations=1 --test-convergence %s 2>&1 | FileCheck %s --check-prefix=CONV
// RUN: ir-canon --max-iterations=3 --test-convergence -S %s | FileCheck %s --check-prefix=ALL
// RUN: not ir-canon --region-simplify=sometimes %s 2>&1 | FileCheck %s --check-prefix=USAGE
// REQUIRES: mlir-opt

// One sweep folds the constants and the conditional branch; merging the
// block left behind takes a second sweep.
// ONE-LABEL: func @sweeps
//  ONE-NEXT:   %[[C:.*]] = arith.constant 14 : i32
//  ONE-NEXT:   cf.br ^bb1(%arg0 : i32)
//  ONE-NEXT: ^bb1(%[[X:.*]]: i32):
//  ONE-NEXT:   return %[[X]], %[[C]]
// ALL-LABEL: func @sweeps
//  ALL-NEXT:   %[[C:.*]] = arith.constant 14 : i32
//  ALL-NEXT:   return %arg0, %[[C]]
// CONV: error: Canonicalizer failed to converge within 1 iterations
// USAGE: ir-canon: error: --region-simplify expects disabled, normal or aggressive
func.func @sweeps(%a: i32, %c: i1) -> (i32, i32) {
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %c2 = arith.constant 2 : i32
  %z = arith.addi %c5, %c2 : i32
  %w = arith.addi %z, %c7 : i32
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%a : i32)
^bb1(%p: i32):
  cf.br ^bb3(%p : i32)
^bb2(%q: i32):
  cf.br ^bb3(%q : i32)
^bb3(%r: i32):
  return %r, %w : i32, i32
}
