// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// cf.switch's generic form splits its operands by two properties:
// operandSegmentSizes and case_operand_segments, each a dense i32 array.
// Their kind, presence and sums are checked in mlir-opt-22's order and
// words (the second RUN line checks); an i64 list was taken here before.

func.func @float_list(%flag: i32, %a: i32) {
  // expected-error @+1 {{invalid properties {case_operand_segments = array<f32>, operandSegmentSizes = array<i32: 1, 1, 0>} for op cf.switch: Invalid attribute `case_operand_segments` in property conversion: array<f32>}}
  "cf.switch"(%flag, %a) [^bb1] <{case_operand_segments = array<f32>, operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> ()
^bb1(%x: i32):
  return
}

// -----

func.func @i64_list(%flag: i32, %a: i32) {
  // expected-error @+1 {{Invalid attribute `case_operand_segments` in property conversion: array<i64>}}
  "cf.switch"(%flag, %a) [^bb1] <{case_operand_segments = array<i64>, operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> ()
^bb1(%x: i32):
  return
}

// -----

func.func @missing(%flag: i32, %a: i32) {
  // expected-error @+1 {{'cf.switch' op requires attribute 'case_operand_segments'}}
  "cf.switch"(%flag, %a, %a) [^bb1, ^bb1] <{case_values = dense<1> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, i32, i32) -> ()
^bb1(%x: i32):
  return
}

// -----

func.func @sum(%flag: i32, %a: i32) {
  // expected-error @+1 {{'cf.switch' op caseOperands count (1) does not match with the total size (2) specified in attribute 'case_operand_segments'}}
  "cf.switch"(%flag, %a, %a) [^bb1, ^bb1] <{case_values = dense<1> : vector<1xi32>, case_operand_segments = array<i32: 1, 1>, operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, i32, i32) -> ()
^bb1(%x: i32):
  return
}

// -----

func.func @segments_i64(%flag: i32, %a: i32) {
  // expected-error @+1 {{invalid properties {case_operand_segments = array<i32>, operandSegmentSizes = array<i64: 1, 1, 0>} for op cf.switch: expected DenseI32ArrayAttr for key `value`}}
  "cf.switch"(%flag, %a) [^bb1] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i64: 1, 1, 0>}> : (i32, i32) -> ()
^bb1(%x: i32):
  return
}

// -----

// Without operandSegmentSizes every segment is empty (MLIR's default).
func.func @segments_default(%flag: i32, %a: i32) {
  // expected-error @+1 {{'cf.cond_br' op operand count (2) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "cf.cond_br"(%flag, %a) [^bb1, ^bb1] : (i32, i32) -> ()
^bb1:
  return
}
