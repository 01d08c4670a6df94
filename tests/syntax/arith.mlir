// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | ir-asm | ir-dis | FileCheck %s
// Custom syntax of the arith, math and index ops: constants and their names,
// overflow / exact / fastmath flags, predicates, select, casts.
// (CHECK lines are mlir-opt-22's output for this file.)
func.func @constants() {
  %c0 = arith.constant 0 : index
  %c42 = arith.constant 42 : i32
  %m1 = arith.constant -1 : i64
  %t = arith.constant true
  %fl = arith.constant false
  %t1 = arith.constant 1 : i1
  %f = arith.constant 1.0 : f32
  %f2 = arith.constant 1.5 : f64
  %d = arith.constant dense<1> : tensor<4xi32>
  %dv = arith.constant dense<[1.0, 2.0]> : vector<2xf32>
  %i8 = arith.constant 255 : i8
  %neg = arith.constant -3 : index
  %def = arith.constant 5
  %deff = arith.constant 1.0
  %z64 = arith.constant 0 : i64
  %nan = arith.constant 0x7FC00000 : f32
  %at = arith.constant {test.foo} 4 : index
  %i0 = index.constant 5
  %i1 = index.constant -4
  %i2 = index.constant {test.bar} 27
  return
}
func.func @ops(%a: i32, %b: i32, %f: f32, %g: f64, %v: vector<4xi32>, %vc: vector<4xi1>, %t: tensor<?xi32>, %c: i1) {
  %0 = arith.addi %a, %b overflow<nsw> : i32
  %1 = arith.addi %a, %b : i32
  %2 = arith.addi %a, %b overflow<nuw, nsw> : i32
  %3 = arith.subi %a, %b overflow<nuw> : i32
  %4 = arith.muli %a, %b {test.x} : i32
  %5 = arith.shli %a, %b overflow<nsw, nuw> : i32
  %6 = arith.divsi %a, %b : i32
  %7 = arith.divui %a, %b exact : i32
  %8 = arith.shrsi %a, %b exact : i32
  %9 = arith.shrui %a, %b : i32
  %10 = arith.ceildivsi %a, %b : i32
  %11 = arith.floordivsi %a, %b : i32
  %12 = arith.remsi %a, %b : i32
  %13 = arith.remui %a, %b : i32
  %14 = arith.minsi %a, %b : i32
  %15 = arith.maxsi %a, %b : i32
  %16 = arith.minui %a, %b : i32
  %17 = arith.maxui %a, %b : i32
  %18 = arith.andi %a, %b : i32
  %19 = arith.ori %a, %b : i32
  %20 = arith.xori %v, %v : vector<4xi32>
  %21 = arith.addf %f, %f fastmath<fast> : f32
  %22 = arith.subf %f, %f : f32
  %23 = arith.mulf %f, %f fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %24 = arith.divf %f, %f fastmath<nnan,ninf> : f32
  %25 = arith.negf %f fastmath<fast> : f32
  %26 = arith.minimumf %f, %f : f32
  %27 = arith.maximumf %f, %f fastmath<contract> : f32
  %28 = arith.cmpi slt, %a, %b : i32
  %29 = arith.cmpi eq, %v, %v : vector<4xi32>
  %30 = arith.cmpi uge, %t, %t : tensor<?xi32>
  %31 = arith.cmpf olt, %f, %f : f32
  %32 = arith.cmpf "uno", %f, %f fastmath<fast> : f32
  %33 = arith.select %c, %a, %b : i32
  %34 = arith.select %vc, %v, %v : vector<4xi1>, vector<4xi32>
  %35 = arith.index_cast %a : i32 to index
  %36 = arith.index_castui %35 : index to i64
  %37 = arith.extui %a : i32 to i64
  %38 = arith.extsi %a : i32 to i64
  %39 = arith.trunci %a : i32 to i8
  %40 = arith.trunci %a overflow<nuw> : i32 to i8
  %41 = arith.sitofp %a : i32 to f32
  %42 = arith.uitofp %a : i32 to f64
  %43 = arith.fptosi %f : f32 to i32
  %44 = arith.fptoui %f : f32 to i64
  %45 = arith.extf %f : f32 to f64
  %46 = arith.extf %f fastmath<fast> : f32 to f64
  %47 = arith.truncf %g : f64 to f32
  %48 = arith.truncf %g to_nearest_even fastmath<nnan,ninf> : f64 to f32
  %49 = arith.truncf %g downward : f64 to f32
  %50 = math.exp %f : f32
  %51 = math.exp %f fastmath<nnan> : f32
  %52 = math.ceil %f : f32
  %53 = arith.cmpi ne, %a, %b {test.y} : i32
  return
}

