// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// The generic forms of cf.cond_br and cf.switch: that their segment sizes
// add up is the verifier's check in MLIR, not the parser's. So a parse
// error later in the chunk wins over it, and the op's result and
// successor counts come first. Only the properties' kinds fail the
// parse. We reported every one of these at the op, while parsing.

// expected-note @+1 {{prior use here}}
func.func @later_parse_error(%b: i1, %i: index) {
  "cf.cond_br"(%b, %i) [^bb1, ^bb2] : (i1, index) -> ()
^bb1:
  return
^bb2:
  // expected-error @+1 {{use of value '%i' expects different type than prior uses: 'i32' vs 'index'}}
  %x = arith.addi %i, %i : i32
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @switch_later_parse_error(%i: i32) {
  "cf.switch"(%i, %i) [^bb1] <{operandSegmentSizes = array<i32: 1, 0, 1>, case_operand_segments = array<i32: 3>}> : (i32, i32) -> ()
^bb1:
  // expected-error @+1 {{use of value '%i' expects different type than prior uses: 'index' vs 'i32'}}
  %x = arith.addi %i, %i : index
  return
}

// -----

func.func @results_first(%b: i1) {
  // expected-error @+1 {{'cf.cond_br' op requires zero results}}
  %0 = "cf.cond_br"(%b, %b) [^bb1, ^bb1] : (i1, i1) -> (i1)
^bb1:
  return
}

// -----

func.func @successors_first(%b: i1) {
  // expected-error @+1 {{'cf.cond_br' op requires 2 successors but found 1}}
  "cf.cond_br"(%b, %b) [^bb1] : (i1, i1) -> ()
^bb1:
  return
}

// -----

func.func @switch_results_first(%i: i32) {
  // expected-error @+1 {{'cf.switch' op requires zero results}}
  %r = "cf.switch"(%i) [^bb1] <{case_operand_segments = array<i32: -1>}> : (i32) -> (i32)
^bb1:
  return
}

// -----

func.func @switch_successors_first(%i: i32) {
  // expected-error @+1 {{'cf.switch' op requires at least 1 successors but found 0}}
  "cf.switch"(%i) <{case_operand_segments = array<i32: -1>}> : (i32) -> ()
  return
}

// -----

// The operand segments come before the required case_operand_segments.
func.func @switch_segments_before_required(%i: i32) {
  // expected-error @+1 {{'cf.switch' op operand count (2) does not match with the total size (1) specified in attribute 'operandSegmentSizes'}}
  "cf.switch"(%i, %i) [^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32, i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_negative_case(%i: i32) {
  // expected-error @+1 {{'cf.switch' op 'case_operand_segments' attribute cannot have negative elements}}
  "cf.switch"(%i, %i) [^bb1] <{operandSegmentSizes = array<i32: 1, 0, 1>, case_operand_segments = array<i32: -1, 2>}> : (i32, i32) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_negative(%b: i1) {
  // expected-error @+1 {{'cf.cond_br' op 'operandSegmentSizes' attribute cannot have negative elements}}
  "cf.cond_br"(%b) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, -1, 1>}> : (i1) -> ()
^bb1:
  return
}

// -----

// An entry with no case: the default still gets its operand, and the
// op's own verifier speaks first.
func.func @switch_entry_without_case(%i: i32) {
  // expected-error @+1 {{'cf.switch' op number of case values (1) should match number of case destinations (0)}}
  "cf.switch"(%i, %i) [^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>, case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<1xi32>}> : (i32, i32) -> ()
^bb2(%z: i32):
  return
}

// -----

// The condition's and the flag's types are ODS's checks too: before the
// successors' operands are matched with their blocks' arguments.
func.func @condition_type_first(%i: i32, %x: index) {
  // expected-error @+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%i, %x) [^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, index) -> ()
^bb1:
  return
^bb2:
  return
}

// -----

func.func @flag_type_first(%i: index, %x: index) {
  // expected-error @+1 {{'cf.switch' op operand #0 must be integer, but got 'index'}}
  "cf.switch"(%i, %x) [^bb1] <{operandSegmentSizes = array<i32: 1, 1, 0>, case_operand_segments = array<i32>}> : (index, index) -> ()
^bb1(%y: i32):
  return
}

// -----

// The flag's type comes before the case group's sizes.
func.func @flag_type_before_case_sizes(%i: index, %x: index) {
  // expected-error @+1 {{'cf.switch' op operand #0 must be integer, but got 'index'}}
  "cf.switch"(%i, %x) [^bb1] <{operandSegmentSizes = array<i32: 1, 0, 1>, case_operand_segments = array<i32: 3>}> : (index, index) -> ()
^bb1:
  return
}
