// RUN: ir-asm --allow-unregistered-dialect %s -S | FileCheck %s
// affine_map / affine_set bodies are parsed token by token and kept as
// written, with MLIR's spacing and not simplified (mlir-opt-22 prints
// `d0 * 3 - 2` for `3 * d0 - 2`; both parse to the same map). A comment
// inside a body ends at its line's end and is dropped; any bare
// identifier may be bound, the keywords of the grammar too.

// CHECK: #map = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)>
// CHECK: #map1 = affine_map<(d0) -> (3 * d0 - 2, -(d0 + 1), --d0, d0 - -1)>
// CHECK: #map2 = affine_map<(mod, x)[n] -> (mod mod n, x ceildiv 2 + n)>
// CHECK: #map3 = affine_map<() -> ()>
// CHECK: #set = affine_set<(d0)[s0] : (d0 >= 0, d0 <= s0, d0 * 2 == s0 + 1)>
// CHECK: #set1 = affine_set<(d0) : ()>
// CHECK: "foo.a"() {a = #map, b = #map1, c = #map2, d = #map3, e = #set, f = #set1} : () -> ()
"foo.a"() {
  a = affine_map<(d0, d1) // the dimensions
                 [s0] -> (d0 +s0, // the first result
                          d1 floordiv 2)>,
  b = affine_map<(d0) -> (3*d0-2, -(d0 + 1), - - d0, d0 - -1)>,
  c = affine_map<(mod, x)[n] -> (mod mod n, x ceildiv 2 + n)>,
  d = affine_map<() -> ()>,
  e = affine_set<(d0)[s0] : (d0 >= 0, d0 <= s0, d0 * 2 == s0 + 1)>,
  f = affine_set<(d0) : ()>
} : () -> ()
