// RUN: ir-canon -S --allow-unregistered-dialect %s | FileCheck %s
// RUN: mlir-opt -canonicalize --allow-unregistered-dialect %s | FileCheck %s
// REQUIRES: mlir-opt
// The strides of an identity layout, as the folders see them. Inside a
// dimension of size 0 (or ?) a stride is dynamic, not 0; a product past
// 2^63 wraps, as it does in mlir-opt-22 (it overflowed a signed int64
// here, which the sanitized build stopped at).

// CHECK-LABEL: func @zero_dim
//   CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG:   %[[C5:.*]] = arith.constant 5 : index
//   CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : index
//       CHECK:   %{{.*}}, %{{.*}}, %{{.*}}:3, %[[ST:.*]]:3 = memref.extract_strided_metadata
//       CHECK:   return %[[C0]], %[[ST]]#0, %[[C5]], %[[C1]]
func.func @zero_dim(%m: memref<3x0x5xf32>) -> (index, index, index, index) {
  %b, %o, %s:3, %t:3 = memref.extract_strided_metadata %m : memref<3x0x5xf32> -> memref<f32>, index, index, index, index, index, index, index
  return %o, %t#0, %t#1, %t#2 : index, index, index, index
}

// CHECK-LABEL: func @wraps
//   CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG:   %[[W:.*]] = arith.constant 1864711849423024129 : index
//   CHECK-DAG:   %[[N:.*]] = arith.constant 99999999999 : index
//   CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : index
//       CHECK:   return %[[C0]], %[[W]], %[[N]], %[[C1]]
func.func @wraps(%m: memref<99999999999x99999999999x99999999999xf32>) -> (index, index, index, index) {
  %b, %o, %s:3, %t:3 = memref.extract_strided_metadata %m : memref<99999999999x99999999999x99999999999xf32> -> memref<f32>, index, index, index, index, index, index, index
  return %o, %t#0, %t#1, %t#2 : index, index, index, index
}

// A cast between two such types folds into its user as before.
// CHECK-LABEL: func @cast_wraps
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4x99999999999x99999999999xf32>
//       CHECK:   memref.load %[[A]]
func.func @cast_wraps(%i: index) -> f32 {
  %a = memref.alloc() : memref<4x99999999999x99999999999xf32>
  %c = memref.cast %a : memref<4x99999999999x99999999999xf32> to memref<?x99999999999x99999999999xf32>
  %v = memref.load %c[%i, %i, %i] : memref<?x99999999999x99999999999xf32>
  return %v : f32
}

// Constant subview operands fold one list at a time (offsets first), and
// only while the slice stays inside the source: [%c3] [%c2] keeps its
// size, [3] [2] of memref<4xf32> would leave it; [%c5] stays as it is.
// CHECK-LABEL: func @subview_lists
//   CHECK-DAG:   %[[C5:.*]] = arith.constant 5 : index
//   CHECK-DAG:   %[[C2:.*]] = arith.constant 2 : index
//       CHECK:   %[[S:.*]] = memref.subview %{{.*}}[%[[C5]]] [1] [1] : memref<4xf32> to memref<1xf32, strided<[1], offset: ?>>
//       CHECK:   %[[T:.*]] = memref.subview %{{.*}}[3] [%[[C2]]] [1] : memref<4xf32> to memref<?xf32, strided<[1], offset: 3>>
//       CHECK:   %[[TC:.*]] = memref.cast %[[T]]
//       CHECK:   %[[U:.*]] = memref.subview %{{.*}}[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
//       CHECK:   %[[UC:.*]] = memref.cast %[[U]]
//       CHECK:   "test.use"(%[[TC]], %[[UC]])
//       CHECK:   return %[[S]]
func.func @subview_lists(%m: memref<4xf32>) -> memref<1xf32, strided<[1], offset: ?>> {
  %c5 = arith.constant 5 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %s = memref.subview %m[%c5] [1] [1] : memref<4xf32> to memref<1xf32, strided<[1], offset: ?>>
  %t = memref.subview %m[%c3] [%c2] [1] : memref<4xf32> to memref<?xf32, strided<[1], offset: ?>>
  %u = memref.subview %m[%c2] [%c2] [1] : memref<4xf32> to memref<?xf32, strided<[1], offset: ?>>
  "test.use"(%t, %u) : (memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) -> ()
  return %s : memref<1xf32, strided<[1], offset: ?>>
}
