// RUN: ir-asm --split-input-file %s | ir-dis | FileCheck %s
// RUN: ir-asm --split-input-file %s -o %t.irb && cat %t.irb %t.irb | ir-dis | FileCheck %s --check-prefix=TWICE
// RUN: ir-asm --split-input-file %s | ir-stat | FileCheck %s --check-prefix=STAT
// RUN: ir-asm --split-input-file %s | ir-dis --debuginfo | FileCheck %s --check-prefix=LOC
// A text file split in two modules becomes a stream of two frames; ir-dis
// prints them separated by a `// -` `----` line; streams concatenate.
// (The marker itself must not appear in this file but as a separator.)

func.func @first(%arg0: index) -> memref<?xf32> {
  %0 = memref.alloc(%arg0) : memref<?xf32>
  return %0 : memref<?xf32>
}

// -----

func.func @second() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}

// CHECK-LABEL: func.func @first
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: {{^}}// {{-----$}}
// CHECK-LABEL: func.func @second
// CHECK: memref.dealloc

// TWICE-COUNT-3: {{^}}// {{-----$}}
// TWICE-NOT: {{^}}// {{-----$}}

// STAT: module 1: {{[0-9]+}} ops
// STAT: memref.alloc
// STAT: module 2: {{[0-9]+}} ops
// STAT-DAG: 1 memref.alloc
// STAT-DAG: 1 memref.dealloc

// The original file and line survive bytecode (line 10 is the alloc of @first,
// line 17 the alloc of @second).
// (Locations print as aliases, `loc(#locN)`, defined at the end.)
// LOC-DAG: loc("{{.*}}stream.mlir":10:8)
// LOC-DAG: loc("{{.*}}stream.mlir":17:8)
