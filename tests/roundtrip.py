"""roundtrip.py - the round-trip test, run by tests/run (one test per case).

For every `// -----` case of every upstream test file outside Integration/
(../shared/mlir-tests/upstream/), of the project's own inputs (tests/*/*.mlir,
examples/*.mlir) and of a few small generated corpora (tests/bench/gen.py):

 (a) `ir-asm --split-input-file CASE` succeeds (except the cases listed in
     EXPECTED_FAIL below, which must fail cleanly, and own cases that carry
     expected-error annotations or a `NO-ROUNDTRIP` comment: those test
     errors on purpose and their own RUN lines check them);
 (b) the bytecode survives text:
       ir-asm --strip-locs CASE  ==  ir-asm CASE | ir-dis | ir-asm --strip-locs
       ir-asm CASE               ==  ir-asm CASE | ir-dis --debuginfo --generic | ir-asm
       ir-asm --strip-locs CASE  ==  ir-asm CASE | ir-dis --generic | ir-asm --strip-locs
     byte for byte (without --debuginfo the text has no locations, so the
     plain comparison strips them on both sides); and `ir-dis --debuginfo`
     (custom form, which like MLIR's does not print every block argument's
     or elided terminator's location) reaches a fixed point after one
     round trip;
 (d) ir-asm writes a module as it parses it, a top-level op at a time
     (format/write.c's streams); read back and written whole, the bytecode
     is the same, byte for byte:
       ir-asm CASE  ==  ir-asm CASE | ir-asm     (and with --strip-locs)
 (c) when mlir-opt-22 is present and accepts the case:
       mlir-opt-22 CASE  and  ir-asm CASE | ir-dis | mlir-opt-22
     print identical text, and `ir-dis --generic` output parses and verifies
     in mlir-opt-22 (both with --allow-unregistered-dialect).
As a note (not a verdict) it counts the cases where ir-dis prints exactly
what mlir-opt-22 prints.
"""
import os
import threading

import testlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# (path relative to upstream/, case number from 1) -> why ir-asm must reject
# it. Keep this list honest: a listed case that assembles is a failure.
EXPECTED_FAIL = {
}

# Cases whose text form loses information on purpose, as mlir-opt-22's does
# (e.g. an explicitly written default-valued attribute that the custom form
# elides): name -> why. For these, (b) checks that the bytecode is stable
# after one trip through text instead of identical to the first.
TEXT_LOSSY = {
    "roundtrip/tests/syntax/memref.mlir#1":
        "memref.store {nontemporal = false} is elided by the custom form "
        "(mlir-opt-22 prints it the same way)",
}

# Generated corpora checked like any other input: (seed, functions).
GENERATED = [(1, 40), (2, 40), (3, 120)]

_notes_lock = threading.Lock()
NOTES = {"same_as_mlir": 0, "compared": 0, "differ": []}


def upstream_files(shared):
    base = os.path.join(shared, "mlir-tests", "upstream")
    out = []
    for d, subdirs, files in os.walk(base):
        subdirs[:] = sorted(s for s in subdirs
                            if not (d == base and s == "Integration"))
        for f in sorted(files):
            if f.endswith(".mlir"):
                p = os.path.join(d, f)
                out.append((os.path.relpath(p, base), p))
    return sorted(out)


def own_files():
    out = []
    for d in sorted(os.listdir(HERE)):
        full = os.path.join(HERE, d)
        if d in ("unit", "bench", "out", "__pycache__") or not os.path.isdir(full):
            continue
        for f in sorted(os.listdir(full)):
            if f.endswith(".mlir"):
                out.append(("tests/%s/%s" % (d, f), os.path.join(full, f)))
    ex = os.path.join(ROOT, "examples")
    if os.path.isdir(ex):
        for f in sorted(os.listdir(ex)):
            if f.endswith(".mlir"):
                out.append(("examples/" + f, os.path.join(ex, f)))
    return out


