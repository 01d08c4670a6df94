#!/usr/bin/env python3
"""upstream-oracle.py - ir-run --check against MLIR's own deallocation
pipeline on the upstream test inputs, case by case.

    tests/interp/upstream-oracle.py [--bin DIR] [--shared DIR] [-v] [FILTER...]

For every `// -----` case of ../shared/mlir-tests/upstream/ (cases that
carry expected-error annotations are invalid inputs and are left out):
  input   ir-run --check on the case as it is: a public function should
          show a leak iff MLIR's pipeline output of it frees something
          (contains memref.dealloc), and be clean otherwise;
  output  ir-run --check on `mlir-opt-22 --buffer-deallocation-pipeline`
          of the case (with -mlir-print-debuginfo, so locations stay those
          of the upstream file): every function should be clean.
Prints one line per function (`agree` or `DISAGREE`, with the verdicts and
the first error), the known reason of each disagreement (KNOWN below: what
was found when the case was examined), and totals. Exit status 0, or with
--strict-known 1 when a disagreement has no known reason or ir-run failed
(tests/interp/oracle-upstream.sh runs it so).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# (file basename, function) -> why ir-run's verdict differs from "the
# input leaks iff MLIR's output frees something, the output is clean".
# Filled in by examining each case; "right" means ir-run's verdicts are
# correct and the expectation (a text heuristic) is what misfires.
TENSORS = "tensor semantics (tensor arguments or ops on tensors): not run"
KNOWN = {
    ("dealloc-helper-function.mlir", "test"):
        "right: both buffers are returned, nothing leaks; the output's "
        "deallocs sit behind ownership conditions that are false on every "
        "path (and the helper's lists, which are freed)",
    ("dealloc-memoryeffect-interface.mlir", "dealloc_existing_clones"):
        "right: the unused clone leaks in the input; MLIR's canonicalizer "
        "erases it rather than freeing it, so the output frees nothing",
    ("dealloc-other.mlir", "no_buffer_semantics_with_write_effect"):
        "not run: a vector argument",
    ("dealloc-region-branchop-interface.mlir", "inner_region_control_flow"):
        "not run: test.region_if picks then or else with no runtime "
        "condition (the test dialect gives it no semantics)",
    ("dealloc-region-branchop-interface.mlir", "assumingOp"):
        "not run: a !shape.witness argument",
    ("dealloc-region-branchop-interface.mlir", "while_two_arg"):
        "input not run: test.side_effect_op yields an i1 with no semantics; "
        "MLIR's output erased the loop and is clean",
    ("dealloc-region-branchop-interface.mlir", "while_three_arg"):
        "input not run: test.side_effect_op yields an i1 with no semantics; "
        "MLIR's output erased the loop and is clean",
    ("dealloc-region-branchop-interface.mlir", "test_affine_if_1"):
        "right: the set is always true and the allocation is returned; the "
        "output's dealloc is behind a condition that is false",
    ("dealloc-region-branchop-interface.mlir", "test_affine_if_2"):
        "right: the set is always true and the allocation is returned; the "
        "output's dealloc is behind a condition that is false",
    ("canonicalize.mlir", "clone_after_cast"):
        "rejected: a memref.cast of the 4-element argument buffer to "
        "memref<32xf32> is undefined; with --dyn-size 32 input and output "
        "are clean",
    ("canonicalize.mlir", "clone_and_cast"):
        "rejected: bufferization.clone of the 4-element argument buffer to "
        "memref<32xf32>; with --dyn-size 32 the input frees its argument "
        "(free-of-argument) and the output is clean",
    ("canonicalize.mlir", "dealloc_canonicalize_clone_removal"):
        "rejected: memref.reshape with a shape buffer of zeros (argument "
        "buffers are zero-filled) changes the element count",
    ("expand-realloc.mlir", "reallow_lowering_example"):
        "right: memref.realloc frees its source, so nothing leaks; MLIR's "
        "expand-realloc makes that free an explicit memref.dealloc",
}
for f in ("tensor_load_of_buffer_cast", "buffer_cast_of_tensor_load",
          "canonicalize_buffer_cast_of_tensor_load_different_address_space",
          "canonicalize_buffer_cast_of_tensor_load",
          "canonicalize_buffer_cast_of_tensor_load_to_copy", "dim_of_tensor_load",
          "tensor_cast_to_buffer", "tensor_cast_to_unranked_buffer",
          "tensor_cast_to_buffer_layout_and_memspace",
          "load_after_write_from_buffer_cast", "load_from_buffer_cast"):
    KNOWN[("canonicalize.mlir", f)] = TENSORS
for b, f in (("test-collapse-tensor.mlir", "main"),
             ("test-collapse-tensor.mlir", "collapse_dynamic_shape"),
             ("test-subtensor-insert.mlir", "main"),
             ("test-tensor-e2e.mlir", "foo"), ("test-tensor-e2e.mlir", "main")):
    KNOWN[(b, f)] = TENSORS

FUNC_RE = re.compile(r"^@([^:]+): (clean|skipped|\d+ errors?)(.*)$")


def split_cases(text):
    """[(first line number, case text)] split at `// -----` lines."""
    cases, cur, start = [], [], 1
    for i, line in enumerate(text.split("\n"), 1):
        if line.strip() == "// -----":
            cases.append((start, "\n".join(cur)))
            cur, start = [], i + 1
        else:
            cur.append(line)
    cases.append((start, "\n".join(cur)))
    return cases


def func_texts(case):
    """{name: text} of the top-level func.func ops (by indentation)."""
    out, name, buf = {}, None, []
    for line in case.split("\n"):
        m = re.match(r"\s*func\.func\s+(?:(public|private|nested)\s+)?@([\w$.-]+)", line)
        if m:
            if name:
                out[name] = "\n".join(buf)
            name, buf = (None if m.group(1) in ("private", "nested") else m.group(2)), []
        if name:
            buf.append(line)
    if name:
        out[name] = "\n".join(buf)
    return out


def verdicts(stdout):
    """{function: (verdict, details, [error lines])} from ir-run --check."""
    res, errs = {}, []
    for line in stdout.split("\n"):
        if ": error: " in line:
            errs.append(line)
            continue
        m = FUNC_RE.match(line)
        if m:
            v = m.group(2)
            v = "errors" if "error" in v else v
            res[m.group(1)] = (v, m.group(3).strip(), errs)
            errs = []
    return res


def run(argv, **kw):
    return subprocess.run(argv, capture_output=True, text=True, errors="replace",
                          timeout=60, **kw)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--shared", default=os.path.join(os.path.dirname(ROOT), "shared"))
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--strict-known", action="store_true",
                    help="exit 1 if a disagreement has no known reason or ir-run failed")
    ap.add_argument("filters", nargs="*")
    a = ap.parse_args()
    mlir_opt = shutil.which("mlir-opt-22")
    irrun = os.path.join(os.path.abspath(a.bin), "ir-run")
    up = os.path.join(a.shared, "mlir-tests", "upstream")
    if not mlir_opt or not os.path.isdir(up):
        print("upstream-oracle: skipped (mlir-opt-22 or %s missing)" % up)
        return 0
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(up) for f in fs
                   if f.endswith(".mlir"))
    tot = {"cases": 0, "invalid": 0, "rejected": 0, "funcs": 0, "agree": 0,
           "disagree": 0, "in_leak": 0, "out_clean": 0, "unknown": 0, "crash": 0}
    tmp = tempfile.mkdtemp(prefix="upstream-oracle.")
    try:
        for path in files:
            rel = os.path.relpath(path, up)
            if a.filters and not any(f in rel for f in a.filters):
                continue
            text = open(path, encoding="utf-8", errors="replace").read()
            unreg = "allow-unregistered-dialect" in text
            base = os.path.basename(path)
            for k, (first, case) in enumerate(split_cases(text), 1):
                if not re.search(r"func\.func", case):
                    continue
                tot["cases"] += 1
                if "expected-error" in case:
                    tot["invalid"] += 1
                    continue
                padded = "\n" * (first - 1) + case + "\n"
                src = os.path.join(tmp, base)
                with open(src, "w") as f:
                    f.write(padded)
                flags = ["--allow-unregistered-dialect"] if unreg else []
                r_in = run([irrun, "--check", base] + flags, cwd=tmp)
                p = run([mlir_opt, "--buffer-deallocation-pipeline",
                         "-mlir-print-debuginfo", base] + flags, cwd=tmp)
                where = "%s:%d" % (rel, k)
                if p.returncode != 0:
                    tot["rejected"] += 1
                    err = next((l for l in p.stderr.split("\n") if "error" in l), "")
                    print("%-60s mlir-opt-22 rejects it: %s" % (where, err.strip()[:120]))
                    continue
                out = os.path.join(tmp, "out.mlir")
                with open(out, "w") as f:
                    f.write(p.stdout)
                r_out = run([irrun, "--check", out] + flags, cwd=tmp)
                vin, vout = verdicts(r_in.stdout), verdicts(r_out.stdout)
                out_funcs = func_texts(p.stdout)
                if r_in.returncode > 1 or r_out.returncode > 1 or \
                        "internal error" in r_in.stderr + r_out.stderr:
                    print("%-60s ir-run FAILED: %s" % (where, (r_in.stderr + r_out.stderr)[:300]))
                    tot["crash"] += 1
                for fn, ftext in func_texts(case).items():
                    tot["funcs"] += 1
                    # MLIR frees something in this function iff the input
                    # leaks it
                    allocs = "memref.dealloc" in out_funcs.get(fn, "")
                    i_v = vin.get(fn, ("missing", "", []))
                    o_v = vout.get(fn, ("missing", "", []))
                    in_leak = i_v[0] == "errors" and any(": error: leak:" in e for e in i_v[2])
                    in_ok = i_v[0] in ("clean", "errors") and in_leak == allocs
                    out_ok = o_v[0] == "clean"
                    tot["in_leak"] += in_leak
                    tot["out_clean"] += out_ok
                    ok = in_ok and out_ok
                    tot["agree" if ok else "disagree"] += 1
                    other = [e for e in i_v[2] if ": error: leak:" not in e]
                    if ok and not a.verbose:
                        for e in other[:2]:
                            print("%-60s @%s: agree; the input also has: %s" % (
                                where, fn, e.split(": error: ", 1)[-1][:200]))
                        continue
                    print("%-60s @%s: %s; input %s%s, output %s" % (
                        where, fn, "agree" if ok else "DISAGREE", i_v[0],
                        " (leak)" if in_leak else "", o_v[0]))
                    if not ok:
                        why = KNOWN.get((base, fn))
                        if why:
                            print("    known: %s" % why)
                        else:
                            tot["unknown"] += 1
                        for tag, v in (("input", i_v), ("output", o_v)):
                            if v[0] == "skipped":
                                print("    %s: %s" % (tag, v[1][:200]))
                            elif v[0] == "errors" and (tag == "output" or not in_ok):
                                for e in v[2][:3]:
                                    print("    %s: %s" % (tag, e[:300]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("upstream-oracle: %(cases)d cases (%(invalid)d invalid inputs left out, "
          "%(rejected)d rejected by mlir-opt-22); %(funcs)d public functions: "
          "%(agree)d agree, %(disagree)d disagree; input leaks found in "
          "%(in_leak)d, pipeline output clean in %(out_clean)d; %(unknown)d "
          "disagreements without a known reason, %(crash)d ir-run failures" % tot)
    return 1 if a.strict_known and (tot["unknown"] or tot["crash"]) else 0


if __name__ == "__main__":
    sys.exit(main())
