// RUN: ir-run %s --entry ints --arg 7 --arg=-3 | FileCheck %s --check-prefix=INTS
// RUN: ir-run %s --entry narrow --arg 200 --arg 100 | FileCheck %s --check-prefix=NARROW
// RUN: ir-run %s --entry cmp --arg=-1 --arg 1 | FileCheck %s --check-prefix=CMP
// RUN: ir-run %s --entry casts --arg=-2 | FileCheck %s --check-prefix=CASTS
// RUN: ir-run %s --entry floats --arg 1.5 --arg=-0.25 | FileCheck %s --check-prefix=FLOATS
// RUN: ir-run %s --entry fcmp --arg 1.0 | FileCheck %s --check-prefix=FCMP
// RUN: ir-run %s --entry fconv --arg 3.75 | FileCheck %s --check-prefix=FCONV
// RUN: ir-run %s --entry poison --arg 70 | FileCheck %s --check-prefix=POISON
// RUN: not ir-run %s --entry divide --arg 5 --arg 0 | FileCheck %s --check-prefix=DIVZERO
// RUN: not ir-run %s --entry sdiv_overflow | FileCheck %s --check-prefix=OVERFLOW
// Scalar semantics of arith / math / index ops: integers wrap at their
// width, signed ops read the bits as two's complement, floats round to
// their type after every op; division by zero is undefined behaviour.

// INTS: result #0: 4 : index
// INTS-NEXT: result #1: 10 : index
// INTS-NEXT: result #2: -21 : index
// INTS-NEXT: result #3: -2 : index
// INTS-NEXT: result #4: -2 : index
// INTS-NEXT: result #5: -3 : index
// INTS-NEXT: result #6: 1 : index
// INTS-NEXT: result #7: -3 : index
// INTS-NEXT: result #8: 7 : index
// INTS-NEXT: result #9: 5 : index
// INTS-NEXT: result #10: -1 : index
// INTS-NEXT: result #11: -6 : index
// INTS-NEXT: result #12: 28 : index
// INTS-NEXT: result #13: 1 : index
// INTS-NEXT: result #14: 1 : index
// INTS-NEXT: ir-run: @ints: clean
func.func @ints(%a: index, %b: index) -> (index, index, index, index, index,
    index, index, index, index, index, index, index, index, index, index) {
  %c2 = arith.constant 2 : index
  %0 = arith.addi %a, %b : index
  %1 = arith.subi %a, %b : index
  %2 = arith.muli %a, %b : index
  %3 = arith.divsi %a, %b : index
  %4 = arith.ceildivsi %a, %b : index
  %5 = arith.floordivsi %a, %b : index
  %6 = arith.remsi %a, %b : index
  %7 = arith.minsi %a, %b : index
  %8 = arith.maxsi %a, %b : index
  %9 = arith.andi %a, %b : index
  %10 = arith.ori %a, %b : index
  %11 = arith.xori %a, %b : index
  %12 = arith.shli %a, %c2 : index
  %13 = arith.shrsi %a, %c2 : index
  %14 = arith.shrui %a, %c2 : index
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14
    : index, index, index, index, index, index, index, index, index, index,
      index, index, index, index, index
}

// i8: 200 is -56; sums wrap; unsigned ops see 200 and 100.
// NARROW: result #0: 44 : i8
// NARROW-NEXT: result #1: 100 : i8
// NARROW-NEXT: result #2: -56 : i8
// NARROW-NEXT: result #3: 0 : i8
// NARROW-NEXT: result #4: 2 : i8
// NARROW-NEXT: result #5: -28 : i8
// NARROW-NEXT: result #6: -112 : i8
func.func @narrow(%x: index, %y: index) -> (i8, i8, i8, i8, i8, i8, i8) {
  %a = arith.index_cast %x : index to i8
  %b = arith.index_cast %y : index to i8
  %c1 = arith.constant 1 : i8
  %0 = arith.addi %a, %b : i8
  %1 = arith.minui %a, %b : i8
  %2 = arith.maxui %a, %b : i8
  %3 = arith.divsi %a, %b : i8
  %4 = arith.divui %a, %b : i8
  %5 = arith.shrsi %a, %c1 : i8
  %6 = arith.shli %a, %c1 : i8
  return %0, %1, %2, %3, %4, %5, %6 : i8, i8, i8, i8, i8, i8, i8
}

// CMP: result #0: false : i1
// CMP-NEXT: result #1: true : i1
// CMP-NEXT: result #2: true : i1
// CMP-NEXT: result #3: true : i1
// CMP-NEXT: result #4: false : i1
// CMP-NEXT: result #5: false : i1
// CMP-NEXT: result #6: false : i1
// CMP-NEXT: result #7: false : i1
// CMP-NEXT: result #8: true : i1
// CMP-NEXT: result #9: true : i1
// CMP-NEXT: result #10: 1 : index
func.func @cmp(%a: index, %b: index) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, index) {
  %0 = arith.cmpi eq, %a, %b : index
  %1 = arith.cmpi ne, %a, %b : index
  %2 = arith.cmpi slt, %a, %b : index
  %3 = arith.cmpi sle, %a, %b : index
  %4 = arith.cmpi sgt, %a, %b : index
  %5 = arith.cmpi sge, %a, %b : index
  %6 = arith.cmpi ult, %a, %b : index
  %7 = arith.cmpi ule, %a, %b : index
  %8 = arith.cmpi ugt, %a, %b : index
  %9 = arith.cmpi uge, %a, %b : index
  %10 = arith.select %2, %b, %a : index
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10
    : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, index
}

