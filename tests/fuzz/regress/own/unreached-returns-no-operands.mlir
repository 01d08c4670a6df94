
func.func @switch(%i: i32, %m: memref<2xf32>) {
  // expected-error @below {{Terminators with more than one successor are not supported!}}
 return
^bb2:
  return
}

