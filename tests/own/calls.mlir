// RUN: dd-own --only -S --split-input-file %s | FileCheck %s
// RUN: dd-own --only -S --split-input-file --private-function-dynamic-ownership %s | FileCheck %s --check-prefix=DYN
// RUN: dd-own --only -S --split-input-file --private-function-dynamic-ownership %s | mlir-opt-22 --split-input-file > /dev/null
// RUN: dd-own --only --split-input-file --stats %s -o %t 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: dd-own --only --split-input-file --stats --private-function-dynamic-ownership %s -o %t 2>&1 | FileCheck %s --check-prefix=DSTATS
// REQUIRES: mlir-opt
// STATS: dd-own: 7 functions: 7 deallocs (15 memrefs, 5 retained), 2 clones, 0 ownership arguments, 0 ownership results
// DSTATS: dd-own: 7 functions: 7 deallocs (14 memrefs, 5 retained), 1 clones, 0 ownership arguments, 2 ownership results
// Calls: by the function boundary ABI the caller owns every memref a call
// returns. With --private-function-dynamic-ownership, a private function
// defined in the module returns an ownership indicator (an extra i1 result)
// with each memref instead, and its callers use it; public functions and
// declarations keep the ABI.

func.func private @pick(%a: memref<4xf32>, %b: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %r = arith.select %c, %a, %b : memref<4xf32>
  return %r : memref<4xf32>
}
func.func private @external(memref<4xf32>) -> memref<4xf32>

func.func @caller(%c: i1) {
  %x = memref.alloc() : memref<4xf32>
  %y = call @pick(%x, %x, %c) : (memref<4xf32>, memref<4xf32>, i1) -> memref<4xf32>
  %z = call @external(%y) : (memref<4xf32>) -> memref<4xf32>
  test.copy(%y, %z) : (memref<4xf32>, memref<4xf32>)
  return
}

// The callee returns an argument: cloned at run time under the ABI (the
// selected ownership is false), passed on with its ownership when dynamic.
// CHECK-LABEL: func.func private @pick
//       CHECK:   scf.if
//       CHECK:     bufferization.clone
//       CHECK:   return %{{.*}} : memref<4xf32>
// DYN-LABEL: func.func private @pick
//  DYN-SAME: -> (memref<4xf32>, i1)
//   DYN-NOT:   bufferization.clone
//       DYN:   %[[D:.*]] = bufferization.dealloc
//  DYN-NEXT:   return %{{.*}}, %[[D]] : memref<4xf32>, i1

// CHECK-LABEL: func.func @caller
//       CHECK:   %[[X:.*]] = memref.alloc()
//  CHECK-NEXT:   %[[T1:.*]] = arith.constant true
//  CHECK-NEXT:   %[[Y:.*]] = call @pick(%[[X]], %[[X]], %{{.*}}) : (memref<4xf32>, memref<4xf32>, i1) -> memref<4xf32>
//  CHECK-NEXT:   %[[T2:.*]] = arith.constant true
//  CHECK-NEXT:   %[[Z:.*]] = call @external(%[[Y]])
//  CHECK-NEXT:   test.copy
//       CHECK:   bufferization.dealloc ({{.*}}) if (%{{.*}}, %[[T1]], %[[T2]])
//  CHECK-NEXT:   return

// DYN-LABEL: func.func @caller
//       DYN:   %[[Y:.*]]:2 = call @pick(%{{.*}}) : (memref<4xf32>, memref<4xf32>, i1) -> (memref<4xf32>, i1)
//  DYN-NEXT:   %[[T2:.*]] = arith.constant true
//  DYN-NEXT:   %[[Z:.*]] = call @external(%[[Y]]#0) : (memref<4xf32>) -> memref<4xf32>
//       DYN:   bufferization.dealloc ({{.*}}) if (%{{.*}}, %[[Y]]#1, %[[T2]])

// -----

// A public function keeps the ABI even with dynamic ownership; so does a
// call of it.
func.func @pub(%a: memref<2xi8>) -> memref<2xi8> {
  return %a : memref<2xi8>
}
func.func private @user() -> memref<2xi8> {
  %m = memref.alloc() : memref<2xi8>
  %r = call @pub(%m) : (memref<2xi8>) -> memref<2xi8>
  return %r : memref<2xi8>
}
// DYN-LABEL: func.func @pub
//  DYN-SAME: -> memref<2xi8>
//       DYN:   bufferization.clone
// DYN-LABEL: func.func private @user
//  DYN-SAME: -> (memref<2xi8>, i1)
//       DYN:   %[[R:.*]] = call @pub(%{{.*}}) : (memref<2xi8>) -> memref<2xi8>
//       DYN:   %[[D:.*]] = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[R]] : memref<2xi8>)
//  DYN-NEXT:   return %[[R]], %[[D]] : memref<2xi8>, i1

// -----

// Calls resolve in the nearest symbol table: a private function of a
// nested module passes ownership dynamically to its callers there.
module @outer {
  module @inner {
    func.func private @make(%a: memref<2xf32>) -> memref<2xf32> {
      %b = memref.alloc() : memref<2xf32>
      return %b : memref<2xf32>
    }
    func.func @use() {
      %x = memref.alloc() : memref<2xf32>
      %y = func.call @make(%x) : (memref<2xf32>) -> memref<2xf32>
      return
    }
  }
}
// DYN-LABEL: func.func private @make
//  DYN-SAME: -> (memref<2xf32>, i1)
// DYN-LABEL: func.func @use
//       DYN:   %[[Y:.*]]:2 = call @make(%{{.*}}) : (memref<2xf32>) -> (memref<2xf32>, i1)
//       DYN:   bufferization.dealloc ({{.*}}) if (%{{.*}}, %[[Y]]#1)

// -----

// Code no path reaches is left alone, except what keeps the output valid:
// there, a call of a function that now returns ownerships gets those
// results, and the function's own return gives `false` ownerships.
func.func private @make() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  return %a : memref<2xf32>
^dead:
  %b = scf.execute_region -> memref<2xf32> {
    %d = func.call @make() : () -> memref<2xf32>
    scf.yield %d : memref<2xf32>
  }
  return %b : memref<2xf32>
}
// DYN-LABEL: func.func private @make() -> (memref<2xf32>, i1)
//       DYN: ^bb1:
//  DYN-NEXT:   %[[B:.*]] = scf.execute_region -> memref<2xf32> {
//  DYN-NEXT:     %[[D:.*]]:2 = func.call @make() : () -> (memref<2xf32>, i1)
//  DYN-NEXT:     scf.yield %[[D]]#0 : memref<2xf32>
//  DYN-NEXT:   }
//  DYN-NEXT:   %[[F:.*]] = arith.constant false
//  DYN-NEXT:   return %[[B]], %[[F]] : memref<2xf32>, i1
