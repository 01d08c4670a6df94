// Parser round trip: every construct below must parse and print (generic form,
// ir-asm | ir-dis --generic) exactly as mlir-opt-22 --mlir-print-op-generic prints it.
// Location aliases may be used before their definition; {-# #-} is skipped.

!tt = tuple<i32, f32>
#lay = strided<[?, 1], offset: ?>
"a.b"() {s = @a::@b::@"c d", t = !tt, u = vector<4x[8]xf32>, v = complex<f64>, w = !foo.bar<"x", <1>, [2]>, x = #foo.attr<a -> b>, y = memref<4x?xf32, #lay, 3>, z = f8E4M3, q = tuple<>, r = memref<*xf32, 1>, p = tensor<*xi8>, o = ui8, n = si4, m = none, l = unit, k = "s" : i32, j = [1, "a", [true]], i = {a, b = 2}, h = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>, g = memref<2xf32, affine_map<(d0) -> (d0)>>, f = -0x10 : i32, e = array<i1: true, false>, d = array<f64: 1.5, -2.0>, c = 3 : index, b = (i32) -> (f32, i1)} : () -> () loc(fused<"meta">["a":1:2, callsite("f" at "g":3:4), "n"("m":5:6)])
"a.c"() : () -> () loc(#l1)
{-#
  dialect_resources: { builtin: { x: "0x0400000001020304" } }
#-}
#l1 = loc("qq":7:8)

// CHECK: #set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
// CHECK: "builtin.module"() ({
// CHECK:   "a.b"() {b = (i32) -> (f32, i1), c = 3 : index, d = array<f64: 1.500000e+00, -2.000000e+00>, e = array<i1: true, false>, f = -16 : i32, g = memref<2xf32>, h = #set, i = {a, b = 2 : i64}, j = [1, "a", [true]], k = "s" : i32, l, m = none, n = si4, o = ui8, p = tensor<*xi8>, q = tuple<>, r = memref<*xf32, 1>, s = @a::@b::@"c d", t = tuple<i32, f32>, u = vector<4x[8]xf32>, v = complex<f64>, w = !foo.bar<"x", <1>, [2]>, x = #foo.attr<a -> b>, y = memref<4x?xf32, strided<[?, 1], offset: ?>, 3>, z = f8E4M3} : () -> ()
// CHECK:   "a.c"() : () -> ()
// CHECK: }) : () -> ()
