"""testlib.py - helpers shared by tests/run, tests/roundtrip.py,
tests/corrupt.py and the long test drivers: the environment the tools run
in, crash detection, MLIR's split rule, expected-diagnostic checking (the
same rules as ../shared/mlir-tests/run-conformance) and --shard."""
import argparse
import itertools
import os
import re
import shlex
import subprocess

SPLIT_RE = re.compile(r"// -----(?!-)")
EXPECTED_RE = re.compile(
    r"expected-(error|warning|remark|note)(-re)?\s*(?:@(\S+?))?\s*\{\{(.*?)\}\}")
DESIGNATOR_RE = re.compile(r"expected-(error|warning|remark|note)")
DIAG_RE = re.compile(
    r"^(?:(?P<file>.*?):(?P<line>\d+)(?::(?P<col>\d+))?: )?"
    r"(?P<kind>error|warning|remark|note): (?P<msg>.*)$")

# Sanitizer reports get their own exit codes so that they are never mistaken
# for the tools' own exit 1 (bad input).
ASAN_EXIT, UBSAN_EXIT = 97, 98
CRASH_MARKERS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer",
                 "runtime error:", "internal error:", "not: command crashed",
                 "Segmentation fault", "Aborted")


def quote(s):
    return shlex.quote(s)


def tail(s, n=15):
    if not s:
        return ""
    lines = s.rstrip("\n").split("\n")
    cut = lines[-n:]
    return ("    ...\n" if len(lines) > n else "") + "\n".join(cut) + "\n"


def shared_dir(root):
    """../shared beside the repository (CI clones shared/ beside it)."""
    env = os.environ.get("SHARED")
    if env:
        return os.path.abspath(env)
    return os.path.normpath(os.path.join(root, "..", "shared"))


def tool_env(bin_dir, shims):
    env = dict(os.environ)
    env["PATH"] = bin_dir + os.pathsep + shims + os.pathsep + env.get("PATH", "")
    env["ASAN_OPTIONS"] = "exitcode=%d:detect_leaks=1:abort_on_error=0" % ASAN_EXIT
    env["UBSAN_OPTIONS"] = "exitcode=%d:print_stacktrace=1:halt_on_error=1" % UBSAN_EXIT
    env["LC_ALL"] = "C"
    env.pop("CONFORMANCE_ALLOW_UNREGISTERED", None)
    return env


def make_shims(d, filecheck, mlir_opt):
    """FileCheck, mlir-opt (the -22 versions) and lit's `not`, which fails
    when the command succeeds and also when it crashes."""
    def put(name, body):
        p = os.path.join(d, name)
        with open(p, "w") as f:
            f.write(body)
        os.chmod(p, 0o755)
    if filecheck:
        put("FileCheck", '#!/bin/sh\nexec %s "$@"\n' % quote(filecheck))
    if mlir_opt:
        put("mlir-opt", '#!/bin/sh\nexec %s "$@"\n' % quote(mlir_opt))
    put("not", """#!/bin/bash
"$@"
s=$?
if [ $s -eq 0 ]; then exit 1; fi
if [ $s -ge 126 ] || [ $s -eq %d ] || [ $s -eq %d ]; then
  echo "not: command crashed (exit status $s): $*" >&2; exit 125
fi
exit 0
""" % (ASAN_EXIT, UBSAN_EXIT))


def crash_reason(rc, stderr):
    """Why a run counts as a crash (signal, sanitizer report, internal
    error), or None. A report found in stderr is quoted (its first lines)."""
    for m in CRASH_MARKERS:
        i = stderr.find(m) if stderr else -1
        if i >= 0:
            start = stderr.rfind("\n", 0, i) + 1
            report = stderr[start:].split("\n")[:8]
            return "crash:\n    " + "\n    ".join(report)
    if rc < 0:
        return "killed by signal %d" % -rc
    if rc in (ASAN_EXIT, UBSAN_EXIT) or rc >= 128:
        return "crash (exit status %d)" % rc
    return None


def run(argv, env, stdin=None, timeout=120, cwd=None):
    """Run argv with bytes in and out; returns CompletedProcess (rc 124 on
    timeout)."""
    try:
        return subprocess.run(argv, input=stdin if stdin is not None else b"",
                              capture_output=True, env=env, timeout=timeout,
                              cwd=cwd)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(argv, 124, b"", b"timed out")


