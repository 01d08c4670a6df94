
func.func @ok2() {
  return
}

