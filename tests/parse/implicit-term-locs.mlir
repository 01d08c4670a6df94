// RUN: ir-asm %s | ir-dis --debuginfo --generic | FileCheck %s
// RUN: ir-asm %s | ir-dis --debuginfo | ir-asm | ir-dis --debuginfo --generic | FileCheck %s
// Terminators that custom syntax adds implicitly (scf.yield, affine.yield,
// shape.assuming_yield, scf.forall.in_parallel) take the op's location,
// also when a trailing `loc(...)` (even an alias defined further down)
// overrides it, so that `ir-dis --debuginfo`, which elides them, parses
// back to the same locations. (mlir-opt-22 leaves them at the position of
// the op name when a trailing location is given; the two agree otherwise.)
func.func @f(%c: i1, %lb: index, %w: !shape.witness) {
  scf.if %c {
    "test.foo"() : () -> ()
  } loc("if")
  affine.for %i = 0 to 4 {
  } loc(#fl)
  scf.forall (%i) in (%lb) {
  } loc("fa")
  shape.assuming %w {
  } loc("as")
  scf.if %c {
  }
  return
}
#fl = loc("for")

// CHECK:      "scf.if"
// CHECK-NEXT:   "test.foo"
// CHECK-NEXT:   "scf.yield"() : () -> () loc([[IF:#loc[0-9]+]])
// CHECK:      }) : (i1) -> () loc([[IF]])
// CHECK:        "affine.yield"() : () -> () loc([[FOR:#loc[0-9]+]])
// CHECK-NEXT: }) : () -> () loc([[FOR]])
// CHECK:        "scf.forall.in_parallel"
// CHECK:        }) : () -> () loc([[FA:#loc[0-9]+]])
// CHECK-NEXT: }) : (index) -> () loc([[FA]])
// CHECK:        "shape.assuming_yield"() : () -> () loc([[AS:#loc[0-9]+]])
// CHECK-NEXT: }) : (!shape.witness) -> () loc([[AS]])
// CHECK:        "scf.yield"() : () -> () loc([[IF2:#loc[0-9]+]])
// CHECK:      }) : (i1) -> () loc([[IF2]])
// CHECK-DAG:  [[IF]] = loc("if")
// CHECK-DAG:  [[FOR]] = loc("for")
// CHECK-DAG:  [[FA]] = loc("fa")
// CHECK-DAG:  [[AS]] = loc("as")
// CHECK-DAG:  [[IF2]] = loc("{{.*}}implicit-term-locs.mlir":19:3)
