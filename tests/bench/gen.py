#!/usr/bin/env python3
"""gen.py - a deterministic generator of bufferized MLIR (the corpus of the
benchmark and of part of the round-trip test).

    tests/bench/gen.py [--seed N] [--funcs N | --size BYTES] [-o FILE]

Writes one module of functions that allocate buffers (memref.alloc/alloca,
static and dynamic), branch (scf.if with results, cf.cond_br/cf.br with
block arguments), loop (scf.for with iter_args, scf.while), compute (arith on
index, i1 and f32), access memory (memref.load/store/copy, subview views)
and call each other. The same seed always gives the same text; the text is
valid MLIR that mlir-opt-22 parses and verifies.
"""
import argparse
import random
import sys

STATIC = ["memref<4xf32>", "memref<8xf32>", "memref<16xf32>", "memref<32xf32>"]
DYN = "memref<?xf32>"
VIEW = "memref<4xf32, strided<[1], offset: ?>>"
SIZE = {"memref<4xf32>": 4, "memref<8xf32>": 8, "memref<16xf32>": 16,
        "memref<32xf32>": 32, DYN: 1, VIEW: 4}
CONSTS = [0, 1, 2, 3, 4]


class Scope:
    """Values visible at a point: a chain of per-region tables."""

    def __init__(self, parent=None):
        self.parent = parent   # enclosing scope (or None)
        self.vals = {}         # type -> [value names] defined here

    def add(self, ty, name):
        self.vals.setdefault(ty, []).append(name)

    def all(self, ty):
        out, s = [], self
        while s:
            out += s.vals.get(ty, [])
            s = s.parent
        return out


