#!/usr/bin/env python3
"""compare.py - dd-own --only against mlir-opt-22 -ownership-based-buffer-
deallocation, case by case (MLIR's `// -----` split), as text: both outputs
are printed by their own printer and compared line for line.

    tests/own/compare.py [--bin DIR] [--dynamic] [--show] [--expect FILE] FILE...

One line per case: SAME, DIFF, BOTH-FAIL (both reject the input, with the
same first error message), REF-FAIL (only mlir-opt-22 fails: the input is
beyond MLIR 22, e.g. an unstructured loop; our output, in generic form,
must then still parse and verify with mlir-opt-22, else the case is
UNVERIFIED) or OURS-FAIL, then a summary.
--show prints the diffs. --expect FILE names the cases allowed to differ
(`file:case: reason` lines); the exit status is 1 if any other case is not
SAME / BOTH-FAIL / REF-FAIL. The upstream-compare.sh test runs it over
MLIR's own tests."""
import argparse
import difflib
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests"))
import testlib  # noqa: E402

ERR_RE = re.compile(r"error: (.*)$", re.M)


def cases(path):
    text = open(path, encoding="utf-8").read()
    # Neutralise expected-* annotations (mlir-opt-22 reports them as
    # unproduced errors even without -verify-diagnostics) keeping lengths.
    text = text.replace("expected-", "expected_")
    out, line = [], 1
    for chunk in testlib.SPLIT_RE.split(text):
        # Pad so line numbers stay those of the file.
        out.append("\n" * (line - 1) + chunk)
        line += chunk.count("\n")
    return out


def run(cmd, text):
    r = subprocess.run(cmd, input=text, capture_output=True, text=True,
                       timeout=60)
    return r.returncode, r.stdout, r.stderr


def first_error(s):
    m = ERR_RE.search(s)
    return m.group(1).strip() if m else s.strip()[:200]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--dynamic", action="store_true",
                    help="private-function-dynamic-ownership")
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--expect")
    ap.add_argument("-j", type=int, default=2, help="parallel cases")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    allowed = {}
    if a.expect:
        for ln in open(a.expect, encoding="utf-8"):
            ln = ln.strip()
            if ln and not ln.startswith("#"):
                k, _, why = ln.partition(": ")
                allowed[k] = why
    ours = [os.path.join(a.bin, "dd-own"), "--only", "-S",
            "--allow-unregistered-dialect"]
    ref = ["mlir-opt-22", "--allow-unregistered-dialect",
           "-ownership-based-buffer-deallocation"]
    if a.dynamic:
        ours.append("--private-function-dynamic-ownership")
        ref[-1] += "=private-function-dynamic-ownership=true"
    def judge(job):
        key, text = job
        rc1, o1, e1 = run(ours, text)
        rc2, o2, e2 = run(ref, text)
        if rc1 == 0 and rc2 == 0:
            verdict = "SAME" if o1 == o2 else "DIFF"
        elif rc1 and rc2:
            verdict = ("BOTH-FAIL" if first_error(e1) == first_error(e2)
                       else "DIFF")
        elif rc2:
            verdict = "REF-FAIL"
            g = run(ours + ["--generic"], text)
            v = run(["mlir-opt-22", "--allow-unregistered-dialect"], g[1])
            if g[0] or v[0]:
                verdict, e1 = "UNVERIFIED", v[2] or g[2]
        else:
            verdict = "OURS-FAIL"
        return key, verdict, rc1, o1, e1, rc2, o2, e2

    jobs = []
    for f in a.files:
        for i, text in enumerate(cases(f), 1):
            jobs.append(("%s:%d" % (os.path.basename(f), i), text))
    counts, bad = {}, 0
    with ThreadPoolExecutor(max_workers=max(1, a.j)) as ex:
        results = list(ex.map(judge, jobs))
    for key, verdict, rc1, o1, e1, rc2, o2, e2 in results:
        counts[verdict] = counts.get(verdict, 0) + 1
        note = ""
        if verdict in ("DIFF", "OURS-FAIL", "UNVERIFIED"):
            if key in allowed:
                note = "  (allowed: %s)" % allowed[key]
            else:
                bad += 1
        print("%s %s%s" % (verdict, key, note))
        if a.show and verdict == "DIFF":
            if rc1 or rc2:
                print("  ours: %s\n  ref:  %s" % (first_error(e1),
                                                  first_error(e2)))
            else:
                sys.stdout.writelines(difflib.unified_diff(
                    o2.splitlines(True), o1.splitlines(True),
                    "mlir-opt-22", "dd-own", n=2))
        if a.show and verdict in ("OURS-FAIL", "REF-FAIL", "UNVERIFIED"):
            print("  " + first_error(e1 if verdict != "REF-FAIL" else e2))
    print("compare: " + ", ".join("%d %s" % (n, k)
                                  for k, n in sorted(counts.items())))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
