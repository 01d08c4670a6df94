// Attribute literals: numbers rounded to their type, dense<> bodies in MLIR's
// canonical spelling (splats folded, floats as %.6e when exact), arrays.
// Output must match mlir-opt-22 --mlir-print-op-generic.

"foo.a"() {x = dense<[1.0, 1.0]> : tensor<2xf32>, y = dense<[[1,2],[3,4]]> : tensor<2x2xi8>, z = dense<[true,false]> : tensor<2xi1>, w = dense<0.1> : tensor<f64>, v = dense<3.14159265358979> : tensor<f64>, u= dense<1.1> : tensor<f32>, s = 1.1 : f32, r = 0x7FC00000 : f32, q = 1.0e300 : f64, p = 1.0e-10 :f16, o = dense<[[1.5, 2.0]]> : tensor<1x2xbf16>, n = dense<-0.0> : tensor<2xf32>, m = 3 : i64, l = 5 : i32, k = -1 : i8, j = 255 : i8, i = 2.5, h = 7, g = array<f32: 1.0, 2.5>, f = dense<> : tensor<0xi32>, e = dense<[]> : tensor<0xi32>, d = "a\n\22b", c=affine_map<(d0,d1)->(d1 ,  d0)>} : () -> ()

// CHECK: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK: "builtin.module"() ({
// CHECK:   "foo.a"() {c = #map, d = "a\0A\22b", e = dense<> : tensor<0xi32>, f = dense<> : tensor<0xi32>, g = array<f32: 1.000000e+00, 2.500000e+00>, h = 7 : i64, i = 2.500000e+00 : f64, j = -1 : i8, k = -1 : i8, l = 5 : i32, m = 3 : i64, n = dense<-0.000000e+00> : tensor<2xf32>, o = dense<{{\[\[}}1.500000e+00, 2.000000e+00]]> : tensor<1x2xbf16>, p = 0.000000e+00 : f16, q = 1.000000e+300 : f64, r = 0x7FC00000 : f32, s = 1.100000e+00 : f32, u = dense<1.100000e+00> : tensor<f32>, v = dense<3.14159265358979> : tensor<f64>, w = dense<1.000000e-01> : tensor<f64>, x = dense<1.000000e+00> : tensor<2xf32>, y = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi8>, z = dense<[true, false]> : tensor<2xi1>} : () -> ()
// CHECK: }) : () -> ()
