// RUN: ir-asm --allow-unregistered-dialect %s | ir-dis | FileCheck %s
// RUN: ir-asm --allow-unregistered-dialect %s | ir-dis | mlir-opt --allow-unregistered-dialect | FileCheck %s --check-prefix=MLIR
// REQUIRES: mlir-opt
// An empty symbol name parses in both tools; mlir-opt-22 prints it as
// `@<<INVALID EMPTY SYMBOL>>`, which neither parses back, so ir-dis prints
// `@""` (fuzz-parse found the round trip failing). mlir-opt-22 reads that.

// CHECK: "test.a"() {s = @a::@b::@"", t = @""} : () -> ()
// MLIR: "test.a"() {s = @a::@b::@<<INVALID EMPTY SYMBOL>>, t = @<<INVALID EMPTY SYMBOL>>} : () -> ()
"test.a"() {s = @a::@b::@"", t = @""} : () -> ()
