// RUN: ir-asm --allow-unregistered-dialect --split-input-file -verify-diagnostics %s
// RUN: not ir-asm --allow-unregistered-dialect --split-input-file %s -o %t 2>&1 | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// affine_map / affine_set attributes that MLIR's AffineParser refuses:
// each gets mlir-opt-22's message (the third RUN line checks them against
// mlir-opt-22 itself) at mlir-opt-22's column (the CHECK lines). The body
// is parsed token by token; it used to be kept as raw bytes with only its
// names checked, so junk inside printed as text that did not parse again
// (fuzz-pipetext).

// expected-error@+2 {{missing right operand of binary operator}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:41: error: missing right operand of binary operator
"foo.a"() {m = affine_map<(d0) -> (d0 + )>} : () -> ()

// -----

// expected-error@+2 {{missing left operand of binary operator}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:37: error: missing left operand of binary operator
"foo.a"() {m = affine_map<(d0) -> ( +d0)>} : () -> ()

// -----

// expected-error@+2 {{expected affine expression}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:37: error: expected affine expression
"foo.a"() {m = affine_map<(d0) -> ( 1.5)>} : () -> ()

// -----

// expected-error@+2 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:39: error: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic
"foo.a"() {m = affine_map<(d0) -> (d0 * d0)>} : () -> ()

// -----

// expected-error@+2 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:50: error: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic
"foo.a"() {m = affine_map<(d0)[s0] -> ((d0 + s0) * (s0 + d0))>} : () -> ()

// -----

// expected-error@+2 {{non-affine expression: right operand of floordiv has to be either a constant or symbolic}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:39: error: non-affine expression: right operand of floordiv has to be either a constant or symbolic
"foo.a"() {m = affine_map<(d0) -> (d0 floordiv d0)>} : () -> ()

// -----

// expected-error@+2 {{non-affine expression: right operand of ceildiv has to be either a constant or symbolic}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:39: error: non-affine expression: right operand of ceildiv has to be either a constant or symbolic
"foo.a"() {m = affine_map<(d0) -> (d0 ceildiv (d0 + 1))>} : () -> ()

// -----

// expected-error@+2 {{non-affine expression: right operand of mod has to be either a constant or symbolic}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:39: error: non-affine expression: right operand of mod has to be either a constant or symbolic
"foo.a"() {m = affine_map<(d0) -> (d0 mod d0)>} : () -> ()

// -----

// expected-error@+2 {{use of undeclared identifier}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:40: error: use of undeclared identifier
"foo.a"() {m = affine_map<(d0) -> (d0 + d1)>} : () -> ()

// -----

// expected-error@+2 {{redefinition of identifier 'd0'}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:32: error: redefinition of identifier 'd0'
"foo.a"() {m = affine_map<(d0, d0) -> (d0)>} : () -> ()

// -----

// expected-error@+2 {{redefinition of identifier 'd0'}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:32: error: redefinition of identifier 'd0'
"foo.a"() {m = affine_map<(d0)[d0] -> (d0)>} : () -> ()

// -----

// expected-error@+2 {{expected bare identifier}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:31: error: expected bare identifier
"foo.a"() {m = affine_map<(d0, 1) -> (d0)>} : () -> ()

// -----

// expected-error@+2 {{expected '(' in dimensional identifier list}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:27: error: expected '(' in dimensional identifier list
"foo.a"() {m = affine_map<d0 -> (d0)>} : () -> ()

// -----

// expected-error@+2 {{expected ')' in dimensional identifier list}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:30: error: expected ')' in dimensional identifier list
"foo.a"() {m = affine_map<(d0 d1) -> (d0)>} : () -> ()

// -----

// expected-error@+2 {{expected ']' in symbol list}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:34: error: expected ']' in symbol list
"foo.a"() {m = affine_map<(d0)[s0 -> (d0)>} : () -> ()

// -----

// expected-error@+2 {{expected '->' or ':'}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:31: error: expected '->' or ':'
"foo.a"() {m = affine_map<(d0) (d0)>} : () -> ()

// -----

// expected-error@+2 {{expected '(' in affine map range}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:34: error: expected '(' in affine map range
"foo.a"() {m = affine_map<(d0) -> d0>} : () -> ()

// -----

// expected-error@+2 {{expected ')' in affine map range}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:38: error: expected ')' in affine map range
"foo.a"() {m = affine_map<(d0) -> (d0 1)>} : () -> ()

// -----

// expected-error@+2 {{expected '>' in affine map}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:39: error: expected '>' in affine map
"foo.a"() {m = affine_map<(d0) -> (d0), 1>} : () -> ()

// -----

// expected-error@+2 {{expected AffineMap, but got IntegerSet}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:27: error: expected AffineMap, but got IntegerSet
"foo.a"() {m = affine_map<(d0) : (d0 >= 0)>} : () -> ()

// -----

// expected-error@+2 {{expected IntegerSet, but got AffineMap}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:27: error: expected IntegerSet, but got AffineMap
"foo.a"() {m = affine_set<(d0) -> (d0)>} : () -> ()

// -----

// expected-error@+2 {{expected '== affine-expr' or '>= affine-expr' at end of affine constraint}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:40: error: expected '== affine-expr' or '>= affine-expr' at end of affine constraint
"foo.a"() {m = affine_set<(d0) : (d0 > 0)>} : () -> ()

// -----

// expected-error@+2 {{expected ')' in integer set constraint list}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:42: error: expected ')' in integer set constraint list
"foo.a"() {m = affine_set<(d0) : (d0 >= 0>} : () -> ()

// -----

// expected-error@+2 {{expected '>' in integer set}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:43: error: expected '>' in integer set
"foo.a"() {m = affine_set<(d0) : (d0 >= 0)} : () -> ()

// -----

// expected-error@+2 {{constant too large for index}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:37: error: constant too large for index
"foo.a"() {m = affine_map<(d0) -> ( 9223372036854775808)>} : () -> ()

// -----

// expected-error@+2 {{unexpected ssa identifier}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:36: error: unexpected ssa identifier
"foo.a"() {m = affine_map<(d0) -> ( %x)>} : () -> ()

// -----

// expected-error@+2 {{no expression inside parentheses}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:39: error: no expression inside parentheses
"foo.a"() {m = affine_map<(d0) -> ( ( ))>} : () -> ()

// -----

// expected-error@+2 {{unexpected character}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:41: error: unexpected character
"foo.a"() {m = affine_map<(d0) -> (d0 + 'x)>} : () -> ()

// -----

// expected-error@+2 {{use of undeclared identifier}}
// CHECK: affine-attr-invalid.mlir:[[@LINE+1]]:34: error: use of undeclared identifier
"foo.a"() {m = affine_map<() -> (d0)>} : () -> ()
