// RUN: ir-asm --split-input-file --allow-unregistered-dialect -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --allow-unregistered-dialect --verify-diagnostics %s
// REQUIRES: mlir-opt
// NamedSequenceOp::verify's checks of a body: it has ops, ends in
// transform.yield, and yields what the function type says; the function
// interface's own check of the entry block comes first.

module attributes {transform.with_named_sequence} {
  // expected-error @below {{expected a non-empty body block}}
  transform.named_sequence @empty(%a: !transform.any_op {transform.readonly}) {
  }
}

// -----

module attributes {transform.with_named_sequence} {
  // expected-error @below {{expected 'transform.yield' as terminator}}
  transform.named_sequence @other_end(%a: !transform.any_op {transform.readonly}) {
    // expected-note @below {{terminator}}
    "test.end"() : () -> ()
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @few(%a: !transform.any_op {transform.readonly}) -> !transform.any_op {
    // expected-error @below {{expected terminator to have as many operands as the parent op has results}}
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @typed(%a: !transform.any_op {transform.readonly}) -> !transform.any_value {
    // expected-error @below {{the type of the terminator operand #0 must match the type of the corresponding parent op result ('!transform.any_op' vs '!transform.any_value')}}
    transform.yield %a : !transform.any_op
  }
}

// -----

// expected-error @below {{'transform.named_sequence' op entry block must have 1 arguments to match function signature}}
transform.named_sequence @unnamed(!transform.any_op) {
}
