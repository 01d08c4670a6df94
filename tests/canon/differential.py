#!/usr/bin/env python3
"""differential.py - ir-canon, ir-cse and dd-simplify against mlir-opt-22's
-canonicalize, -cse and -buffer-deallocation-simplification, output text
compared exactly (both normalised by printing through mlir-opt-22).

    differential.py --bin DIR [--seeds N] [--upstream] [--shard I/N] [-v]

Inputs: generated modules (tests/bench/gen.py, seeds 1..N) and, with
--upstream, every `// -----` case of the upstream tests under
../shared/mlir-tests/upstream/Dialect; each taken as it is and after the
front of mlir-opt-22's pipeline (ownership, then simplification and
lowering), so every stage's real input is covered. Exit 1 on any
difference or failure other than the known ones listed in KNOWN.
--shard I/N takes only every Nth case from the Ith (1-based), so the suite
can run the whole as N tests, each well inside its time limit.
"""
import argparse
import concurrent.futures
import glob
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
UPSTREAM = os.path.join(ROOT, "..", "shared", "mlir-tests", "upstream", "Dialect")
sys.path.insert(0, os.path.join(ROOT, "tests"))
import testlib  # noqa: E402  (tests/testlib.py: --shard)
MLIR = "mlir-opt-22"

FRONT = ["-expand-realloc=emit-deallocs=false", "-canonicalize",
         "-ownership-based-buffer-deallocation"]
STAGES = {
    "input": [],
    "own": FRONT,
    "lower": FRONT + ["-canonicalize", "-buffer-deallocation-simplification",
                      "-bufferization-lower-deallocations"],
}
TOOLS = {
    "canon": ("ir-canon", ["-canonicalize"]),
    "cse": ("ir-cse", ["-cse"]),
    "simplify": ("dd-simplify", ["-buffer-deallocation-simplification"]),
}
# (case name prefix, tool): why our output differs from mlir-opt-22's.
KNOWN = {
    ("Bufferization/canonicalize.mlir:19", "canon"):
        "the load of a writable to_buffer is not turned into tensor.extract: "
        "the upstream test (newer than MLIR 22) asks for that fix",
}


# Seconds for any one process: every input here takes well under one; a
# process that takes this long is hung, and is reported by its case name.
LIMIT = 120


class Hung(Exception):
    pass


def run(argv, text, env=None):
    try:
        r = subprocess.run(argv, input=text, capture_output=True, text=True,
                           env=env, timeout=LIMIT)
    except subprocess.TimeoutExpired:
        raise Hung("%s timed out after %d s" % (" ".join(argv), LIMIT))
    return r.returncode, r.stdout, r.stderr


def cases(args):
    for s in range(1, args.seeds + 1):
        r = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "bench", "gen.py"),
                            "--seed", str(s), "--funcs", "5"],
                           capture_output=True, text=True, check=True)
        yield "gen:%d" % s, r.stdout
    if not args.upstream:
        return
    if not os.path.isdir(UPSTREAM):
        print("differential: %s missing, upstream cases skipped" % UPSTREAM)
        return
    for f in sorted(glob.glob(os.path.join(UPSTREAM, "**", "*.mlir"), recursive=True)):
        text = open(f).read().replace("expected-", "expected_")
        for i, chunk in enumerate(re.split(r"^// -----\s*$", text, flags=re.M)):
            yield "%s:%d" % (os.path.relpath(f, UPSTREAM), i + 1), chunk


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.environ.get("BIN"),
                    help="the tools' directory (default: $BIN)")
    ap.add_argument("--seeds", type=int, default=12)
    ap.add_argument("--upstream", action="store_true")
    testlib.add_shard_arg(ap)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    if not args.bin:
        ap.error("--bin DIR (or $BIN) is needed")
    if not shutil.which(MLIR):
        print("differential: %s missing, skipped" % MLIR)
        return 0
    env = dict(os.environ, CONFORMANCE_ALLOW_UNREGISTERED="1")

    def one(name, text):
        """[(verdict, line)] for one case at every stage and tool; verdict:
        same, known, diff."""
        try:
            return one_case(name, text)
        except Hung as e:
            return [("diff", "HUNG %s: %s" % (name, e))]

    def one_case(name, text):
        res = []
        for stage, passes in STAGES.items():
            if passes:
                rc, inp, _ = run([MLIR, "-allow-unregistered-dialect"] + passes, text)
                if rc:
                    continue
            else:
                inp = text
            for key, (tool, ref_pass) in TOOLS.items():
                if key == "simplify" and stage == "input" and name.startswith("gen"):
                    continue  # no dealloc ops to simplify yet
                rc, ref, _ = run([MLIR, "-allow-unregistered-dialect"] + ref_pass, inp)
                if rc:
                    continue  # not valid for MLIR either
                b = args.bin
                prc, out, perr = run(["bash", "-o", "pipefail", "-c",
                                      "%s/ir-asm - | %s/%s | %s/ir-dis" % (b, b, tool, b)],
                                     inp, env=env)
                label = "%s [%s] %s" % (name, stage, tool)
                if prc:
                    res.append(("diff", "FAIL %s: %s" % (label, perr.strip()[:300])))
                    continue
                if out == ref:
                    # the same text as mlir-opt-22's own output: printing
                    # both through mlir-opt-22 cannot tell them apart, and
                    # skipping that halves the run (two start-ups of ~50 ms)
                    res.append(("same", None))
                    continue
                rc, ours, err = run([MLIR, "-allow-unregistered-dialect"], out)
                rc2, refn, _ = run([MLIR, "-allow-unregistered-dialect"], ref)
                if rc:
                    res.append(("diff", "INVALID %s: %s" % (label, err.strip()[:300])))
                elif ours == refn:
                    res.append(("same", None))
                elif any(name.startswith(k[0]) and key == k[1] for k in KNOWN):
                    res.append(("known", "known %s" % label))
                else:
                    res.append(("diff", "DIFF %s" % label))
        return res

    same = diff = known = 0
    # the cases are independent: one worker per core (most of the time is
    # mlir-opt-22's start-up)
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
        for res in ex.map(lambda c: one(*c), testlib.take_shard(cases(args), args.shard)):
            for verdict, line in res:
                if verdict == "same":
                    same += 1
                elif verdict == "known":
                    known += 1
                    if args.verbose:
                        print(line)
                else:
                    diff += 1
                    print(line)
                sys.stdout.flush()  # a run cut off still shows what failed
    print("differential: %d identical, %d known differences, %d failed" %
          (same, known, diff))
    for (k, t), why in KNOWN.items():
        print("  known: %s (%s): %s" % (k, t, why))
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())