def jobs(ctx):
    out = []
    if not os.path.isdir(os.path.join(ctx.shared, "mlir-tests", "upstream")):
        # ../shared is the workplace's, not the project's: a clone elsewhere
        # has no upstream tests. Say so and count it as skipped; the own
        # and generated cases below still run.
        msg = ("skipped: upstream tests not found in %s/mlir-tests/upstream "
               "(shared/ belongs beside the repository; or set SHARED)"
               % ctx.shared)
        out.append(("roundtrip/upstream", lambda: testlib.Result(
            "roundtrip/upstream", True, msg, 1)))
    for rel, path in upstream_files(ctx.shared):
        text = open(path, encoding="utf-8", errors="replace").read()
        for k, (line, chunk) in enumerate(testlib.split_cases(text), 1):
            name = "roundtrip/upstream/%s#%d" % (rel, k)
            xfail = EXPECTED_FAIL.get((rel, k))
            out.append((name, lambda n=name, c=testlib.padded(line, chunk), x=xfail:
                        check_case(ctx, n, c, x)))
    for rel, path in own_files():
        text = open(path, encoding="utf-8", errors="replace").read()
        for k, (line, chunk) in enumerate(testlib.split_cases(text), 1):
            if "expected-error" in chunk or "NO-ROUNDTRIP" in chunk:
                continue
            name = "roundtrip/%s#%d" % (rel, k)
            out.append((name, lambda n=name, c=testlib.padded(line, chunk):
                        check_case(ctx, n, c, None)))
    gen = os.path.join(HERE, "bench", "gen.py")
    if os.path.isfile(gen):
        for seed, funcs in GENERATED:
            name = "roundtrip/generated/seed%d-%d" % (seed, funcs)
            out.append((name, lambda n=name, s=seed, f=funcs:
                        check_generated(ctx, n, s, f)))
    return out


def check_generated(ctx, name, seed, funcs):
    r = testlib.run(["python3", os.path.join(HERE, "bench", "gen.py"),
                     "--seed", str(seed), "--funcs", str(funcs)], ctx.env)
    if r.returncode != 0:
        return testlib.Result(name, False, "gen.py failed:\n" +
                              testlib.tail(r.stderr.decode(errors="replace")))
    return check_case(ctx, name, r.stdout.decode(), None)


