#!/usr/bin/env python3
"""bench.py - dd-own --only against mlir-opt-22 -ownership-based-buffer-
deallocation on the same input, side by side.

    tests/own/bench.py [--bin DIR] [--copies N] [--reps N] [--gen-seeds N]

The corpus is one module made of MLIR's own test cases for the pass that
both tools accept with identical output (functions renamed per copy),
`copies` times over, plus `gen-seeds` programs of tests/own/gen.py that
mlir-opt-22 processes without error. Times are medians of `reps` runs,
alternating the tools; ours is timed text to text (as mlir-opt) and
bytecode to bytecode (as a stage of a pipe). Not a test: it prints.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import compare  # noqa: E402

UP = ("mlir-tests/upstream/Dialect/Bufferization/Transforms/"
      "OwnershipBasedBufferDeallocation")


def accepted(bin_dir, texts):
    ours = [os.path.join(bin_dir, "dd-own"), "--only", "-S"]
    ref = ["mlir-opt-22", "-ownership-based-buffer-deallocation"]
    keep = []
    for t in texts:
        a, b = compare.run(ours, t), compare.run(ref, t)
        if a[0] == 0 and b[0] == 0 and a[1] == b[1]:
            keep.append(t.strip("\n"))
    return keep


def strip_module(t):
    """The body of a case: module-level ops without an explicit module."""
    return "\n".join(l for l in t.split("\n")
                     if not l.lstrip().startswith("//"))


def timed(cmd):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True)
    if r.returncode:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), r.stderr.decode()[:500]))
    return time.perf_counter() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--copies", type=int, default=200)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--gen-seeds", type=int, default=0)
    ap.add_argument("--out", default="/tmp/own-bench")
    a = ap.parse_args()
    shared = os.environ.get("SHARED", os.path.join(ROOT, "..", "shared"))
    texts = []
    up = os.path.join(shared, UP)
    for f in sorted(os.listdir(up)):
        texts += compare.cases(os.path.join(up, f))
    if a.gen_seeds:
        gen = subprocess.run([sys.executable, os.path.join(HERE, "gen.py"),
                              "--count", str(a.gen_seeds)],
                             capture_output=True, text=True).stdout
        texts += gen.split("// -----\n")
    cases = [strip_module(t) for t in accepted(a.bin, texts)]
    os.makedirs(a.out, exist_ok=True)
    body = []
    for k in range(a.copies):
        for i, t in enumerate(cases):
            t = re.sub(r"@([A-Za-z_][\w$.]*)", r"@\1_%d_%d" % (k, i), t)
            for alias in set(re.findall(r"^#(\w+)\s*=", t, re.M)):
                t = re.sub(r"#%s\b" % alias, "#%s_%d_%d" % (alias, k, i), t)
            body.append(t)
    src = os.path.join(a.out, "corpus.mlir")
    with open(src, "w") as f:
        f.write("\n".join(body) + "\n")
    irb = os.path.join(a.out, "corpus.irb")
    subprocess.run([os.path.join(a.bin, "ir-asm"), src, "-o", irb], check=True)
    size = os.path.getsize(src)
    print("corpus: %d cases x %d copies, %.1f MB of text" %
          (len(cases), a.copies, size / 1e6))
    ours_t, ours_b, ref = [], [], []
    for _ in range(a.reps):
        ours_t.append(timed([os.path.join(a.bin, "dd-own"), "--only", "-S",
                             src, "-o", os.path.join(a.out, "o.mlir")]))
        ours_b.append(timed([os.path.join(a.bin, "dd-own"), "--only", irb,
                             "-o", os.path.join(a.out, "o.irb")]))
        ref.append(timed(["mlir-opt-22", "--mlir-disable-threading",
                          "-ownership-based-buffer-deallocation", src,
                          "-o", os.path.join(a.out, "r.mlir")]))
    mt, mb, mr = (statistics.median(x) for x in (ours_t, ours_b, ref))
    print("mlir-opt-22 text->text   %7.3f s" % mr)
    print("dd-own      text->text   %7.3f s   %5.1fx faster" % (mt, mr / mt))
    print("dd-own      irb->irb     %7.3f s   %5.1fx faster" % (mb, mr / mb))
    same = open(os.path.join(a.out, "o.mlir")).read() == \
        open(os.path.join(a.out, "r.mlir")).read()
    print("outputs identical: %s" % ("yes" if same else "NO"))


if __name__ == "__main__":
    main()
