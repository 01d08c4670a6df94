// RUN: dd-own --only -S --split-input-file --allow-unregistered-dialect -verify-diagnostics %s
// RUN: dd-own --only -S --split-input-file --allow-unregistered-dialect --private-function-dynamic-ownership -verify-diagnostics %s
// Input the ownership pass does not support gets MLIR's diagnostic, at the
// op, and exit status 1 (no output).

func.func @existing_dealloc() {
  %t = arith.constant true
  %a = memref.alloc() : memref<2xi32>
  // expected-error @below {{No deallocation operations must be present when running this pass!}}
  bufferization.dealloc (%a : memref<2xi32>) if (%t)
  return
}

// -----

func.func @manual_free() {
  %a = memref.alloc() : memref<2xi32>
  // expected-error @below {{memory free side-effect on MemRef value not supported!}}
  memref.dealloc %a : memref<2xi32>
  return
}

// -----

func.func @realloc_without_expansion() {
  %a = memref.alloc() : memref<2xi32>
  // expected-error @below {{memory free side-effect on MemRef value not supported!}}
  %b = memref.realloc %a : memref<2xi32> to memref<4xi32>
  return
}

// -----

func.func @unknown_effects(%m: memref<2xf32>) {
  // expected-error @below {{ops with unknown memory side effects are not supported}}
  "my.op"(%m) : (memref<2xf32>) -> ()
  return
}

// -----

func.func @unknown_region_semantics() {
  // expected-error @below {{All operations with attached regions need to implement the RegionBranchOpInterface.}}
  %0 = "test.one_region_with_recursive_memory_effects"() ({
    %a = memref.alloc() : memref<2xi32>
    "test.return"(%a) : (memref<2xi32>) -> ()
  }) : () -> (memref<2xi32>)
  return
}

// -----

func.func @switch(%i: i32, %m: memref<2xf32>) {
  // expected-error @below {{Terminators with more than one successor are not supported!}}
  cf.switch %i : i32, [
    default: ^bb1(%m : memref<2xf32>),
    42: ^bb2
  ]
^bb1(%x: memref<2xf32>):
  return
^bb2:
  return
}

// -----

// The second error is MLIR's too: the first check to fail wins.
func.func @first_error_wins() {
  %a = memref.alloc() : memref<2xi32>
  // expected-error @below {{memory free side-effect on MemRef value not supported!}}
  memref.dealloc %a : memref<2xi32>
  "my.op"(%a) : (memref<2xi32>) -> ()
  return
}
