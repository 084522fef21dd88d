#!/usr/bin/env python3
"""The size of the built library, as README states it: the shipped file stripped (as
`cmake --install --strip`, the .deb and the wheel install it) and unstripped.

    python3 scripts/library-size.py <libtournamentcore.so>            print the figures
    python3 scripts/library-size.py <library> --check README.md       fail when README's figures
                                                                      are more than 5 % off
    python3 scripts/library-size.py <library> --write README.md       rewrite README's figures

README's sentence holds the figures as `**S MB** installed ... (U MB unstripped)`. With
`--wasm build/tournamentcore.wasm`, the WebAssembly module's size is checked or written too, in
README's sentence `tournamentcore.wasm` is **N KB** (G KB compressed with gzip)`.
"""
import argparse
import gzip
import os
import re
import subprocess
import sys
import tempfile

WASM_PATTERN = re.compile(r"`tournamentcore\.wasm` is \*\*(?P<size>[0-9]+) KB\*\* \((?P<gzip>[0-9]+) KB compressed with gzip\)")
PATTERN = re.compile(r"\*\*(?P<stripped>[0-9.]+) MB\*\* installed with `cmake --install build --strip` \((?P<unstripped>[0-9.]+) MB unstripped\)")


def measure(library):
    unstripped = os.path.getsize(library)
    with tempfile.TemporaryDirectory() as folder:
        target = os.path.join(folder, "stripped.so")
        subprocess.run(["strip", "--strip-unneeded", "-o", target, library], check=True)
        stripped = os.path.getsize(target)
    return stripped / 1e6, unstripped / 1e6


def wasm_sizes(module):
    """The module's size and its gzip-compressed size (level 9), in KB (1,000 bytes)."""
    data = open(module, "rb").read()
    return round(len(data) / 1e3), round(len(gzip.compress(data, 9, mtime=0)) / 1e3)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("library")
    parser.add_argument("--wasm", metavar="MODULE", help="tournamentcore.wasm, checked or written too")
    parser.add_argument("--check", metavar="README")
    parser.add_argument("--write", metavar="README")
    arguments = parser.parse_args()
    stripped, unstripped = measure(os.path.realpath(arguments.library))
    print("libtournamentcore: %.2f MB stripped, %.2f MB unstripped" % (stripped, unstripped))
    wasm = wasm_sizes(arguments.wasm) if arguments.wasm else None
    if wasm:
        print("tournamentcore.wasm: %d KB, %d KB compressed with gzip" % wasm)
    readme = arguments.check or arguments.write
    if readme is None:
        return 0
    text = open(readme, encoding="utf-8").read()
    match = PATTERN.search(text)
    if match is None:
        print("%s: no `**S MB** installed with `cmake --install build --strip` (U MB unstripped)` sentence" % readme, file=sys.stderr)
        return 1
    wasm_match = WASM_PATTERN.search(text) if wasm else None
    if wasm and wasm_match is None:
        print("%s: no `tournamentcore.wasm` is **N KB** (G KB compressed with gzip)` sentence" % readme, file=sys.stderr)
        return 1
    if arguments.write:
        replacement = "**%.2f MB** installed with `cmake --install build --strip` (%.2f MB unstripped)" % (stripped, unstripped)
        text = text[: match.start()] + replacement + text[match.end():]
        if wasm:
            wasm_match = WASM_PATTERN.search(text)
            replacement = "`tournamentcore.wasm` is **%d KB** (%d KB compressed with gzip)" % wasm
            text = text[: wasm_match.start()] + replacement + text[wasm_match.end():]
        open(readme, "w", encoding="utf-8").write(text)
        print("wrote the figures into %s" % readme)
        return 0
    checks = [("MB stripped", float(match.group("stripped")), stripped),
              ("MB unstripped", float(match.group("unstripped")), unstripped)]
    if wasm:
        checks += [("KB of tournamentcore.wasm", float(wasm_match.group("size")), wasm[0]),
                   ("KB of tournamentcore.wasm compressed", float(wasm_match.group("gzip")), wasm[1])]
    for name, said, measured in checks:
        if abs(said - measured) > 0.05 * measured:
            print("%s says %.2f %s, the build measures %.2f (more than 5 %% off): run "
                  "`python3 scripts/library-size.py %s%s --write %s`"
                  % (readme, said, name, measured, arguments.library,
                     " --wasm %s" % arguments.wasm if arguments.wasm else "", readme), file=sys.stderr)
            return 1
    print("%s's figures are within 5 %% of the build's" % readme)
    return 0


if __name__ == "__main__":
    sys.exit(main())
