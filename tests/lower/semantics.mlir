// RUN: ir-run --check --strict %s
// RUN: dd-lower --only %s | ir-run --check --strict
// RUN: dd-lower --only %s | ir-dis | mlir-opt-22 --verify-each -o /dev/null
// REQUIRES: mlir-opt
// The lowerings keep the meaning of bufferization.dealloc: each function
// below frees every buffer it allocates exactly once on every path (ir-run
// --check runs it for every value of its i1 arguments and loop counts
// 0..3), before the lowering and after it. The deallocs free aliasing
// memrefs once, keep memrefs that a retained value aliases (a view too),
// and their ownership results decide later frees, so a wrong comparison
// or ownership shows up as a leak or a double free.

// Complementary conditions: exactly one of the two frees happens.
func.func @either(%p: i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %np = arith.xori %p, %true : i1
  bufferization.dealloc (%a : memref<4xf32>) if (%p)
  bufferization.dealloc (%a : memref<4xf32>) if (%np)
  return
}

// The same buffer twice: freed once (the first decides).
func.func @twice(%p: i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<8xf32>
  bufferization.dealloc (%a, %b, %a : memref<4xf32>, memref<8xf32>, memref<4xf32>) if (%true, %true, %p)
  return
}

// One memref, retained values: a view of it keeps it alive, and the
// ownership the view gets is what frees it later.
func.func @one_kept(%p: i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %x = memref.alloc() : memref<2xf32>
  %v = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %o:2 = bufferization.dealloc (%a : memref<4xf32>) if (%p) retain (%x, %v : memref<2xf32>, memref<2xf32, strided<[1], offset: 1>>)
  bufferization.dealloc (%a : memref<4xf32>) if (%o#1)
  %np = arith.xori %p, %true : i1
  bufferization.dealloc (%a : memref<4xf32>) if (%np)
  %nx = arith.xori %o#0, %true : i1
  bufferization.dealloc (%x : memref<2xf32>) if (%nx)
  return
}

// One memref, nothing aliases the retained value: freed on the spot, and
// the retained value gets no ownership.
func.func @one_free(%p: i1) {
  %a = memref.alloc() : memref<4xf32>
  %x = memref.alloc() : memref<4xf32>
  %o = bufferization.dealloc (%a : memref<4xf32>) if (%p) retain (%x : memref<4xf32>)
  %true = arith.constant true
  %np = arith.xori %p, %true : i1
  bufferization.dealloc (%a : memref<4xf32>) if (%np)
  %no = arith.xori %o, %true : i1
  bufferization.dealloc (%x : memref<4xf32>) if (%no)
  return
}

// The general case: three memrefs, two retained (a view of the first, and
// the second itself); the ownerships free them afterwards.
func.func @general(%p: i1, %q: i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %c = memref.alloc() : memref<2xf32>
  %va = memref.subview %a[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %r:2 = bufferization.dealloc (%a, %b, %c : memref<4xf32>, memref<4xf32>, memref<2xf32>) if (%p, %true, %true) retain (%va, %b : memref<2xf32, strided<[1]>>, memref<4xf32>)
  bufferization.dealloc (%a : memref<4xf32>) if (%r#0)
  %np = arith.xori %p, %true : i1
  bufferization.dealloc (%a : memref<4xf32>) if (%np)
  %s = arith.andi %r#1, %q : i1
  %ns = arith.xori %s, %true : i1
  bufferization.dealloc (%b : memref<4xf32>) if (%s)
  bufferization.dealloc (%b : memref<4xf32>) if (%ns)
  return
}

// Deallocs in a loop and in both branches of an scf.if.
func.func @loop(%n: index, %p: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<4xf32>
    %b = memref.alloc() : memref<4xf32>
    scf.if %p {
      bufferization.dealloc (%a, %b : memref<4xf32>, memref<4xf32>) if (%true, %true)
    } else {
      %o = bufferization.dealloc (%a : memref<4xf32>) if (%true) retain (%b : memref<4xf32>)
      bufferization.dealloc (%b : memref<4xf32>) if (%true)
    }
  }
  return
}

// Nothing to free: the ownership of a retained value is false.
func.func @nothing() {
  %a = memref.alloc() : memref<4xf32>
  %o = bufferization.dealloc retain (%a : memref<4xf32>)
  scf.if %o {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %a : memref<4xf32>
  return
}
