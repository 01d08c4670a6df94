#!/usr/bin/env python3
"""e2e.py - a pipeline of our stage tools, end to end, over test cases:

    ir-asm CASE | STAGE | STAGE ... | ir-dis | mlir-opt-22   (parses, verifies)

For every `// -----` case (MLIR's split rule, line numbers kept) of the
given files that contains GREP in its IR (comments do not count), the
pipeline must either succeed with output that mlir-opt-22 parses and
verifies, or fail cleanly (exit 1, no crash) on a case the reference
command rejects as well. With --reference, the reference (an mlir-opt-22
command line, run on the same case) must accept exactly the cases we accept
and, with --exact, print the same text.

  tests/e2e.py --bin build/bin                     # dd-lower --only, exact
  tests/e2e.py --bin build/bin --stages 'dd-own | dd-simplify | dd-lower' \\
      --reference 'mlir-opt-22 -buffer-deallocation-pipeline' --no-exact

With --prepare, each case first goes through that mlir-opt-22 command (e.g.
the ownership pass, to get realistic deallocs out of every upstream case),
and GREP is looked for in its output.

  tests/e2e.py --bin build/bin --prepare 'mlir-opt-22 \
      -ownership-based-buffer-deallocation -buffer-deallocation-simplification'

--ir-run adds the semantic check: wherever `ir-run --check --strict` proves
the case clean (every run frees every buffer exactly once), it must prove
our output clean too.

--shard I/N keeps every Nth case from the Ith (1-based, files and
generated modules in one list), so the suite can run a long list as N tests.

--gen N adds N generated modules (tests/bench/gen.py, seeds 1..N); they
hold no deallocs of their own, so they go with --prepare or with a pipeline
that starts with dd-own. --own-gen N adds N modules of tests/own/gen.py
(programs that terminate under ir-run). --only-generated leaves the files
out.

The whole pipeline against MLIR's, every output verified and run:

  tests/e2e.py --bin build/bin --stages 'dd-own | dd-simplify | dd-lower' \\
      --reference 'mlir-opt-22 -buffer-deallocation-pipeline' --grep '' \\
      --no-exact --reference-may-reject --ir-run [--own-gen N --gen N]

With --ir-run and several stages, the output of the first stage and the
reference's output are baselines too: wherever one of them runs clean,
ours must. Without --exact, outputs that verify but differ from the
reference's count as verified, equal ones as identical.

Default files: the upstream tests (../shared/mlir-tests/upstream, or
$SHARED) and tests/lower/. Cases ir-asm cannot read are listed as skipped.
Every case runs with --allow-unregistered-dialect on both sides, and with
expected-* annotations neutralised (mlir-opt-22 reports them otherwise).
Ends with one summary line; exit status 1 if any case failed.
"""
import argparse
import difflib
import os
import re
import shlex
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import testlib  # noqa: E402

COMMENT_RE = re.compile(r"//.*")


def files_of(paths):
    out = []
    for p in paths:
        if os.path.isdir(p):
            for d, subdirs, fs in os.walk(p):
                subdirs.sort()
                out += [os.path.join(d, f) for f in sorted(fs) if f.endswith(".mlir")]
        elif os.path.isfile(p):
            out.append(p)
    return out


