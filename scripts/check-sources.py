#!/usr/bin/env python3
"""Checks rules of the sources' layout that the compiler does not:

- each module imports the C library (the `#if canImport(Glibc) ... #elseif
  canImport(TCEmbeddedLibc)` ladder) in at most one file, which wraps the calls the module makes
  (`CLibrary.swift` by convention); a module's other files call those wrappers;
- no method file forces inlining (`@inline(__always)`, `@inline(always)` in
  `Sources/TournamentCoreWire/Methods`): a method is its generated request, the domain and its
  writer; the per-element tricks live in the accumulators (`Streams/`) and the readers.

Exits 1 and names each file that breaks a rule. Python 3 and the standard library only.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LADDER = re.compile(r"^\s*#if\s+canImport\(Glibc\)", re.M)
FORCED_INLINING = re.compile(r"@inline\((__)?always\)")
METHODS = ROOT / "Sources" / "TournamentCoreWire" / "Methods"


def ladder_files(module: pathlib.Path):
    return sorted(path for path in module.rglob("*.swift") if LADDER.search(path.read_text(encoding="utf-8")))


def main() -> int:
    problems = []
    modules = sorted(path for path in (ROOT / "Sources").iterdir() if path.is_dir())
    for module in modules:
        files = ladder_files(module)
        if len(files) > 1:
            problems.append("%s imports the C library in %d files (at most one, wrapping the calls the module makes): %s" % (
                module.relative_to(ROOT), len(files), ", ".join(str(path.relative_to(module)) for path in files)))
    for path in sorted(METHODS.rglob("*.swift")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if FORCED_INLINING.search(line):
                problems.append("%s:%d forces inlining in a method file (the accumulators in Streams/ and the readers may)" % (
                    path.relative_to(ROOT), number))
    for problem in problems:
        print("check-sources: " + problem, file=sys.stderr)
    if not problems:
        print("check-sources: %d modules, each importing the C library in at most one file; no method file forces inlining" % len(modules))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
