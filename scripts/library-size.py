#!/usr/bin/env python3
"""The size of the built library, as README states it: the shipped file stripped (as
`cmake --install --strip`, the .deb and the wheel install it) and unstripped.

    python3 scripts/library-size.py <libtournamentcore.so>            print the figures
    python3 scripts/library-size.py <library> --check README.md       fail when README's figures
                                                                      are more than 5 % off
    python3 scripts/library-size.py <library> --write README.md       rewrite README's figures

README's sentence holds the figures as `**S MB** installed ... (U MB unstripped)`.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

PATTERN = re.compile(r"\*\*(?P<stripped>[0-9.]+) MB\*\* installed with `cmake --install build --strip` \((?P<unstripped>[0-9.]+) MB unstripped\)")


def measure(library):
    unstripped = os.path.getsize(library)
    with tempfile.TemporaryDirectory() as folder:
        target = os.path.join(folder, "stripped.so")
        subprocess.run(["strip", "--strip-unneeded", "-o", target, library], check=True)
        stripped = os.path.getsize(target)
    return stripped / 1e6, unstripped / 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("library")
    parser.add_argument("--check", metavar="README")
    parser.add_argument("--write", metavar="README")
    arguments = parser.parse_args()
    stripped, unstripped = measure(os.path.realpath(arguments.library))
    print("libtournamentcore: %.2f MB stripped, %.2f MB unstripped" % (stripped, unstripped))
    readme = arguments.check or arguments.write
    if readme is None:
        return 0
    text = open(readme, encoding="utf-8").read()
    match = PATTERN.search(text)
    if match is None:
        print("%s: no `**S MB** installed with `cmake --install build --strip` (U MB unstripped)` sentence" % readme, file=sys.stderr)
        return 1
    if arguments.write:
        replacement = "**%.2f MB** installed with `cmake --install build --strip` (%.2f MB unstripped)" % (stripped, unstripped)
        open(readme, "w", encoding="utf-8").write(text[: match.start()] + replacement + text[match.end():])
        print("wrote the figures into %s" % readme)
        return 0
    stated = float(match.group("stripped")), float(match.group("unstripped"))
    for name, said, measured in (("stripped", stated[0], stripped), ("unstripped", stated[1], unstripped)):
        if abs(said - measured) > 0.05 * measured:
            print("%s says %.2f MB %s, the build measures %.2f MB (more than 5 %% off): run "
                  "`python3 scripts/library-size.py %s --write %s`" % (readme, said, name, measured, arguments.library, readme),
                  file=sys.stderr)
            return 1
    print("%s's figures are within 5 %% of the build's" % readme)
    return 0


if __name__ == "__main__":
    sys.exit(main())
