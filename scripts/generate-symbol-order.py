#!/usr/bin/env python3
"""Generates cmake/symbol-order.txt: the order in which the linker places the library's
functions (lld's --symbol-ordering-file, in the Embedded Swift build), so that the code a
fresh process's first calls run is together at the start of .text.

A first call faults in the pages of the code it runs, and the kernel maps the cached pages
around each fault with it; with the functions in the compiler's order, the first
tournaments.filter touched pages across the whole text and added about twice the resident
memory of the C + jansson reference (Benchmarks/coldstart.c measures it). The order is: the C
startup functions that run at dlopen (next to .init, which dlopen touches anyway), then the
functions tournaments.filter's first call runs (the cold-start workload), then, method by
method, the functions each other method's first call adds, each group's most widely used
first (then by name: the file depends on which functions run, not on where they are).

    python3 scripts/generate-symbol-order.py build/libtournamentcore.so REQUESTS_DIR
    python3 scripts/generate-symbol-order.py build/libtournamentcore.so --check

REQUESTS_DIR holds `<method>.small.json` for every method (`build/Benchmarks/benchmark --quick
--all-requests DIR` writes them); build/Benchmarks/first-calls makes the calls, under valgrind's
callgrind. Run it on a build made without the file's order mattering (any Release build of the
Embedded library: the order changes where functions are, not which run). Names that go stale
as the sources change are ignored by the linker, so an old file costs memory, never
correctness; --check (which the test command runs) fails when a name of the file is no longer a
function of the library, the sign that the sources moved on: then regenerate it.
"""
import collections
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "cmake", "symbol-order.txt")
FIRST = "tournaments.filter"
# crtbeginS.o's functions: frame_dummy runs at dlopen (init_array); callgrind may name them by
# address only, so they are listed by name.
STARTUP = ["frame_dummy", "register_tm_clones", "deregister_tm_clones", "__do_global_dtors_aux"]


def executed(profile, library):
    """The library's functions a callgrind profile ran."""
    names, seen, current = [], set(), None
    with open(profile, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if line.startswith("ob="):
                current = os.path.basename(line[3:].strip())
            elif line.startswith("fn=") and current == library:
                name = line[3:].strip().split("'")[0]  # (callgrind marks recursion levels: name'2)
                if name not in seen and not name.startswith("0x"):  # 0x...: PLT stubs
                    seen.add(name)
                    names.append(name)
    return names


def profile(driver, library, request, method, folder):
    output = os.path.join(folder, method + ".callgrind")
    subprocess.run(["valgrind", "--tool=callgrind", "--dump-instr=no", "--demangle=no", "--compress-strings=no",
                    "--compress-pos=no", "--callgrind-out-file=" + output, driver, library, request, method],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return executed(output, os.path.basename(library))


def check(library):
    """Whether every function the file names is one of the library's."""
    listed = [line.strip() for line in open(OUTPUT, encoding="utf-8") if line.strip()]
    symbols = subprocess.run(["nm", "--defined-only", library], check=True, capture_output=True, text=True).stdout
    defined = {line.split()[-1] for line in symbols.splitlines() if len(line.split()) >= 3}
    missing = [name for name in listed if name not in defined and name not in STARTUP]
    if missing:
        print("%s names %d function(s) %s does not define, such as %s: regenerate it with "
              "`python3 scripts/generate-symbol-order.py %s REQUESTS_DIR` (see its --help)"
              % (os.path.relpath(OUTPUT, ROOT), len(missing), library, missing[0], library), file=sys.stderr)
        return 1
    print("%s: all %d functions are the library's" % (os.path.relpath(OUTPUT, ROOT), len(listed)))
    return 0


def main():
    if len(sys.argv) == 3 and sys.argv[2] == "--check":
        return check(sys.argv[1])
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    library, requests = os.path.realpath(sys.argv[1]), sys.argv[2]
    driver = os.path.join(os.path.dirname(sys.argv[1]), "Benchmarks", "first-calls")
    methods = sorted(name[: -len(".small.json")] for name in os.listdir(requests) if name.endswith(".small.json"))
    if FIRST not in methods:
        print("%s: no %s.small.json" % (requests, FIRST), file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as folder:
        runs = {method: profile(driver, library, os.path.join(requests, method + ".small.json"), method, folder)
                for method in methods}
    uses = collections.Counter(name for names in runs.values() for name in names)
    placed, order = set(STARTUP), list(STARTUP)

    def place(names):
        group = sorted((name for name in names if name not in placed), key=lambda name: (-uses[name], name))
        placed.update(group)
        order.extend(group)

    place(runs.pop(FIRST))
    while runs:
        # The method whose functions are most already placed next: its additions are fewest.
        method = max(runs, key=lambda m: (sum(name in placed for name in runs[m]) / max(1, len(runs[m])), m))
        place(runs.pop(method))
    with open(OUTPUT, "w", encoding="utf-8") as out:
        out.write("\n".join(order) + "\n")
    print("wrote %s: %d functions" % (os.path.relpath(OUTPUT, ROOT), len(order)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