class FuncGen:
    def __init__(self, rng, name, callees):
        self.rng = rng
        self.name = name
        self.callees = callees   # [(name, arg types, result types)]
        self.lines = []
        self.n = 0
        self.ind = 1

    def fresh(self, hint="v"):
        self.n += 1
        return "%%%s%d" % (hint, self.n)

    def emit(self, s):
        self.lines.append("  " * self.ind + s)

    def pick(self, scope, ty):
        vs = scope.all(ty)
        return self.rng.choice(vs) if vs else None

    def memref_types(self, scope, include_views=False):
        tys = [t for t in STATIC + [DYN] if scope.all(t)]
        if include_views and scope.all(VIEW):
            tys.append(VIEW)
        return tys

    # --- statements -------------------------------------------------------
    def alloc(self, scope):
        r = self.rng.random()
        v = self.fresh("a")
        if r < 0.2:
            n = self.pick(scope, "index")
            self.emit("%s = memref.alloc(%s) : %s" % (v, n, DYN))
            scope.add(DYN, v)
        else:
            ty = self.rng.choice(STATIC)
            op = "memref.alloca" if r > 0.9 else "memref.alloc"
            self.emit("%s = %s() : %s" % (v, op, ty))
            scope.add(ty, v)

    def arith_index(self, scope):
        a, b = self.pick(scope, "index"), self.pick(scope, "index")
        v = self.fresh("i")
        op = self.rng.choice(["arith.addi", "arith.muli", "arith.subi",
                              "arith.maxsi", "arith.minui"])
        self.emit("%s = %s %s, %s : index" % (v, op, a, b))
        scope.add("index", v)

    def arith_float(self, scope):
        a, b = self.pick(scope, "f32"), self.pick(scope, "f32")
        v = self.fresh("f")
        op = self.rng.choice(["arith.addf", "arith.mulf", "arith.subf",
                              "arith.maximumf"])
        self.emit("%s = %s %s, %s : f32" % (v, op, a, b))
        scope.add("f32", v)

    def compare(self, scope):
        a, b = self.pick(scope, "index"), self.pick(scope, "index")
        v = self.fresh("b")
        pred = self.rng.choice(["eq", "ne", "slt", "sle", "ult", "sgt"])
        self.emit("%s = arith.cmpi %s, %s, %s : index" % (v, pred, a, b))
        scope.add("i1", v)

    def const_index(self, k):
        return "%%c%d" % k

    def load(self, scope):
        tys = self.memref_types(scope, True)
        if not tys:
            return self.alloc(scope)
        ty = self.rng.choice(tys)
        m = self.pick(scope, ty)
        v = self.fresh("f")
        k = self.rng.randrange(min(SIZE[ty], len(CONSTS)))
        self.emit("%s = memref.load %s[%s] : %s" % (v, m, self.const_index(k), ty))
        scope.add("f32", v)

    def store(self, scope):
        tys = self.memref_types(scope, True)
        if not tys:
            return self.alloc(scope)
        ty = self.rng.choice(tys)
        m, f = self.pick(scope, ty), self.pick(scope, "f32")
        k = self.rng.randrange(min(SIZE[ty], len(CONSTS)))
        self.emit("memref.store %s, %s[%s] : %s" % (f, m, self.const_index(k), ty))

    def subview(self, scope):
        tys = [t for t in ("memref<16xf32>", "memref<32xf32>") if scope.all(t)]
        if not tys:
            return self.alloc(scope)
        ty = self.rng.choice(tys)
        m, off = self.pick(scope, ty), self.pick(scope, "index")
        v = self.fresh("s")
        self.emit("%s = memref.subview %s[%s] [4] [1] : %s to %s" % (v, m, off, ty, VIEW))
        scope.add(VIEW, v)

    def copy(self, scope):
        tys = [t for t in STATIC if len(scope.all(t)) >= 1]
        if not tys:
            return self.alloc(scope)
        ty = self.rng.choice(tys)
        a, b = self.pick(scope, ty), self.pick(scope, ty)
        self.emit("memref.copy %s, %s : %s to %s" % (a, b, ty, ty))

    def yield_type(self, scope):
        tys = self.memref_types(scope)
        return self.rng.choice(tys) if tys else None

    def scf_if(self, scope, depth):
        ty = self.yield_type(scope)
        c = self.pick(scope, "i1")
        if ty is None or c is None:
            return self.compare(scope)
        v = self.fresh("r")
        self.emit("%s = scf.if %s -> (%s) {" % (v, c, ty))
        for branch in (0, 1):
            if branch:
                self.emit("} else {")
            self.ind += 1
            inner = Scope(scope)
            self.block(inner, depth + 1, self.rng.randrange(1, 5))
            if self.rng.random() < 0.5 and ty != DYN:
                a = self.fresh("a")
                self.emit("%s = memref.alloc() : %s" % (a, ty))
                inner.add(ty, a)
            self.emit("scf.yield %s : %s" % (self.pick(inner, ty), ty))
            self.ind -= 1
        self.emit("}")
        scope.add(ty, v)

    def scf_for(self, scope, depth):
        ty = self.yield_type(scope)
        if ty is None:
            return self.alloc(scope)
        init = self.pick(scope, ty)
        ub = self.pick(scope, "index")
        v, iv, acc = self.fresh("r"), self.fresh("iv"), self.fresh("acc")
        self.emit("%s = scf.for %s = %%c0 to %s step %%c1 iter_args(%s = %s) -> (%s) {"
                  % (v, iv, ub, acc, init, ty))
        self.ind += 1
        inner = Scope(scope)
        inner.add("index", iv)
        inner.add(ty, acc)
        self.block(inner, depth + 1, self.rng.randrange(1, 6))
        self.emit("scf.yield %s : %s" % (self.pick(inner, ty), ty))
        self.ind -= 1
        self.emit("}")
        scope.add(ty, v)

    def scf_while(self, scope, depth):
        ty = self.yield_type(scope)
        if ty is None:
            return self.alloc(scope)
        i0, m0, ub = self.pick(scope, "index"), self.pick(scope, ty), self.pick(scope, "index")
        r = self.fresh("w")
        a, b = self.fresh("x"), self.fresh("y")
        self.emit("%s:2 = scf.while (%s = %s, %s = %s) : (index, %s) -> (index, %s) {"
                  % (r, a, i0, b, m0, ty, ty))
        self.ind += 1
        c = self.fresh("b")
        self.emit("%s = arith.cmpi slt, %s, %s : index" % (c, a, ub))
        self.emit("scf.condition(%s) %s, %s : index, %s" % (c, a, b, ty))
        self.ind -= 1
        self.emit("} do {")
        a2, b2 = self.fresh("x"), self.fresh("y")
        self.emit("^bb0(%s: index, %s: %s):" % (a2, b2, ty))
        self.ind += 1
        inner = Scope(scope)
        inner.add("index", a2)
        inner.add(ty, b2)
        self.block(inner, depth + 1, self.rng.randrange(0, 4))
        n = self.fresh("i")
        self.emit("%s = arith.addi %s, %%c1 : index" % (n, a2))
        self.emit("scf.yield %s, %s : index, %s" % (n, self.pick(inner, ty), ty))
        self.ind -= 1
        self.emit("}")
        scope.add("index", r + "#0")
        scope.add(ty, r + "#1")

    def call(self, scope):
        if not self.callees:
            return self.arith_index(scope)
        name, args, results = self.rng.choice(self.callees)
        vals = []
        for ty in args:
            v = self.pick(scope, ty)
            if v is None:
                return self.alloc(scope)
            vals.append(v)
        sig = "(%s) -> %s" % (", ".join(args), fmt_results(results))
        if results:
            r = self.fresh("call")
            self.emit("%s = func.call @%s(%s) : %s" % (r, name, ", ".join(vals), sig))
            scope.add(results[0], r)
        else:
            self.emit("func.call @%s(%s) : %s" % (name, ", ".join(vals), sig))

    def stmt(self, scope, depth):
        w = [(self.alloc, 12), (self.arith_index, 8), (self.arith_float, 8),
             (self.compare, 6), (self.load, 12), (self.store, 10),
             (self.subview, 5), (self.copy, 3), (self.call, 4)]
        if depth < 3:
            w += [(lambda s: self.scf_if(s, depth), 6),
                  (lambda s: self.scf_for(s, depth), 5),
                  (lambda s: self.scf_while(s, depth), 2)]
        fn = self.rng.choices([f for f, _ in w], [k for _, k in w])[0]
        fn(scope)

    def block(self, scope, depth, n):
        for _ in range(n):
            self.stmt(scope, depth)

    # --- functions --------------------------------------------------------
    def prologue(self, scope):
        for k in CONSTS:
            self.emit("%%c%d = arith.constant %d : index" % (k, k))
            scope.add("index", "%%c%d" % k)
        self.emit("%cst = arith.constant 1.500000e+00 : f32")
        scope.add("f32", "%cst")

    def structured(self, args, results):
        scope = Scope()
        for name, ty in args:
            scope.add(ty, name)
        self.prologue(scope)
        self.block(scope, 0, self.rng.randrange(4, 24))
        self.ret(scope, results)

    def unstructured(self, args, results):
        """Entry, two arms joined by a block argument, exit (acyclic CFG)."""
        entry = Scope()
        for name, ty in args:
            entry.add(ty, name)
        self.prologue(entry)
        self.block(entry, 1, self.rng.randrange(1, 6))
        ty = self.yield_type(entry) or STATIC[0]
        if not entry.all(ty):
            a = self.fresh("a")
            self.emit("%s = memref.alloc() : %s" % (a, ty))
            entry.add(ty, a)
        self.emit("cf.cond_br %s, ^bb1, ^bb2" % self.pick(entry, "i1"))
        for bb in (1, 2):
            self.ind -= 1
            self.emit("^bb%d:" % bb)
            self.ind += 1
            arm = Scope(entry)
            self.block(arm, 1, self.rng.randrange(0, 6))
            if self.rng.random() < 0.6 and ty != DYN:
                a = self.fresh("a")
                self.emit("%s = memref.alloc() : %s" % (a, ty))
                arm.add(ty, a)
            self.emit("cf.br ^bb3(%s : %s)" % (self.pick(arm, ty), ty))
        self.ind -= 1
        j = self.fresh("j")
        self.emit("^bb3(%s: %s):" % (j, ty))
        self.ind += 1
        join = Scope(entry)
        join.add(ty, j)
        self.block(join, 1, self.rng.randrange(1, 6))
        self.ret(join, results)

    def ret(self, scope, results):
        vals = []
        for ty in results:
            v = self.pick(scope, ty)
            if v is None:
                v = self.fresh("a")
                self.emit("%s = memref.alloc() : %s" % (v, ty))
            vals.append(v)
        if results:
            self.emit("return %s : %s" % (", ".join(vals), ", ".join(results)))
        else:
            self.emit("return")


