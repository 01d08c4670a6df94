// RUN: ir-asm --split-input-file --allow-unregistered-dialect -verify-diagnostics %s
// Op names the bytecode cannot carry are refused where they are written
// (the null character in MLIR's own words; mlir-opt-22 takes the others).

func.func @nul() {
  // expected-error @+1 {{null character not allowed in operation name}}
  "foo.a\00b"() : () -> ()
  return
}

// -----

func.func @quote() {
  // expected-error @+1 {{unsupported operation name: control characters, quotes and backslashes are not allowed}}
  "foo.a\"b"() : () -> ()
  return
}

// -----

func.func @control() {
  // expected-error @+1 {{unsupported operation name: control characters}}
  "foo.a\09b"() : () -> ()
  return
}

// -----

// Bytes above 0x7f are fine (and print escaped, as MLIR does).
func.func @high() {
  "foo.a\D4b"() : () -> ()
  return
}
