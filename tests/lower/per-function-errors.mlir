// RUN: dd-lower --only --per-function --split-input-file -verify-diagnostics %s
// --per-function is MLIR's func.func-nested variant
// (--pass-pipeline="builtin.module(func.func(bufferization-lower-deallocations))"):
// a function cannot get the library function inserted, so a dealloc of two
// or more memrefs is an error, reported at the first such dealloc of every
// function (the conversion of that function stops there), with MLIR's two
// messages. No output is written.

func.func @first_fails_only(%a: memref<2xf32>, %b: memref<2xf32>, %p: i1, %q: i1) {
  bufferization.dealloc (%a : memref<2xf32>) if (%p)
  // expected-error @below {{library function required for generic lowering, but cannot be automatically inserted when operating on functions}}
  // expected-error @below {{failed to legalize operation 'bufferization.dealloc' that was explicitly marked illegal}}
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%p, %q)
  bufferization.dealloc (%b, %a : memref<2xf32>, memref<2xf32>) if (%q, %p)
  return
}
func.func @each_function(%a: memref<2xf32>, %b: memref<2xf32>, %p: i1) -> i1 {
  scf.if %p {
    // expected-error @below {{library function required for generic lowering, but cannot be automatically inserted when operating on functions}}
    // expected-error @below {{failed to legalize operation 'bufferization.dealloc' that was explicitly marked illegal}}
    %r = bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%p, %p) retain (%a : memref<2xf32>)
  }
  return %p : i1
}

// -----

// A module nested in the top one is not converted by the func.func-nested
// pipeline: no error there.
func.func @nothing() {
  return
}
module @inner {
  func.func @untouched(%a: memref<2xf32>, %b: memref<2xf32>, %p: i1) {
    bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%p, %p)
    return
  }
}

// -----

// But a file whose only op is a module has that module as its top (MLIR's
// rule), so its functions are converted.
module @alone {
  func.func @converted(%a: memref<2xf32>, %b: memref<2xf32>, %p: i1) {
    // expected-error @below {{library function required for generic lowering}}
    // expected-error @below {{failed to legalize operation 'bufferization.dealloc'}}
    bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%p, %p)
    return
  }
}
