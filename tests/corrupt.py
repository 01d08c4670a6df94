"""corrupt.py - the tool-level corruption test, run by tests/run.

For a few upstream modules (MODULES), their bytecode is cut at every length
and has every byte replaced (by its complement, plus seeded random values at
sampled positions), and each variant is given to `ir-dis`: it must exit 1
with exactly one line on stderr, an `error:` line, and never crash (signal,
sanitizer report, internal error). The sanitized tools (build-san/bin) are
used when they are built. One variant set uses a zstd-compressed frame, one a
two-frame stream (`cat a.irb b.irb`) cut inside its second frame, where the
first module must still be printed.

Not covered here: the empty input (zero bytes is valid MLIR text: an empty
module). The exhaustive byte-by-byte sweep of every value at every offset is
the C unit test of the reader (tests/unit/test_format.c).
"""
import os
import random
from concurrent.futures import ThreadPoolExecutor

import testlib

# (upstream file, case number from 1, extra ir-asm flags)
MODULES = [
    ("Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/"
     "dealloc-branchop-interface.mlir", 1, []),
    ("Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/"
     "dealloc-region-branchop-interface.mlir", 2, []),
    ("Dialect/Bufferization/Transforms/lower-deallocations.mlir", 1, []),
    ("Dialect/MemRef/expand-realloc.mlir", 1, ["--zstd=3"]),
    ("gen:11:3", 1, []),   # tests/bench/gen.py --seed 11 --funcs 3
]
MAX_POSITIONS = 1500   # positions swept per module (sampled beyond that)
EXTRA_VALUES = 2       # random replacement values per sampled position


def jobs(ctx):
    out = []
    base = os.path.join(ctx.shared, "mlir-tests", "upstream")
    for rel, k, flags in MODULES:
        path = rel if rel.startswith("gen:") else os.path.join(base, rel)
        if not rel.startswith("gen:") and not os.path.isfile(path):
            continue
        name = "corrupt/%s#%d%s" % (os.path.basename(rel), k,
                                    "".join(" " + f for f in flags))
        out.append((name, lambda n=name, p=path, k=k, f=flags:
                    corrupt_module(ctx, n, p, k, f)))
    if MODULES:
        rel, k, _ = MODULES[0]
        path = os.path.join(base, rel)
        if os.path.isfile(path):
            out.append(("corrupt/stream-second-frame",
                        lambda: corrupt_stream(ctx, "corrupt/stream-second-frame", path, k)))
    return out


def assemble(ctx, path, k, flags):
    if path.startswith("gen:"):
        _, seed, funcs = path.split(":")
        gen = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench", "gen.py")
        text = testlib.run(["python3", gen, "--seed", seed, "--funcs", funcs],
                           ctx.env).stdout.decode()
    else:
        text = open(path, encoding="utf-8", errors="replace").read()
    line, chunk = testlib.split_cases(text)[k - 1]
    r = testlib.run([os.path.join(ctx.bin, "ir-asm"), "--allow-unregistered-dialect"]
                    + flags + ["-"],
                    ctx.env, testlib.padded(line, chunk).encode(), timeout=ctx.timeout)
    return r


def check_one(ctx, dis, data, want_stdout_prefix=None, intact=None):
    """None if ir-dis handled `data` as required, "harmless" if it decoded
    it to exactly the intact module (a change in header bits the format
    says readers ignore), else the problem."""
    r = testlib.run([dis], ctx.env, data, timeout=60)
    err = r.stderr.decode(errors="replace")
    crash = testlib.crash_reason(r.returncode, err)
    if crash:
        return crash + "\n" + testlib.tail(err, 8)
    if r.returncode == 0 and intact is not None and r.stdout == intact and not err:
        return "harmless"
    lines = [l for l in err.split("\n") if l.strip()]
    if r.returncode != 1:
        return "exit status %d (want 1)%s" % (r.returncode, "\n" + testlib.tail(err, 5) if err else "")
    if len(lines) != 1 or "error:" not in lines[0]:
        return "want exactly one error line, got %d:\n%s" % (len(lines), testlib.tail(err, 5))
    if want_stdout_prefix is not None and not r.stdout.startswith(want_stdout_prefix):
        return "the modules before the bad frame were not printed"
    return None


