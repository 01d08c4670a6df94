// RUN: ir-asm --split-input-file --allow-unregistered-dialect -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --allow-unregistered-dialect --verify-diagnostics %s
// REQUIRES: mlir-opt
// Uses in nested regions of values of an enclosing block: the verifier
// settles those defined before the region's op by one climb per block
// (mark_ancestors); a value defined after it, or one from above an
// isolated op, must still be reported, in mlir-opt-22's words.

func.func @later_in_parent() {
  "scf.execute_region"() ({
    // expected-error @+1 {{operand #0 does not dominate this use}}
    %y = arith.addi %x, %x : i32
    scf.yield
  }) : () -> ()
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %x = arith.constant 1 : i32
  return
}

// -----

// The block's first operands from above are fine (and marked); a later
// one is defined after the outer region's op.
func.func @later_two_levels(%a: i32) {
  %c = arith.constant 2 : i32
  "scf.execute_region"() ({
    "scf.execute_region"() ({
      %ok = arith.addi %a, %c : i32
      // expected-error @+1 {{operand #1 does not dominate this use}}
      %y = arith.addi %c, %x : i32
      scf.yield
    }) : () -> ()
    scf.yield
  }) : () -> ()
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %x = arith.constant 1 : i32
  return
}

// -----

func.func @outer(%a: i32) {
  "test.region"() ({
    // expected-note @+1 {{required by region isolation constraints}}
    func.func @inner() {
      // expected-error @+1 {{'arith.addi' op using value defined outside the region}}
      %0 = arith.addi %a, %a : i32
      return
    }
    "test.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Values of both enclosing blocks, defined before the regions' ops: valid.
func.func @earlier_two_levels(%a: i32) {
  %c = arith.constant 2 : i32
  "scf.execute_region"() ({
    %d = arith.addi %a, %c : i32
    "scf.execute_region"() ({
      %y = arith.addi %c, %d : i32
      %z = arith.addi %y, %a : i32
      scf.yield
    }) : () -> ()
    scf.yield
  }) : () -> ()
  return
}
