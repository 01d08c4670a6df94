#!/usr/bin/env python3
"""gen.py - random bufferized functions for the ownership pass and its
oracle: allocations (heap and stack, static and dynamic), selects, views,
casts, loads, stores and copies, scf.if / scf.for / scf.while /
scf.execute_region with memref results, cf.cond_br diamonds and cf loops
with memref block arguments, calls of public and private functions, and
memrefs returned. No deallocation: that is the pass's job.

    tests/own/gen.py [--seed N] [--count N] [-o FILE]

Writes `count` modules (seeds seed .. seed+count-1) separated by `// -----`
lines. Every program is valid MLIR (mlir-opt-22 parses it) and terminates:
loops run at most 4 times (trip counts come from index arguments, which
`ir-run --check` sets to 0..3). The same seed gives the same text.
"""
import argparse
import random
import sys

T = "memref<4xf32>"           # the static buffer type most values have
D = "memref<?xf32>"           # dynamic buffers
U = "memref<*xf32>"           # unranked
V = "memref<2xf32, strided<[1], offset: 1>>"  # a view of a T


class Fn:
    """One function being generated."""

    def __init__(self, g, name, n_i1, n_mem, results, private):
        self.g, self.name, self.private = g, name, private
        self.lines, self.n = [], 0
        self.args = []                       # (name, type)
        self.i1 = []                         # visible conditions, by scope
        self.vals = [{}]                     # scopes: type -> [names]
        for k in range(n_i1):
            self.args.append(("%%c%d" % k, "i1"))
        self.args.append(("%n", "index"))
        for k in range(n_mem):
            self.args.append(("%%m%d" % k, T))
        self.results = results
        self.blocks = 0

    # -- values ------------------------------------------------------------
    def fresh(self, base="v"):
        self.n += 1
        return "%%%s_%d" % (base, self.n)

    def add(self, ty, name):
        self.vals[-1].setdefault(ty, []).append(name)

    def visible(self, ty):
        out = []
        for s in self.vals:
            out += s.get(ty, [])
        return out

    def pick(self, ty):
        vs = self.visible(ty)
        return self.g.r.choice(vs) if vs else None

    def cond(self):
        return self.g.r.choice(self.visible("i1"))

    def emit(self, depth, text):
        self.lines.append("  " * (depth + 1) + text)

    # -- a value of type ty, made if none is visible -----------------------
    def need(self, ty, depth):
        v = self.pick(ty)
        if v is None or self.g.r.random() < 0.2:
            v = self.alloc(ty, depth)
        return v

    def alloc(self, ty, depth):
        r = self.g.r
        v = self.fresh("a")
        if ty == T:
            # A stack buffer lives until its scope ends: only the function
            # body outlives every use (regions yield their values), and a
            # function returning memrefs could return it (dangling).
            stack = depth == 0 and not self.results and r.random() < 0.2
            kind = "alloca" if stack else "alloc"
            self.emit(depth, "%s = memref.%s() : %s" % (v, kind, T))
            self.emit(depth, "memref.store %%f1, %s[%%i0] : %s" % (v, T))
        else:
            self.emit(depth, "%s = memref.alloc(%%n) : %s" % (v, D))
        self.add(ty, v)
        return v

    # -- statements --------------------------------------------------------
    def stmts(self, depth, k):
        for _ in range(k):
            self.stmt(depth)

    def stmt(self, depth):
        r = self.g.r
        kinds = ["alloc", "alloc", "dyn", "select", "use", "use", "view",
                 "cast", "cmp", "global", "clone"]
        if depth < 3:
            kinds += ["if", "if", "for", "while", "exec", "switch"]
        if self.g.callable(self):
            kinds += ["call", "call"]
        k = r.choice(kinds)
        getattr(self, "s_" + k)(depth)

    def s_alloc(self, depth):
        self.alloc(T, depth)

    def s_dyn(self, depth):
        self.alloc(D, depth)

    def s_cmp(self, depth):
        v = self.fresh("c")
        self.emit(depth, "%s = arith.cmpi ult, %%n, %%i%d : index"
                  % (v, self.g.r.randint(0, 3)))
        self.add("i1", v)

    def s_select(self, depth):
        ty = T if self.g.r.random() < 0.7 else D
        a, b = self.need(ty, depth), self.need(ty, depth)
        v = self.fresh("s")
        self.emit(depth, "%s = arith.select %s, %s, %s : %s"
                  % (v, self.cond(), a, b, ty))
        self.add(ty, v)

    def s_use(self, depth):
        r = self.g.r
        a = self.need(T, depth)
        what = r.randint(0, 2)
        if what == 0:
            v = self.fresh("x")
            self.emit(depth, "%s = memref.load %s[%%i%d] : %s"
                      % (v, a, r.randint(0, 3), T))
        elif what == 1:
            self.emit(depth, "memref.store %%f1, %s[%%i%d] : %s"
                      % (a, r.randint(0, 3), T))
        else:
            b = self.need(T, depth)
            self.emit(depth, "memref.copy %s, %s : %s to %s" % (a, b, T, T))

    def s_view(self, depth):
        a = self.need(T, depth)
        v, x = self.fresh("w"), self.fresh("x")
        self.emit(depth, "%s = memref.subview %s[1] [2] [1] : %s to %s"
                  % (v, a, T, V))
        self.emit(depth, "%s = memref.load %s[%%i1] : %s" % (x, v, V))

    def s_global(self, depth):
        v = self.fresh("g")
        self.emit(depth, "%s = memref.get_global @%s : %s"
                  % (v, self.g.global_name(), T))
        self.add(T, v)

    def s_clone(self, depth):
        a = self.need(T, depth)
        v = self.fresh("cl")
        self.emit(depth, "%s = bufferization.clone %s : %s to %s"
                  % (v, a, T, T))
        self.add(T, v)

    def s_switch(self, depth):
        v = self.fresh("sw")
        self.emit(depth, "%s = scf.index_switch %%n -> %s" % (v, T))
        for case in ("case 1", "case 2", "default"):
            if case != "default" and self.g.r.random() < 0.4:
                continue
            self.emit(depth, "%s {" % case)
            y = self.region(depth + 1, T)
            self.emit(depth + 1, "scf.yield %s : %s" % (y, T))
            self.emit(depth, "}")
        self.add(T, v)

    def s_cast(self, depth):
        a = self.need(T, depth)
        v = self.fresh("d")
        self.emit(depth, "%s = memref.cast %s : %s to %s" % (v, a, T, D))
        self.add(D, v)

    def region(self, depth, yield_ty, extra=None, k=None):
        """A nested block: statements, then the value it yields."""
        self.vals.append({})
        if extra:
            for ty, name in extra:
                self.add(ty, name)
        self.stmts(depth, k if k is not None else self.g.r.randint(0, 3))
        y = self.need(yield_ty, depth) if yield_ty else None
        self.vals.pop()
        return y

    def s_if(self, depth):
        ty = T if self.g.r.random() < 0.8 else D
        v = self.fresh("r")
        self.emit(depth, "%s = scf.if %s -> (%s) {" % (v, self.cond(), ty))
        y = self.region(depth + 1, ty)
        self.emit(depth + 1, "scf.yield %s : %s" % (y, ty))
        self.emit(depth, "} else {")
        y = self.region(depth + 1, ty)
        self.emit(depth + 1, "scf.yield %s : %s" % (y, ty))
        self.emit(depth, "}")
        self.add(ty, v)

    def s_for(self, depth):
        init = self.need(T, depth)
        v, i, acc = self.fresh("l"), self.fresh("i"), self.fresh("acc")
        self.emit(depth, "%s = scf.for %s = %%i0 to %%n step %%i1 "
                  "iter_args(%s = %s) -> (%s) {" % (v, i, acc, init, T))
        y = self.region(depth + 1, T, extra=[(T, acc)])
        self.emit(depth + 1, "scf.yield %s : %s" % (y, T))
        self.emit(depth, "}")
        self.add(T, v)

    def s_while(self, depth):
        init = self.need(T, depth)
        v, cnt, cur = self.fresh("wl"), self.fresh("k"), self.fresh("cur")
        go = self.fresh("go")
        self.emit(depth, "%s:2 = scf.while (%s = %%i0, %s = %s) : "
                  "(index, %s) -> (index, %s) {" % (v, cnt, cur, init, T, T))
        self.emit(depth + 1, "%s = arith.cmpi ult, %s, %%n : index"
                  % (go, cnt))
        self.emit(depth + 1, "scf.condition(%s) %s, %s : index, %s"
                  % (go, cnt, cur, T))
        self.emit(depth, "} do {")
        c2, cur2, nxt = self.fresh("k"), self.fresh("cur"), self.fresh("k")
        self.emit(depth, "^bb0(%s: index, %s: %s):" % (c2, cur2, T))
        y = self.region(depth + 1, T, extra=[(T, cur2)])
        self.emit(depth + 1, "%s = arith.addi %s, %%i1 : index" % (nxt, c2))
        self.emit(depth + 1, "scf.yield %s, %s : index, %s" % (nxt, y, T))
        self.emit(depth, "}")
        self.add(T, v + "#1")

    def s_exec(self, depth):
        """scf.execute_region with a diamond inside."""
        v = self.fresh("e")
        self.g.bb += 1
        a, b = "^e%da" % self.g.bb, "^e%db" % self.g.bb
        self.emit(depth, "%s = scf.execute_region -> %s {" % (v, T))
        self.vals.append({})
        self.stmts(depth + 1, self.g.r.randint(0, 2))
        self.emit(depth + 1, "cf.cond_br %s, %s, %s" % (self.cond(), a, b))
        for lab in (a, b):
            self.emit(depth, "%s:" % lab)
            y = self.region(depth + 1, T)
            self.emit(depth + 1, "scf.yield %s : %s" % (y, T))
        self.vals.pop()
        self.emit(depth, "}")
        self.add(T, v)

    def s_call(self, depth):
        f = self.g.r.choice(self.g.callable(self))
        args = []
        for name, ty in f.args:
            args.append(self.cond() if ty == "i1" else
                        "%n" if ty == "index" else self.need(ty, depth))
        res = [self.fresh("q") for _ in f.results]
        lhs = ""
        if len(res) == 1:
            lhs = res[0] + " = "
        elif res:
            lhs = "%s:%d = " % (res[0], len(res))
        sig = "(%s) -> (%s)" % (", ".join(t for _, t in f.args),
                                ", ".join(f.results))
        self.emit(depth, "%sfunc.call @%s(%s) : %s"
                  % (lhs, f.name, ", ".join(args), sig))
        for k, ty in enumerate(f.results):
            self.add(ty, res[0] if len(res) == 1 else "%s#%d" % (res[0], k))

    # -- top level: a chain of cf constructs -------------------------------
    def body(self):
        r = self.g.r
        self.emit(0, "%i0 = arith.constant 0 : index")
        self.emit(0, "%i1 = arith.constant 1 : index")
        self.emit(0, "%i2 = arith.constant 2 : index")
        self.emit(0, "%i3 = arith.constant 3 : index")
        self.emit(0, "%f1 = arith.constant 1.0 : f32")
        for name, ty in self.args:
            self.add(ty, name)
        if not self.visible("i1"):
            self.s_cmp(0)
        for _ in range(r.randint(1, 3)):
            what = r.random()
            self.stmts(0, r.randint(1, 3))
            if what < 0.3:
                self.diamond()
            elif what < 0.5:
                self.loop()
        self.stmts(0, r.randint(0, 2))
        rets = [self.need(ty, 0) for ty in self.results]
        if rets:
            self.emit(0, "return %s : %s" % (", ".join(rets),
                                              ", ".join(self.results)))
        else:
            self.emit(0, "return")

    def label(self):
        self.blocks += 1
        return "^b%d" % self.blocks

    def diamond(self):
        """cf.cond_br to two blocks that pass a memref to a join block."""
        r = self.g.r
        a, b, j = self.label(), self.label(), self.label()
        x, y = self.need(T, 0), self.need(T, 0)
        both = r.random() < 0.4     # the else side takes arguments too
        z = x if r.random() < 0.5 else y
        if both:
            self.emit(0, "cf.cond_br %s, %s(%s : %s), %s(%s, %s : %s, %s)"
                      % (self.cond(), a, x, T, b, z, y, T, T))
        else:
            self.emit(0, "cf.cond_br %s, %s(%s : %s), %s"
                      % (self.cond(), a, x, T, b))
        p = self.fresh("p")
        self.emit(-1, "%s(%s: %s):" % (a, p, T))
        self.vals.append({})
        self.add(T, p)
        self.stmts(0, r.randint(0, 2))
        ya = self.need(T, 0)
        self.emit(0, "cf.br %s(%s : %s)" % (j, ya, T))
        self.vals.pop()
        if both:
            q1, q2 = self.fresh("p"), self.fresh("p")
            self.emit(-1, "%s(%s: %s, %s: %s):" % (b, q1, T, q2, T))
        else:
            self.emit(-1, "%s:" % b)
        self.vals.append({})
        if both:
            self.add(T, q1)
            self.add(T, q2)
        self.stmts(0, self.g.r.randint(0, 2))
        yb = y if self.g.r.random() < 0.5 else self.need(T, 0)
        self.emit(0, "cf.br %s(%s : %s)" % (j, yb, T))
        self.vals.pop()
        m = self.fresh("j")
        self.emit(-1, "%s(%s: %s):" % (j, m, T))
        self.add(T, m)

    def loop(self):
        """A counted cf loop carrying a memref around its back edge."""
        h, bd, ex = self.label(), self.label(), self.label()
        init = self.need(T, 0)
        self.emit(0, "cf.br %s(%%i0, %s : index, %s)" % (h, init, T))
        i, cur, more = self.fresh("i"), self.fresh("cur"), self.fresh("more")
        self.emit(-1, "%s(%s: index, %s: %s):" % (h, i, cur, T))
        self.emit(0, "%s = arith.cmpi ult, %s, %%n : index" % (more, i))
        self.emit(0, "cf.cond_br %s, %s, %s" % (more, bd, ex))
        self.emit(-1, "%s:" % bd)
        self.vals.append({})
        self.add(T, cur)
        self.stmts(0, self.g.r.randint(0, 2))
        nxt, y = self.fresh("i"), self.need(T, 0)
        self.emit(0, "%s = arith.addi %s, %%i1 : index" % (nxt, i))
        self.emit(0, "cf.br %s(%s, %s : index, %s)" % (h, nxt, y, T))
        self.vals.pop()
        self.emit(-1, "%s:" % ex)
        self.add(T, cur)

    def text(self):
        vis = "private " if self.private else ""
        args = ", ".join("%s: %s" % a for a in self.args)
        res = ""
        if self.results:
            res = " -> (%s)" % ", ".join(self.results)
        return ("func.func %s@%s(%s)%s {\n%s\n}\n"
                % (vis, self.name, args, res, "\n".join(self.lines)))


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.fns = []
        self.bb = 0
        self.globals = 0

    def global_name(self):
        if not self.globals or self.r.random() < 0.3:
            self.globals += 1
        return "glob%d" % self.r.randint(1, self.globals)

    def callable(self, caller):
        # Earlier functions only: no recursion, so every run ends.
        return self.fns

    def module(self):
        out = []
        for k in range(self.r.randint(1, 4)):
            results = [self.r.choice([T, T, D])
                       for _ in range(self.r.choice([0, 1, 1, 2]))]
            f = Fn(self, "f%d" % k, self.r.randint(0, 2),
                   self.r.randint(0, 2), results,
                   private=k + 1 < 4 and self.r.random() < 0.4)
            f.body()
            self.fns.append(f)
            out.append(f.text())
        decls = "".join('memref.global "private" @glob%d : %s = dense<0.0>\n'
                        % (k, T) for k in range(1, self.globals + 1))
        return decls + "".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("-o", default="-")
    a = ap.parse_args()
    mods = []
    for s in range(a.seed, a.seed + a.count):
        mods.append("// seed %d\n" % s + Gen(s).module())
    text = "// -----\n".join(mods)
    if a.o == "-":
        sys.stdout.write(text)
    else:
        with open(a.o, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