def corrupt_module(ctx, name, path, k, flags):
    Res = testlib.Result
    r = assemble(ctx, path, k, flags)
    if r.returncode != 0:
        return Res(name, False, "ir-asm failed on the module:\n" +
                   testlib.tail(r.stderr.decode(errors="replace")))
    bc = r.stdout
    dis = os.path.join(ctx.san_bin or ctx.bin, "ir-dis")
    ok = testlib.run([dis], ctx.env, bc, timeout=60)
    if ok.returncode != 0:
        return Res(name, False, "ir-dis rejects the intact frame:\n" +
                   testlib.tail(ok.stderr.decode(errors="replace")))
    rng = random.Random(1234 + len(bc))
    variants = []
    for n in range(1, len(bc)):
        variants.append(("truncated to %d bytes" % n, bc[:n]))
    positions = list(range(len(bc)))
    if len(positions) > MAX_POSITIONS:
        positions = sorted(rng.sample(positions, MAX_POSITIONS))
    for i in positions:
        variants.append(("byte %d ^ 0xff" % i, bc[:i] + bytes([bc[i] ^ 0xFF]) + bc[i + 1:]))
    for i in rng.sample(range(len(bc)), min(len(bc), 256)):
        for _ in range(EXTRA_VALUES):
            v = rng.randrange(256)
            if v != bc[i]:
                variants.append(("byte %d = 0x%02x" % (i, v), bc[:i] + bytes([v]) + bc[i + 1:]))
    bad, harmless = [], set()
    with ThreadPoolExecutor(max_workers=4) as ex:
        verdicts = ex.map(lambda v: check_one(ctx, dis, v[1], None, ok.stdout), variants)
        for (what, _), problem in zip(variants, verdicts):
            if problem == "harmless":
                harmless.add(what.split()[1] if what.startswith("byte") else what)
            elif problem and len(bad) < 5:
                bad.append("%s: %s" % (what, problem))
    if bad:
        return Res(name, False, "%d-byte frame, ir-dis %s:\n%s" % (
            len(bc), dis, "\n".join(bad)))
    note = "%d variants of a %d-byte frame" % (len(variants), len(bc))
    if harmless:
        note += "; ignored changes (reserved optional bits) at bytes " + \
            ",".join(sorted(harmless, key=int))
    return Res(name, True, note)


def corrupt_stream(ctx, name, path, k):
    Res = testlib.Result
    r = assemble(ctx, path, k, [])
    if r.returncode != 0:
        return Res(name, False, "ir-asm failed on the module")
    bc = r.stdout
    dis = os.path.join(ctx.san_bin or ctx.bin, "ir-dis")
    one = testlib.run([dis], ctx.env, bc)
    if one.returncode != 0:
        return Res(name, False, "ir-dis rejects the intact frame:\n" +
                   testlib.tail(one.stderr.decode(errors="replace")))
    stream = bc + bc
    two = testlib.run([dis], ctx.env, stream)
    want_two = one.stdout + b"// -----\n" + one.stdout
    if two.returncode != 0 or two.stdout != want_two:
        return Res(name, False, "`cat a.irb a.irb | ir-dis` does not print both "
                   "modules separated by `// -----`")
    bad = []
    for n in range(len(bc) + 1, len(stream), max(1, len(bc) // 64)):
        problem = check_one(ctx, dis, stream[:n], one.stdout)
        if problem:
            bad.append("stream cut at %d: %s" % (n, problem))
            if len(bad) >= 5:
                break
    if bad:
        return Res(name, False, "\n".join(bad))
    return Res(name, True)