class Runner:
    def __init__(self, args):
        self.args = args
        self.bin = os.path.abspath(args.bin)
        self.env = testlib.tool_env(self.bin, self.bin)
        self.stages = [shlex.split(s) for s in args.stages.split("|") if s.strip()]
        self.reference = shlex.split(args.reference) if args.reference else None
        self.prepare = shlex.split(args.prepare) if args.prepare else None
        self.tmp = tempfile.mkdtemp(prefix="e2e-")
        self.clean = self.not_clean = 0   # --ir-run verdicts
        self.lock = threading.Lock()

    def tool(self, argv):
        return [os.path.join(self.bin, argv[0])] + argv[1:]

    def ours(self, case):
        """(rc, text, stderr, stage, first) of our pipeline on file `case`;
        `first` is the bytecode the first stage wrote (None if none ran)."""
        r = testlib.run(self.tool(["ir-asm", "--allow-unregistered-dialect", case]),
                        self.env)
        if r.returncode != 0:
            return r.returncode, "", r.stderr.decode(errors="replace"), "ir-asm", None
        data, first = r.stdout, None
        for st in self.stages + [["ir-dis"]]:
            r = testlib.run(self.tool(st), self.env, stdin=data)
            if r.returncode != 0:
                return (r.returncode, "", r.stderr.decode(errors="replace"),
                        " ".join(st), first)
            data = r.stdout
            if first is None and self.stages:
                first = data
        return 0, data.decode(errors="replace"), "", "", first

    def ir_run_check(self, case, text, first, ref):
        """With --ir-run: where `ir-run --check --strict` finds clean the
        case, the output of our first stage (e.g. dd-own alone) or the
        reference's output, it must find our output clean. Returns why not,
        or ""."""
        run = self.tool(["ir-run", "--check", "--strict",
                         "--allow-unregistered-dialect"])
        baselines = [("the input", None, case)]
        if first is not None and len(self.stages) > 1:
            baselines.append(("the output of %s" % " ".join(self.stages[0]),
                              first, None))
        if ref is not None and ref.returncode == 0:
            baselines.append(("the reference's output", ref.stdout, None))
        clean = None
        for what, data, path in baselines:
            r = testlib.run(run + ([path] if path else []), self.env, stdin=data)
            if r.returncode == 0:
                clean = what
                break
        if clean is None:
            with self.lock:
                self.not_clean += 1
            return ""
        after = testlib.run(run, self.env, stdin=text.encode())
        if after.returncode != 0:
            return "ir-run --check: %s is clean, our output is not:\n" % clean + \
                testlib.tail(after.stdout.decode(errors="replace") +
                             after.stderr.decode(errors="replace"))
        with self.lock:
            self.clean += 1
        return ""

    def check(self, name, case_text):
        """('verified'|'identical'|'both-reject'|'skipped'|'fail', detail)."""
        fd, case = tempfile.mkstemp(suffix=".mlir", dir=self.tmp)
        with os.fdopen(fd, "w") as f:
            f.write(case_text)
        try:
            return self._check(case)
        finally:
            os.unlink(case)

    def _check(self, case):
        if self.prepare:
            p = testlib.run(self.prepare + ["-allow-unregistered-dialect", case],
                            self.env)
            if p.returncode != 0:
                return "unprepared", ""
            if self.args.grep and self.args.grep.encode() not in p.stdout:
                return "no-match", ""
            with open(case, "wb") as f:
                f.write(p.stdout)
        rc, text, err, stage, first = self.ours(case)
        crash = testlib.crash_reason(rc, err)
        if crash:
            return "fail", "%s: %s" % (stage, crash)
        if stage == "ir-asm":
            return "skipped", "ir-asm rejects it: " + err.strip().split("\n")[0]
        ref = None
        if self.reference:
            ref = testlib.run(self.reference + ["-allow-unregistered-dialect", case],
                              self.env)
        if rc != 0:
            if rc != 1:
                return "fail", "%s: exit status %d\n%s" % (stage, rc, testlib.tail(err))
            if ref is not None and ref.returncode != 0:
                return "both-reject", ""
            return "fail", "%s rejects the case%s:\n%s" % (
                stage, "" if ref is None else " (the reference accepts it)",
                testlib.tail(err))
        if ref is not None and ref.returncode != 0 and testlib.run(
                [self.args.mlir_opt, "-allow-unregistered-dialect", case],
                self.env).returncode != 0:
            return "skipped", "mlir-opt-22 cannot read the case"
        v = testlib.run([self.args.mlir_opt, "-allow-unregistered-dialect",
                         "--verify-each"], self.env, stdin=text.encode())
        if v.returncode != 0:
            return "fail", "mlir-opt-22 rejects our output:\n" + testlib.tail(
                v.stderr.decode(errors="replace"))
        if self.args.ir_run:
            bad = self.ir_run_check(case, text, first, ref)
            if bad:
                return "fail", bad
        if ref is None:
            return "verified", ""
        if ref.returncode != 0:
            if self.args.reference_may_reject:
                return "ours-only", ""
            return "fail", "the reference rejects the case, we accept it:\n" + \
                testlib.tail(ref.stderr.decode(errors="replace"))
        # Ours is ir-dis text; mlir-opt prints one more newline per module.
        if ref.stdout.decode(errors="replace").rstrip("\n") == text.rstrip("\n"):
            return "identical", ""
        if not self.args.exact:
            return "verified", ""
        diff = difflib.unified_diff(
            ref.stdout.decode(errors="replace").rstrip("\n").split("\n"),
            text.rstrip("\n").split("\n"), "reference", "ours", lineterm="", n=1)
        return "fail", "output differs from the reference's:\n" + \
            "\n".join(list(diff)[:24])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--stages", default="dd-lower --only",
                    help="our stage tools between ir-asm and ir-dis, `|`-separated")
    ap.add_argument("--reference",
                    default="mlir-opt-22 -bufferization-lower-deallocations",
                    help="mlir-opt-22 command to compare with ('' for none)")
    ap.add_argument("--exact", action="store_true", default=True,
                    help="the output must equal the reference's (default)")
    ap.add_argument("--no-exact", dest="exact", action="store_false")
    ap.add_argument("--grep", default="bufferization.dealloc",
                    help="only cases whose IR contains this (default: %(default)s)")
    ap.add_argument("--prepare", default="",
                    help="an mlir-opt-22 command run on each case first; the "
                    "pipeline and the reference then start from its output "
                    "(GREP is looked for in that output)")
    ap.add_argument("--gen", type=int, default=0, metavar="N",
                    help="also N modules of tests/bench/gen.py (seeds "
                    "SEED0..SEED0+N-1)")
    ap.add_argument("--gen-funcs", type=int, default=4,
                    help="functions per generated module (default 4)")
    ap.add_argument("--own-gen", type=int, default=0, metavar="N",
                    help="also N modules of tests/own/gen.py (seeds "
                    "SEED0..SEED0+N-1): programs made to run under ir-run")
    ap.add_argument("--seed0", type=int, default=1, metavar="SEED0")
    ap.add_argument("--only-generated", action="store_true",
                    help="no files: only the --gen / --own-gen modules")
    ap.add_argument("--reference-may-reject", action="store_true",
                    help="a case the reference rejects (MLIR's unsupported "
                    "forms: unstructured loops, unknown effects) and we "
                    "accept passes (as ours-only) if our output verifies "
                    "(and, with --ir-run, runs clean)")
    ap.add_argument("--ir-run", action="store_true",
                    help="also: where `ir-run --check --strict` finds the "
                    "case clean, it must find our output clean")
    ap.add_argument("--mlir-opt", default="mlir-opt-22")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    testlib.add_shard_arg(ap)
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("paths", nargs="*")
    args = ap.parse_args()

    paths = args.paths
    if args.only_generated:
        paths = []
    elif not paths:
        up = os.path.join(testlib.shared_dir(ROOT), "mlir-tests", "upstream")
        if not os.path.isdir(up):
            print("e2e: upstream tests not found in %s (set SHARED); using "
                  "tests/lower only" % up)
        paths = [up, os.path.join(HERE, "lower")]
    r = Runner(args)
    cases = []
    for path in files_of(paths):
        text = open(path, encoding="utf-8", errors="replace").read()
        rel = os.path.relpath(path, ROOT)
        for k, (line, chunk) in enumerate(testlib.split_cases(text), 1):
            if not args.prepare and args.grep and \
                    args.grep not in COMMENT_RE.sub("", chunk):
                continue
            cases.append(("%s#%d" % (rel, k),
                          testlib.neutralise(testlib.padded(line, chunk))))

    generators = [("bench/gen.py", ["--funcs", str(args.gen_funcs)], args.gen, "generated"),
                  ("own/gen.py", ["--count", "1"], args.own_gen, "own-gen")]
    for script, extra, n, prefix in generators:
        for seed in range(args.seed0, args.seed0 + n):
            g = testlib.run([sys.executable, os.path.join(HERE, script), "--seed",
                             str(seed)] + extra, r.env)
            if g.returncode != 0:
                print("e2e: %s --seed %d failed" % (script, seed))
                return 1
            text = g.stdout.decode()
            if args.prepare or not args.grep or args.grep in COMMENT_RE.sub("", text):
                cases.append(("%s/seed%d" % (prefix, seed), text))

    cases = list(testlib.take_shard(cases, args.shard))
    with ThreadPoolExecutor(max_workers=max(1, args.j)) as ex:
        results = list(ex.map(lambda c: (c[0],) + r.check(*c), cases))
    unprepared = sum(1 for x in results if x[1] == "unprepared")
    results = [x for x in results if x[1] not in ("no-match", "unprepared")]
    counts = {}
    for name, verdict, detail in results:
        counts[verdict] = counts.get(verdict, 0) + 1
        if verdict == "fail" or (args.verbose or verdict == "skipped"):
            print("%s %s%s" % (verdict.upper(), name,
                               ("\n    " + detail.rstrip().replace("\n", "\n    "))
                               if detail else ""))
    os.rmdir(r.tmp)
    print("e2e: %d cases: %d identical to the reference, %d verified, "
          "%s%d rejected by both, %d skipped, %d failed"
          % (len(results), counts.get("identical", 0), counts.get("verified", 0),
             "%d verified where the reference rejects, " % counts["ours-only"]
             if "ours-only" in counts else "",
             counts.get("both-reject", 0), counts.get("skipped", 0),
             counts.get("fail", 0)) +
          (" (%d cases that --prepare rejects or crashes on left out)" % unprepared
           if unprepared else ""))
    if args.ir_run:
        print("e2e: ir-run --check: %d cases with a clean baseline run clean "
              "after our pipeline too; %d have no clean baseline (input%s not "
              "clean or not runnable)" % (r.clean, r.not_clean,
                                         ", first stage, reference" if
                                         len(r.stages) > 1 else ""))
    return 1 if counts.get("fail") else 0


if __name__ == "__main__":
    sys.exit(main())