def check_case(ctx, name, text, xfail):
    lossy = TEXT_LOSSY.get(name)
    Res = testlib.Result
    scratch = ctx.scratch(name)
    case = os.path.join(scratch, "case.mlir")
    with open(case, "w", encoding="utf-8") as f:
        f.write(testlib.neutralise(text))
    tool = lambda t: os.path.join(ctx.bin, t)
    unreg = "--allow-unregistered-dialect"
    env = ctx.env

    def step(argv, data=None, what=None):
        r = testlib.run(argv, env, data, timeout=ctx.timeout)
        err = r.stderr.decode(errors="replace")
        crash = testlib.crash_reason(r.returncode, err)
        return r, err, crash

    # (a)
    r, err, crash = step([tool("ir-asm"), "--split-input-file", unreg, case])
    if crash:
        return Res(name, False, "ir-asm %s\n%s" % (crash, testlib.tail(err)))
    if xfail:
        if r.returncode == 0:
            return Res(name, False, "expected ir-asm to fail (%s) but it succeeded" % xfail)
        return Res(name, True, "expected failure: " + xfail)
    if r.returncode != 0:
        return Res(name, False, "(a) ir-asm failed (exit %d)\n%s" % (r.returncode, testlib.tail(err)))
    bc = r.stdout
    problems = []
    r, err, crash = step([tool("ir-asm"), "--split-input-file", "--strip-locs", unreg, case])
    if r.returncode != 0 or crash:
        return Res(name, False, "(b) ir-asm --strip-locs failed\n" + testlib.tail(err))
    bc_stripped = r.stdout

    def through(dis_flags, asm_flags, want, label, fixpoint=False):
        r, err, crash = step([tool("ir-dis")] + dis_flags, bc)
        if r.returncode != 0 or crash:
            problems.append("(b) ir-dis %s failed: %s\n%s" % (" ".join(dis_flags), crash or "exit %d" % r.returncode, testlib.tail(err)))
            return None
        text = r.stdout
        r, err, crash = step([tool("ir-asm"), unreg] + asm_flags, text)
        if r.returncode != 0 or crash:
            problems.append("(b) ir-asm of `ir-dis %s` output failed: %s\n%s" % (
                " ".join(dis_flags), crash or "exit %d" % r.returncode, testlib.tail(err)))
            save(scratch, label + ".mlir", text)
            return text
        if r.stdout != want and (lossy or fixpoint):
            again = step([tool("ir-dis")] + dis_flags, r.stdout)[0]
            again = step([tool("ir-asm"), unreg] + asm_flags, again.stdout)[0]
            if again.returncode == 0 and again.stdout == r.stdout:
                return text
        if r.stdout != want:
            problems.append("(b) %s: bytecode differs after the text round trip "
                            "(%d vs %d bytes; texts in %s)" % (
                                label, len(want), len(r.stdout), scratch))
            save(scratch, label + ".mlir", text)
        return text

    # (d)
    for want, flags in ((bc, []), (bc_stripped, ["--strip-locs"])):
        r, err, crash = step([tool("ir-asm"), unreg] + flags, want)
        if r.returncode != 0 or crash:
            problems.append("(d) ir-asm %s of its own bytecode failed: %s\n%s" % (
                " ".join(flags), crash or "exit %d" % r.returncode, testlib.tail(err)))
        elif r.stdout != want:
            problems.append("(d) ir-asm %s: the bytecode written while parsing differs "
                            "from the module's written whole (%d vs %d bytes)" % (
                                " ".join(flags), len(want), len(r.stdout)))
            save(scratch, "streamed%s.irb" % "".join(flags), want)
            save(scratch, "whole%s.irb" % "".join(flags), r.stdout)

    plain = through([], ["--strip-locs"], bc_stripped, "plain")
    # The generic form prints every location, so it round-trips exactly.
    # The custom form is lossy the way MLIR's is: it does not print the
    # locations of block arguments such as scf.for's induction variable or
    # iter_args, nor of the terminators it elides, so those become positions
    # in the printed text; one more round trip must then change nothing.
    through(["--debuginfo", "--generic"], [], bc, "debuginfo-generic")
    through(["--debuginfo"], [], bc, "debuginfo", fixpoint=True)
    generic = through(["--generic"], ["--strip-locs"], bc_stripped, "generic")

    skipped = 0
    if ctx.mlir_opt is None:
        skipped = 1
    else:
        ref = testlib.run([ctx.mlir_opt, unreg, case], env, timeout=ctx.timeout)
        if ref.returncode != 0:
            skipped = 1  # mlir-opt-22 rejects the case: nothing to compare
        elif plain is not None:
            ours = testlib.run([ctx.mlir_opt, unreg, "-"], env, plain, timeout=ctx.timeout)
            if ours.returncode != 0:
                problems.append("(c) mlir-opt-22 rejects ir-dis output:\n" +
                                testlib.tail(ours.stderr.decode(errors="replace")))
                save(scratch, "plain.mlir", plain)
            elif ours.stdout != ref.stdout:
                problems.append("(c) mlir-opt-22 prints ir-dis output differently "
                                "from the case (see %s)" % scratch)
                save(scratch, "plain.mlir", plain)
                save(scratch, "ref.mlir", ref.stdout)
                save(scratch, "ours.mlir", ours.stdout)
            with _notes_lock:
                NOTES["compared"] += 1
                NOTES["same_as_mlir"] += plain == ref.stdout
                if plain != ref.stdout:
                    NOTES["differ"].append(name)
            if generic is not None:
                g = testlib.run([ctx.mlir_opt, unreg, "-"], env, generic, timeout=ctx.timeout)
                if g.returncode != 0:
                    problems.append("(c) mlir-opt-22 rejects `ir-dis --generic` output:\n" +
                                    testlib.tail(g.stderr.decode(errors="replace")))
                    save(scratch, "generic.mlir", generic)
    if problems:
        return Res(name, False, "\n".join(problems), skipped)
    return Res(name, True, "", skipped)


def save(d, name, data):
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def summary():
    if not NOTES["compared"]:
        return None
    differ = sorted(NOTES["differ"])
    return "ir-dis text identical to mlir-opt-22's on %d of %d cases%s" % (
        NOTES["same_as_mlir"], NOTES["compared"],
        " (differs: %s%s)" % (", ".join(differ[:5]), ", ..." if len(differ) > 5 else "")
        if differ else "")