def split_cases(text):
    """[(start_line, chunk_text)] using MLIR's `// -----` split rule."""
    cases, pos, line = [], 0, 1
    for m in SPLIT_RE.finditer(text):
        chunk = text[pos:m.start()]
        cases.append((line, chunk))
        line += chunk.count("\n")
        pos = m.end()
    cases.append((line, text[pos:]))
    return cases


def padded(start_line, chunk):
    """The chunk padded with blank lines so its line numbers are those of the
    original file."""
    return "\n" * (start_line - 1) + chunk


def expected_diags(chunk, start_line):
    lines = chunk.split("\n")
    out = []
    for idx, line in enumerate(lines):
        for m in EXPECTED_RE.finditer(line):
            kind, is_re, off, msg = m.group(1), bool(m.group(2)), m.group(3), m.group(4)
            ln = start_line + idx
            if off is None:
                target = ln
            elif off == "unknown":
                target = None
            elif off == "below":
                j = idx + 1
                while j < len(lines) and DESIGNATOR_RE.search(lines[j]):
                    j += 1
                target = start_line + j
            elif off == "above":
                j = idx - 1
                while j >= 0 and DESIGNATOR_RE.search(lines[j]):
                    j -= 1
                target = start_line + j
            elif re.fullmatch(r"[+-]\d+", off):
                target = ln + int(off)
            elif off.isdigit():
                target = int(off)
            else:
                target = ("unparsed", off)
            out.append({"kind": kind, "re": is_re, "line": target, "msg": msg,
                        "matched": False})
    return out


def parse_diags(stderr):
    diags = []
    for line in stderr.splitlines():
        m = DIAG_RE.match(line.strip())
        if not m:
            continue
        ln = int(m.group("line")) if m.group("line") else None
        if m.group("file") in ("<unknown>", "loc(unknown)") or ln == 0:
            ln = None
        diags.append({"kind": m.group("kind"), "line": ln, "msg": m.group("msg"),
                      "raw": line.strip()})
    return diags


def verify_diags(expected, stderr):
    """Problems (list of strings) comparing expected diagnostics to stderr."""
    observed = parse_diags(stderr)
    problems = []
    for d in observed:
        for e in expected:
            if e["matched"] or e["kind"] != d["kind"] or e["line"] != d["line"]:
                continue
            try:
                ok = re.search(e["msg"], d["msg"]) if e["re"] else e["msg"] in d["msg"]
            except re.error:
                ok = False
            if ok:
                e["matched"] = d["matched"] = True
                break
    for e in expected:
        if not e["matched"]:
            problems.append("expected %s not produced at line %s: %s"
                            % (e["kind"], e["line"], e["msg"]))
    for d in observed:
        if d["kind"] == "error" and not d.get("matched"):
            problems.append("unexpected error: %s" % d["raw"])
    return problems


class Result:
    """One test's verdict."""

    def __init__(self, name, ok, detail="", skipped=0):
        self.name = name        # test name, e.g. "filecheck/tools/split.mlir"
        self.ok = ok            # passed?
        self.detail = detail    # why it failed (or a note)
        self.skipped = skipped  # sub-checks skipped (e.g. no mlir-opt-22)


def neutralise(text):
    """mlir-opt-22 reports expected-* annotations as unmet even without
    -verify-diagnostics; same-length replacement keeps every column."""
    return text.replace("expected-", "expected_")


def add_shard_arg(ap):
    """--shard I/N on argparse parser ap: args.shard is then (I, N), for
    take_shard."""
    def parse(v):
        m = re.fullmatch(r"(\d+)/(\d+)", v)
        if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
            raise argparse.ArgumentTypeError("wants I/N with 1 <= I <= N")
        return int(m.group(1)), int(m.group(2))
    ap.add_argument("--shard", default=(1, 1), type=parse, metavar="I/N",
                    help="only every Nth case, from the Ith (1-based): the "
                    "suite runs a long list as N tests, each well inside its "
                    "time limit")


def take_shard(items, shard):
    """The items of shard (I, N): every Nth, from the Ith."""
    return itertools.islice(items, shard[0] - 1, None, shard[1])