// CASTS: result #0: -2 : i32
// CASTS-NEXT: result #1: -2 : i64
// CASTS-NEXT: result #2: 4294967294 : i64
// CASTS-NEXT: result #3: -2 : i16
// CASTS-NEXT: result #4: 4294967294 : index
// CASTS-NEXT: result #5: -2.0 : f32
// CASTS-NEXT: result #6: 4.2949673e+09 : f32
// CASTS-NEXT: result #7: false : i1
func.func @casts(%x: index) -> (i32, i64, i64, i16, index, f32, f32, i1) {
  %0 = arith.index_cast %x : index to i32
  %1 = arith.extsi %0 : i32 to i64
  %2 = arith.extui %0 : i32 to i64
  %3 = arith.trunci %1 : i64 to i16
  %4 = arith.index_castui %0 : i32 to index
  %5 = arith.sitofp %0 : i32 to f32
  %6 = arith.uitofp %0 : i32 to f32
  %7 = arith.trunci %0 : i32 to i1
  return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i64, i64, i16, index, f32, f32, i1
}

// FLOATS: result #0: 1.25 : f32
// FLOATS-NEXT: result #1: 1.75 : f32
// FLOATS-NEXT: result #2: -0.375 : f32
// FLOATS-NEXT: result #3: -6.0 : f32
// FLOATS-NEXT: result #4: -1.5 : f32
// FLOATS-NEXT: result #5: -0.25 : f32
// FLOATS-NEXT: result #6: 1.5 : f32
// FLOATS-NEXT: result #7: 4.481689 : f32
// FLOATS-NEXT: result #8: 2.0 : f32
// FLOATS-NEXT: result #9: 0.1 : f32
// FLOATS-NEXT: result #10: 0.1 : f64
// FLOATS-NEXT: result #11: 0.10000000149011612 : f64
func.func @floats(%a: f32, %b: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32,
                                       f32, f32, f64, f64) {
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %a, %b : f32
  %2 = arith.mulf %a, %b : f32
  %3 = arith.divf %a, %b : f32
  %4 = arith.negf %a : f32
  %5 = arith.minimumf %a, %b : f32
  %6 = arith.maximumf %a, %b : f32
  %7 = math.exp %a : f32
  %8 = math.ceil %a : f32
  %tenth = arith.constant 0.1 : f32
  %d = arith.constant 0.1 : f64
  %e = arith.extf %tenth : f32 to f64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %tenth, %d, %e
    : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f64, f64
}

// Ordered predicates are false on NaN, unordered ones true.
// FCMP: result #0: true : i1
// FCMP-NEXT: result #1: false : i1
// FCMP-NEXT: result #2: true : i1
// FCMP-NEXT: result #3: false : i1
// FCMP-NEXT: result #4: true : i1
// FCMP-NEXT: result #5: true : i1
// FCMP-NEXT: result #6: nan : f32
func.func @fcmp(%a: f32) -> (i1, i1, i1, i1, i1, i1, f32) {
  %zero = arith.constant 0.0 : f32
  %nan = arith.divf %zero, %zero : f32
  %0 = arith.cmpf oeq, %a, %a : f32
  %1 = arith.cmpf oeq, %nan, %nan : f32
  %2 = arith.cmpf une, %nan, %nan : f32
  %3 = arith.cmpf ord, %a, %nan : f32
  %4 = arith.cmpf uno, %a, %nan : f32
  %5 = arith.cmpf ogt, %a, %zero : f32
  %6 = arith.maximumf %a, %nan : f32
  return %0, %1, %2, %3, %4, %5, %6 : i1, i1, i1, i1, i1, i1, f32
}

// FCONV: result #0: 3 : i32
// FCONV-NEXT: result #1: 3.75 : f16
// FCONV-NEXT: result #2: 3.75 : bf16
// FCONV-NEXT: result #3: 0 : i8
// FCONV-NEXT: result #4: 3.0 : f64
func.func @fconv(%a: f32) -> (i32, f16, bf16, i8, f64) {
  %0 = arith.fptosi %a : f32 to i32
  %1 = arith.truncf %a : f32 to f16
  %2 = arith.truncf %a : f32 to bf16
  %big = arith.constant 1000.0 : f32
  %3 = arith.fptoui %big : f32 to i8
  %4 = arith.sitofp %0 : i32 to f64
  return %0, %1, %2, %3, %4 : i32, f16, bf16, i8, f64
}

// Shifts by the width or more give poison, which reads as 0.
// POISON: result #0: 0 : i32
// POISON-NEXT: result #1: 0 : i32
// POISON-NEXT: ir-run: @poison: clean
func.func @poison(%s: index) -> (i32, i32) {
  %one = arith.constant 1 : i32
  %n = arith.index_cast %s : index to i32
  %0 = arith.shli %one, %n : i32
  %1 = arith.shrui %one, %n : i32
  return %0, %1 : i32, i32
}

// DIVZERO: arith.mlir:[[@LINE+3]]:8: error: undefined-behavior: division by zero
// DIVZERO: ir-run: @divide: 1 error
func.func @divide(%a: index, %b: index) -> index {
  %0 = arith.divui %a, %b : index
  return %0 : index
}

// OVERFLOW: arith.mlir:[[@LINE+4]]:8: error: undefined-behavior: signed division overflows
func.func @sdiv_overflow() -> i8 {
  %min = arith.constant -128 : i8
  %m1 = arith.constant -1 : i8
  %0 = arith.divsi %min, %m1 : i8
  return %0 : i8
}
