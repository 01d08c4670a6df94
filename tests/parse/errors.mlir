// RUN: ir-asm --allow-unregistered-dialect --split-input-file -verify-diagnostics %s
// Parser diagnostics: each case must fail with the annotated error, at the
// annotated line. Run: ir-asm --split-input-file --verify-diagnostics style
// (message must appear at FILE:LINE:COL: error: MSG), as with mlir-opt.

// expected-error@+1 {{use of undeclared SSA value name}}
"foo.a"(%0) : (i32) -> ()

// -----

// expected-note@+1 {{previously defined here}}
%0 = "foo.a"() : () -> i32
// expected-error@+1 {{redefinition of SSA value '%0'}}
%0 = "foo.b"() : () -> i32

// -----

// expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
%0:2 = "foo.a"() : () -> i32

// -----

"foo.a"() ({
// expected-error@+1 {{reference to an undefined block}}
  "foo.br"()[^bb7] : () -> ()
}) : () -> ()

// -----

"foo.a"() ({
^bb1:
  "foo.x"() : () -> ()
// expected-error@+1 {{redefinition of block '^bb1'}}
^bb1:
  "foo.x"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{expected operation name in quotes}}
) 

// -----

// expected-error@+1 {{custom op 'xyz' is unknown (tried 'builtin.xyz' as well)}}
xyz

// -----

// expected-error@+1 {{expected ':' followed by operation type}}
"foo.a"()

// -----

// expected-error@+1 {{expected 1 operand type}}
"foo.a"(%x) : () -> ()

// -----

// expected-error@+1 {{unexpected character}}
"foo.a"() : () -> () ~

// -----

// expected-error@+1 {{expected '"' in string literal}}
"foo.a"() {x = "abc} : () -> ()

// -----

// expected-error@+1 {{expected non-function type}}
"foo.a"() : () -> (xyz)

// -----

// expected-error@+1 {{undefined symbol alias id 'nothere'}}
"foo.a"() {x = #nothere} : () -> ()

// -----

#a = 1
// expected-error@+1 {{redefinition of attribute alias id 'a'}}
#a = 2

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"foo.a"() {x = 256 : ui8} : () -> ()

// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"foo.a"() {x = 1 : f32} : () -> ()

// -----

// expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"foo.a"() {x = dense<[1, 2]> : tensor<3xi32>} : () -> ()

// -----

// expected-error@+1 {{duplicate key 'x' in dictionary attribute}}
"foo.a"() {x = 1, x = 2} : () -> ()

// -----

"foo.a"() ({
  %0 = "foo.b"() : () -> i32
  "foo.c"() ({
    // expected-error@+1 {{use of undeclared SSA value name}}
    "foo.d"(%1) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----

// An undefined name used in a nested function body.
func.func @f() {
  // expected-error@+1 {{use of undeclared SSA value name}}
  "foo.d"(%0) : (i32) -> ()
  return
}

// -----

// expected-error@+1 {{expected 'x' in dimension list}}
"foo.a"() : () -> memref<4f32>

// -----

// expected-error@+1 {{expected ',' or '>' in memref type}}
"foo.a"() : () -> memref<4xf32

// -----

// expected-note@+1 {{prior use here}}
%0 = "foo.a"() : () -> i32
// expected-error@+1 {{use of value '%0' expects different type than prior uses: 'i64' vs 'i32'}}
"foo.b"(%0) : (i64) -> ()

// -----

// expected-error@+1 {{invalid SSA name}}
"foo.a"(% ) : () -> ()

// -----

"foo.a"() ({
// expected-error@+1 {{expected ':' after block name}}
^bb0
}) : () -> ()

// -----

// A bare op name in a func body is tried with the default dialect and with
// builtin; this one (250 characters) is longer than the stack buffer for
// one of the two prefixes (an ASan stack overflow found by fuzz-own).
func.func @long_250() {
  // expected-error@+1 {{custom op 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' is unknown (tried 'func.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' as well)}}
  bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb
  return
}

// -----

// A bare op name in a func body is tried with the default dialect and with
// builtin; this one (300 characters) is longer than the stack buffer for
// one of the two prefixes (an ASan stack overflow found by fuzz-own).
func.func @long_300() {
  // expected-error@+1 {{custom op 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' is unknown (tried 'func.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' as well)}}
  bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb
  return
}

// -----

// A result number past an op's results (the resolver's out-of-line path).
%a:2 = "foo.two"() : () -> (i32, i32)
// expected-error@+1 {{reference to invalid result number}}
"foo.use"(%a#2) : (i32) -> ()

// -----

// Names over 8 bytes take the resolver's out-of-line path: a forward
// reference, then a use of another type.
func.func @long_names(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "foo.use"(%a_value_with_a_long_name, %short) : (i32, i32) -> ()
  return
^bb2:
  // expected-note@+1 {{prior use here}}
  %a_value_with_a_long_name = "foo.make"() : () -> i32
  %short = "foo.make"() : () -> i32
  // expected-error@+1 {{use of value '%a_value_with_a_long_name' expects different type than prior uses: 'i64' vs 'i32'}}
  "foo.use"(%a_value_with_a_long_name) : (i64) -> ()
  return
}

// -----

// An affine map binds its names in its dimension and symbol lists: `d0` is
// not one of them here (the name is kept as written, so it would print as
// an op that does not parse again).
func.func @unbound_dim(%m: memref<100xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{use of undeclared identifier}}
  "affine.store"(%f, %m, %i) <{map = affine_map<(x) -> (d0)>}> : (f32, memref<100xf32>, index) -> ()
  return
}

// -----

// The same for a symbol of an integer set; bound names may be any identifiers.
// expected-error@+1 {{use of undeclared identifier}}
"foo.a"() {s = affine_set<(x)[n] : (x - m >= 0)>} : () -> ()

// -----

// Bound names other than dN / sN, and the keywords, are fine.
"foo.a"() {m = affine_map<(x, y)[n] -> (x ceildiv 2 + n, y mod 3, -y floordiv 4)>} : () -> ()

// -----

"foo.a"() ({
  "foo.b"() : () -> ()
// expected-error {{expected operation name in quotes}}
