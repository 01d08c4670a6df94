// RUN: ir-asm %s | ir-dis | FileCheck %s --strict-whitespace
// Lines the printer starts with one room check (indentation up to 32
// spaces, a result name, an op name up to 32 bytes: print.c's line_start)
// and lines past those limits: nested 17 deep, the innermost ops stand at
// 36 spaces; memref.extract_aligned_pointer_as_index is a 39-byte name.
// The expected text is mlir-opt-22's.

func.func @deep(%c: i1, %m: memref<4xf32>, %i: index) -> index {
  %r0 = arith.addi %i, %i : index
  %r1 = scf.if %c -> (index) {
    %r2 = scf.if %c -> (index) {
      %r3 = scf.if %c -> (index) {
        %r4 = scf.if %c -> (index) {
          %r5 = scf.if %c -> (index) {
            %r6 = scf.if %c -> (index) {
              %r7 = scf.if %c -> (index) {
                %r8 = scf.if %c -> (index) {
                  %r9 = scf.if %c -> (index) {
                    %r10 = scf.if %c -> (index) {
                      %r11 = scf.if %c -> (index) {
                        %r12 = scf.if %c -> (index) {
                          %r13 = scf.if %c -> (index) {
                            %r14 = scf.if %c -> (index) {
                              %r15 = scf.if %c -> (index) {
                                %r16 = scf.if %c -> (index) {
                                  %r17 = scf.if %c -> (index) {
                                    %p = memref.extract_aligned_pointer_as_index %m : memref<4xf32> -> index
                                    %q = arith.addi %p, %r0 : index
                                    %big = arith.constant -9223372036854775807 : i64
                                    %s = arith.index_cast %big : i64 to index
                                    %t = arith.addi %q, %s : index
                                    scf.yield %t : index
                                  } else {
                                    scf.yield %r0 : index
                                  }
                                  scf.yield %r17 : index
                                } else {
                                  scf.yield %r0 : index
                                }
                                scf.yield %r16 : index
                              } else {
                                scf.yield %r0 : index
                              }
                              scf.yield %r15 : index
                            } else {
                              scf.yield %r0 : index
                            }
                            scf.yield %r14 : index
                          } else {
                            scf.yield %r0 : index
                          }
                          scf.yield %r13 : index
                        } else {
                          scf.yield %r0 : index
                        }
                        scf.yield %r12 : index
                      } else {
                        scf.yield %r0 : index
                      }
                      scf.yield %r11 : index
                    } else {
                      scf.yield %r0 : index
                    }
                    scf.yield %r10 : index
                  } else {
                    scf.yield %r0 : index
                  }
                  scf.yield %r9 : index
                } else {
                  scf.yield %r0 : index
                }
                scf.yield %r8 : index
              } else {
                scf.yield %r0 : index
              }
              scf.yield %r7 : index
            } else {
              scf.yield %r0 : index
            }
            scf.yield %r6 : index
          } else {
            scf.yield %r0 : index
          }
          scf.yield %r5 : index
        } else {
          scf.yield %r0 : index
        }
        scf.yield %r4 : index
      } else {
        scf.yield %r0 : index
      }
      scf.yield %r3 : index
    } else {
      scf.yield %r0 : index
    }
    scf.yield %r2 : index
  } else {
    scf.yield %r0 : index
  }
  return %r1 : index
}

// CHECK: {{^}}                                %15 = scf.if %arg0 -> (index) {{[{]$}}
// CHECK-NEXT: {{^}}                                  %16 = scf.if %arg0 -> (index) {{[{]$}}
// CHECK-NEXT: {{^}}                                    %17 = scf.if %arg0 -> (index) {{[{]$}}
// CHECK-NEXT: {{^}}                                      %intptr = memref.extract_aligned_pointer_as_index %arg1 : memref<4xf32> -> index{{$}}
// CHECK-NEXT: {{^}}                                      %18 = arith.addi %intptr, %0 : index{{$}}
// CHECK-NEXT: {{^}}                                      %c-9223372036854775807_i64 = arith.constant -9223372036854775807 : i64{{$}}
// CHECK-NEXT: {{^}}                                      %19 = arith.index_cast %c-9223372036854775807_i64 : i64 to index{{$}}
// CHECK-NEXT: {{^}}                                      %20 = arith.addi %18, %19 : index{{$}}
// CHECK-NEXT: {{^}}                                      scf.yield %20 : index{{$}}
// CHECK-NEXT: {{^}}                                    } else {{[{]$}}
// CHECK-NEXT: {{^}}                                      scf.yield %0 : index{{$}}
// CHECK-NEXT: {{^}}                                    }{{$}}
