// RUN: dd-own --only -S --split-input-file --private-function-dynamic-ownership %s | FileCheck %s
// RUN: dd-own --private-function-dynamic-ownership --split-input-file %s | dd-simplify | dd-lower | ir-run --check --strict --split-input-file -
// RUN: dd-own --only -S --split-input-file --private-function-dynamic-ownership %s | mlir-opt-22 --split-input-file > /dev/null
// REQUIRES: mlir-opt
// private-function-dynamic-ownership adds i1 ownership RESULTS to private
// functions, never i1 arguments (MLIR 22 and the function boundary ABI:
// a callee never takes ownership of its arguments). Some stored upstream
// tests expect an i1 argument per memref argument, under which the callee
// frees an argument the caller passes with ownership true while the caller
// still frees it too: a double free. Here the callee only reads and
// returns its argument; the caller frees its buffer exactly once.

func.func private @peek(%m: memref<2xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<2xf32>
  return %v : f32
}
func.func @owner_keeps(%x: f32) -> f32 {
  %a = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  memref.store %x, %a[%c0] : memref<2xf32>
  %v = call @peek(%a) : (memref<2xf32>) -> f32
  return %v : f32
}
// CHECK-LABEL: func.func private @peek
//  CHECK-SAME: (%[[M:.*]]: memref<2xf32>) -> f32 {
//  CHECK-NEXT:   %[[F:.*]] = arith.constant false
//       CHECK:   %[[MB:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[M]]
//  CHECK-NEXT:   bufferization.dealloc (%[[MB]] : memref<f32>) if (%[[F]]){{$}}
//  CHECK-NEXT:   return
// CHECK-LABEL: func.func @owner_keeps
//       CHECK:   %[[T:.*]] = arith.constant true
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   call @peek(%[[A]]) : (memref<2xf32>) -> f32
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[T]])
//  CHECK-NEXT:   return

// -----

// A private callee returning its argument hands it back without
// ownership (a false result); the caller's own ownership frees it.
func.func private @same(%m: memref<2xf32>) -> memref<2xf32> {
  return %m : memref<2xf32>
}
func.func @round_trip(%x: f32) -> f32 {
  %a = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  memref.store %x, %a[%c0] : memref<2xf32>
  %r = call @same(%a) : (memref<2xf32>) -> memref<2xf32>
  %v = memref.load %r[%c0] : memref<2xf32>
  return %v : f32
}
// CHECK-LABEL: func.func private @same
//  CHECK-SAME: (%[[M:.*]]: memref<2xf32>) -> (memref<2xf32>, i1)
//       CHECK:   %[[F:.*]] = arith.constant false
//       CHECK:   return %[[M]], %{{.*}} : memref<2xf32>, i1
// CHECK-LABEL: func.func @round_trip
//       CHECK:   %[[R:.*]]:2 = call @same(%{{.*}}) : (memref<2xf32>) -> (memref<2xf32>, i1)
//       CHECK:   bufferization.dealloc ({{.*}}) if (%{{.*}}, %[[R]]#1)
//  CHECK-NEXT:   return
