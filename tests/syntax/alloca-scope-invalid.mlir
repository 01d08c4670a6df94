// RUN: ir-asm --allow-unregistered-dialect --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// memref.alloca needs an ancestor that frees it: an op with MLIR's
// AutomaticAllocationScope trait (func.func, scf.for, scf.parallel,
// scf.forall, affine.for). scf.if, scf.execute_region, the module, the
// test dialect's region ops and unregistered ops do not have it.

// expected-error @+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
%a = memref.alloca() : memref<f32>

// -----

%c = "test.val"() : () -> i1
scf.if %c {
  // expected-error @+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
  %a = memref.alloca() : memref<f32>
}

// -----

"test.op"() ({
  // expected-error @+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
  %a = memref.alloca() : memref<f32>
  "test.end"() : () -> ()
}) : () -> ()

// -----

%r = "test.one_region_with_recursive_memory_effects"() ({
  // expected-error @+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
  %a = memref.alloca() : memref<f32>
  "test.return"(%a) : (memref<f32>) -> ()
}) : () -> memref<f32>

// -----

// Each of these has a scope above its alloca.
%n = "test.val"() : () -> index
scf.parallel (%i) = (%n) to (%n) step (%n) {
  %a = memref.alloca() : memref<f32>
  scf.reduce
}
scf.forall (%i) in (%n) {
  %a = memref.alloca() : memref<f32>
}
affine.for %i = 0 to 4 {
  %a = memref.alloca() : memref<f32>
}
scf.for %i = %n to %n step %n {
  %a = memref.alloca() : memref<f32>
}
func.func @f(%c: i1) {
  scf.if %c {
    %a = memref.alloca() : memref<f32>
  }
  return
}