def fmt_results(results):
    if not results:
        return "()"
    return results[0] if len(results) == 1 else "(%s)" % ", ".join(results)


def gen_func(rng, k, callees):
    name = "f%d" % k
    g = FuncGen(rng, name, callees[-8:])
    args = [("%n", "index"), ("%cond", "i1"), ("%x", "f32")]
    for j in range(rng.randrange(1, 3)):
        args.append(("%%m%d" % j, rng.choice(STATIC)))
    results = rng.choice([[], [rng.choice(STATIC)], ["f32"]])
    if rng.random() < 0.3:
        g.unstructured(args, results)
    else:
        g.structured(args, results)
    sig = ", ".join("%s: %s" % a for a in args)
    vis = "private " if rng.random() < 0.2 else ""
    head = "func.func %s@%s(%s)%s {" % (
        vis, name, sig, " -> " + fmt_results(results) if results else "")
    callees.append((name, [t for _, t in args], results))
    return head + "\n" + "\n".join(g.lines) + "\n}\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--funcs", type=int, default=None, help="number of functions")
    ap.add_argument("--size", type=int, default=None, help="bytes of text (at least)")
    ap.add_argument("-o", "--output", default="-")
    args = ap.parse_args()
    if args.funcs is None and args.size is None:
        args.funcs = 50
    rng = random.Random(args.seed)
    out = ["// generated by tests/bench/gen.py --seed %d\n" % args.seed]
    total, callees, k = 0, [], 0
    while True:
        if args.funcs is not None and k >= args.funcs:
            break
        if args.size is not None and total >= args.size:
            break
        f = gen_func(rng, k, callees)
        out.append(f)
        total += len(f)
        k += 1
    text = "".join(out)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
