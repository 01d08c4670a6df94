// A small bufferized program of the kind the deallocation pipeline is for:
// buffers are allocated (memref.alloc) but never freed. The pipeline frees
// each exactly once on every path:
//   B=build/bin; $B/ir-asm examples/dealloc.mlir | $B/dd-own | $B/dd-simplify |
//     $B/dd-lower | $B/ir-dis
// and ir-run proves it: `$B/ir-run --check examples/dealloc.mlir` reports
// the leaks of the input; on the pipeline's output it reports every function
// clean.

// A buffer allocated on one branch of a conditional branch, passed on to a
// common successor.
func.func @branch(%cond: i1, %arg: memref<2xf32>, %out: memref<2xf32>) {
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg : memref<2xf32>)
^bb2:
  %0 = memref.alloc() : memref<2xf32>
  test.buffer_based in(%arg : memref<2xf32>) out(%0 : memref<2xf32>)
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%1: memref<2xf32>):
  test.copy(%1, %out) : (memref<2xf32>, memref<2xf32>)
  return
}

// A loop that replaces its iteration buffer on every trip.
func.func @loop(%lb: index, %ub: index, %step: index, %buf: memref<2xf32>,
                %res: memref<2xf32>) {
  %0 = scf.for %i = %lb to %ub step %step iter_args(%it = %buf) -> memref<2xf32> {
    %1 = arith.cmpi eq, %i, %lb : index
    %2 = scf.if %1 -> memref<2xf32> {
      %3 = memref.alloc() : memref<2xf32>
      scf.yield %3 : memref<2xf32>
    } else {
      scf.yield %it : memref<2xf32>
    }
    scf.yield %2 : memref<2xf32>
  }
  test.copy(%0, %res) : (memref<2xf32>, memref<2xf32>)
  return
}

// A function returning a fresh buffer, and a caller that drops a view of it.
func.func private @make(%n: index) -> memref<?xf32> {
  %0 = memref.alloc(%n) : memref<?xf32>
  %c0 = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  memref.store %c0, %0[%c1] : memref<?xf32>
  return %0 : memref<?xf32>
}

func.func @caller(%n: index) -> f32 {
  %c5 = arith.constant 5 : index
  %size = arith.addi %n, %c5 : index
  %0 = call @make(%size) : (index) -> memref<?xf32>
  %c1 = arith.constant 1 : index
  %1 = memref.subview %0[%c1] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
  %c0 = arith.constant 0 : index
  %2 = memref.load %1[%c0] : memref<4xf32, strided<[1], offset: ?>>
  return %2 : f32
}
