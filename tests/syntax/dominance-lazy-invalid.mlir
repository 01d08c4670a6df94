// RUN: ir-asm --split-input-file --allow-unregistered-dialect -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --allow-unregistered-dialect --verify-diagnostics %s
// REQUIRES: mlir-opt
// Cross-block uses in multi-block regions. The verifier builds a region's
// dominator tree only when a use asks: the entry block's values dominate
// every block without one, and a block's reachability is looked up only
// for a use that the tree-free tests do not accept. These must still be
// reported (or not, in unreachable blocks) as mlir-opt-22 does.

// Entry values used in later blocks, directly and nested: valid.
func.func @entry_values(%a: i32, %c: i1) {
  %x = arith.addi %a, %a : i32
  cf.cond_br %c, ^b1, ^b2
^b1:
  %y = arith.addi %x, %a : i32
  cf.br ^b2
^b2:
  "scf.execute_region"() ({
    %z = arith.addi %x, %a : i32
    scf.yield
  }) : () -> ()
  return
}

// -----

// A value of a block that does not dominate the use.
func.func @sibling(%a: i32, %c: i1) {
  cf.cond_br %c, ^b1, ^b2
^b1:
  // expected-note @+1 {{operand defined here (op in the same region)}}
  %y = arith.addi %a, %a : i32
  cf.br ^b2
^b2:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %z = arith.addi %y, %a : i32
  return
}

// -----

// The same use from an op nested in the join block.
func.func @sibling_nested(%a: i32, %c: i1) {
  cf.cond_br %c, ^b1, ^b2
^b1:
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %y = arith.addi %a, %a : i32
  cf.br ^b2
^b2:
  "scf.execute_region"() ({
    // expected-error @+1 {{operand #0 does not dominate this use}}
    %z = arith.addi %y, %a : i32
    scf.yield
  }) : () -> ()
  return
}

// -----

// Unreachable blocks are not checked, nor the ops nested in them; a
// block that dominates the use (not the entry) is fine.
func.func @unreachable(%a: i32, %c: i1) {
  cf.br ^b1
^b1:
  %y = arith.addi %a, %a : i32
  cf.cond_br %c, ^b2, ^b4
^b2:
  %w = arith.addi %y, %y : i32
  return
^b3:
  %z = arith.addi %v, %y : i32
  "scf.execute_region"() ({
    %u = arith.addi %v, %z : i32
    scf.yield
  }) : () -> ()
  return
^b4:
  %v = arith.addi %y, %a : i32
  return
}
