#!/usr/bin/env python3
"""Audits the library's sources (the three modules the C ABI reaches) for the Swift constructs
that trap: force unwraps (`x!`), `try!`, `as!`, implicitly unwrapped optionals, `fatalError`,
`precondition`, `preconditionFailure`, `assertionFailure`, `unsafelyUnwrapped`, `unowned`.
Comments and string literals are ignored. Exits 1 and lists the places when any is found.

Arithmetic cannot be audited by a pattern; docs/ARCHITECTURE.md ("Never crash") lists where
user-controlled numbers meet arithmetic and why none of it can overflow.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = ["TournamentCore", "TournamentCoreJSON", "TournamentCoreWire", "TournamentCoreABI"]
FORBIDDEN = [
    (re.compile(r"\btry!"), "try!"),
    (re.compile(r"\bas!"), "as!"),
    (re.compile(r"\b(fatalError|precondition|preconditionFailure|assertionFailure)\s*\("), "trapping call"),
    (re.compile(r"\bunsafelyUnwrapped\b"), "unsafelyUnwrapped"),
    (re.compile(r"\bunowned\b"), "unowned"),
    (re.compile(r"[\w\)\]\}>]!(?!=)"), "force unwrap"),
    (re.compile(r":\s*[\w\.<>\[\]]+!(?!=)"), "implicitly unwrapped optional"),
]


def strip(source):
    """The source without comments and string literals (kept as empty quotes)."""
    source = re.sub(r'"""[\s\S]*?"""', '""', source)
    source = re.sub(r"/\*[\s\S]*?\*/", "", source)
    out = []
    for line in source.split("\n"):
        line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
        out.append(line.split("//")[0])
    return out


def main():
    findings = []
    for module in MODULES:
        for folder, _, files in os.walk(os.path.join(ROOT, "Sources", module)):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as handle:
                    lines = strip(handle.read())
                for number, line in enumerate(lines, start=1):
                    for pattern, what in FORBIDDEN:
                        if pattern.search(line):
                            findings.append("%s:%d: %s: %s" % (os.path.relpath(path, ROOT), number, what, line.strip()))
    for finding in findings:
        print(finding)
    print("audit-traps: %d trapping construct(s) in %s" % (len(findings), ", ".join(MODULES)))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
