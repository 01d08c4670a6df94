
func.func @inputs(%m: memref<100xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'affine.stos as map inputs}}
  "affine.store"(%f, %m, %i) <{map = affine_map<(tuple1) -> (d0)>}> : (f32, memref<100xf32>, index) -> ()
  return
}