// CHECK: module {
// CHECK-NEXT:   func.func @constants() {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c42_i32 = arith.constant 42 : i32
// CHECK-NEXT:     %c-1_i64 = arith.constant -1 : i64
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     %true_0 = arith.constant true
// CHECK-NEXT:     %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:     %cst_1 = arith.constant 1.500000e+00 : f64
// CHECK-NEXT:     %cst_2 = arith.constant dense<1> : tensor<4xi32>
// CHECK-NEXT:     %cst_3 = arith.constant dense<[1.000000e+00, 2.000000e+00]> : vector<2xf32>
// CHECK-NEXT:     %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT:     %c-3 = arith.constant -3 : index
// CHECK-NEXT:     %c5_i64 = arith.constant 5 : i64
// CHECK-NEXT:     %cst_4 = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:     %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT:     %cst_5 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:     %c4 = arith.constant {test.foo} 4 : index
// CHECK-NEXT:     %idx5 = index.constant 5
// CHECK-NEXT:     %idx-4 = index.constant -4
// CHECK-NEXT:     %idx27 = index.constant {test.bar} 27
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @ops(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f64, %arg4: vector<4xi32>, %arg5: vector<4xi1>, %arg6: tensor<?xi32>, %arg7: i1) {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT:     %1 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:     %2 = arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32
// CHECK-NEXT:     %3 = arith.subi %arg0, %arg1 overflow<nuw> : i32
// CHECK-NEXT:     %4 = arith.muli %arg0, %arg1 {test.x} : i32
// CHECK-NEXT:     %5 = arith.shli %arg0, %arg1 overflow<nsw, nuw> : i32
// CHECK-NEXT:     %6 = arith.divsi %arg0, %arg1 : i32
// CHECK-NEXT:     %7 = arith.divui %arg0, %arg1 exact : i32
// CHECK-NEXT:     %8 = arith.shrsi %arg0, %arg1 exact : i32
// CHECK-NEXT:     %9 = arith.shrui %arg0, %arg1 : i32
// CHECK-NEXT:     %10 = arith.ceildivsi %arg0, %arg1 : i32
// CHECK-NEXT:     %11 = arith.floordivsi %arg0, %arg1 : i32
// CHECK-NEXT:     %12 = arith.remsi %arg0, %arg1 : i32
// CHECK-NEXT:     %13 = arith.remui %arg0, %arg1 : i32
// CHECK-NEXT:     %14 = arith.minsi %arg0, %arg1 : i32
// CHECK-NEXT:     %15 = arith.maxsi %arg0, %arg1 : i32
// CHECK-NEXT:     %16 = arith.minui %arg0, %arg1 : i32
// CHECK-NEXT:     %17 = arith.maxui %arg0, %arg1 : i32
// CHECK-NEXT:     %18 = arith.andi %arg0, %arg1 : i32
// CHECK-NEXT:     %19 = arith.ori %arg0, %arg1 : i32
// CHECK-NEXT:     %20 = arith.xori %arg4, %arg4 : vector<4xi32>
// CHECK-NEXT:     %21 = arith.addf %arg2, %arg2 fastmath<fast> : f32
// CHECK-NEXT:     %22 = arith.subf %arg2, %arg2 : f32
// CHECK-NEXT:     %23 = arith.mulf %arg2, %arg2 fastmath<fast> : f32
// CHECK-NEXT:     %24 = arith.divf %arg2, %arg2 fastmath<nnan,ninf> : f32
// CHECK-NEXT:     %25 = arith.negf %arg2 fastmath<fast> : f32
// CHECK-NEXT:     %26 = arith.minimumf %arg2, %arg2 : f32
// CHECK-NEXT:     %27 = arith.maximumf %arg2, %arg2 fastmath<contract> : f32
// CHECK-NEXT:     %28 = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT:     %29 = arith.cmpi eq, %arg4, %arg4 : vector<4xi32>
// CHECK-NEXT:     %30 = arith.cmpi uge, %arg6, %arg6 : tensor<?xi32>
// CHECK-NEXT:     %31 = arith.cmpf olt, %arg2, %arg2 : f32
// CHECK-NEXT:     %32 = arith.cmpf uno, %arg2, %arg2 fastmath<fast> : f32
// CHECK-NEXT:     %33 = arith.select %arg7, %arg0, %arg1 : i32
// CHECK-NEXT:     %34 = arith.select %arg5, %arg4, %arg4 : vector<4xi1>, vector<4xi32>
// CHECK-NEXT:     %35 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT:     %36 = arith.index_castui %35 : index to i64
// CHECK-NEXT:     %37 = arith.extui %arg0 : i32 to i64
// CHECK-NEXT:     %38 = arith.extsi %arg0 : i32 to i64
// CHECK-NEXT:     %39 = arith.trunci %arg0 : i32 to i8
// CHECK-NEXT:     %40 = arith.trunci %arg0 overflow<nuw> : i32 to i8
// CHECK-NEXT:     %41 = arith.sitofp %arg0 : i32 to f32
// CHECK-NEXT:     %42 = arith.uitofp %arg0 : i32 to f64
// CHECK-NEXT:     %43 = arith.fptosi %arg2 : f32 to i32
// CHECK-NEXT:     %44 = arith.fptoui %arg2 : f32 to i64
// CHECK-NEXT:     %45 = arith.extf %arg2 : f32 to f64
// CHECK-NEXT:     %46 = arith.extf %arg2 fastmath<fast> : f32 to f64
// CHECK-NEXT:     %47 = arith.truncf %arg3 : f64 to f32
// CHECK-NEXT:     %48 = arith.truncf %arg3 to_nearest_even fastmath<nnan,ninf> : f64 to f32
// CHECK-NEXT:     %49 = arith.truncf %arg3 downward : f64 to f32
// CHECK-NEXT:     %50 = math.exp %arg2 : f32
// CHECK-NEXT:     %51 = math.exp %arg2 fastmath<nnan> : f32
// CHECK-NEXT:     %52 = math.ceil %arg2 : f32
// CHECK-NEXT:     %53 = arith.cmpi ne, %arg0, %arg1 {test.y} : i32
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
