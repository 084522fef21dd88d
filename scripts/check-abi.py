#!/usr/bin/env python3
"""Checks that a built library keeps the C ABI of the last release (baseline/): every function
the release exported is still exported, with the same symbol version and the same prototype in
the header, unless the SONAME changed (a new major version: README, "Versions and
compatibility").

    python3 scripts/check-abi.py BASELINE_DIR LIBRARY HEADER

BASELINE_DIR holds `libtournamentcore.abi` (libabigail's `abidw` of the release's library) and
`tournament_core.h` (the release's header). Two checks, each of which fails alone:
- symbols: `abidiff` of the baseline against LIBRARY, whose report is printed; a function symbol
  removed (a rename, or a symbol version changed, is a removal) fails. The library is built
  without debug information, so the symbols are what libabigail can compare;
- prototypes: each `TC_API` declaration of the release's header against today's, parameter
  names aside: a changed return or parameter type fails (a function added is an addition).
Exit status 0 when compatible, 1 when not, 2 for a usage error or a tool that fails.
"""
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

DECLARATION = re.compile(r"^TC_API\s+([^;(]*?)\s*\b(tc_\w+)\s*\(([^)]*)\)\s*;", re.M | re.S)
ABIDIFF_INCOMPATIBLE = 8


def prototypes(header):
    """Each `TC_API` function of a header: name -> "return(parameter types)", spaces normalized
    and parameter names dropped."""
    text = Path(header).read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    found = {}
    for result, name, parameters in DECLARATION.findall(text):
        types = []
        for parameter in parameters.split(","):
            words = " ".join(parameter.replace("*", " * ").split())
            # "const char * method" -> "const char *": the last word is a name unless it is the
            # whole type ("void") or follows a type keyword only.
            parts = words.split(" ")
            if len(parts) > 1 and re.fullmatch(r"[A-Za-z_]\w*", parts[-1]) and parts[-1] not in {"char", "int", "void", "size_t", "const"}:
                parts = parts[:-1]
            types.append(" ".join(parts).replace(" *", "*"))
        found[name] = "%s(%s)" % (" ".join(result.replace("*", " * ").split()).replace(" *", "*"), ", ".join(types))
    return found


def symbols(corpus):
    """The function symbols of an abidw corpus (XML text): {(name, version)}, and its SONAME."""
    root = ElementTree.fromstring(corpus)
    table = root.find("elf-function-symbols")
    found = {(symbol.get("name"), symbol.get("version") or "") for symbol in (table if table is not None else [])
             if symbol.get("is-defined", "yes") == "yes"}
    return found, root.get("soname") or ""


def run(*command):
    try:
        return subprocess.run(command, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        print(f"check-abi: {command[0]} is not installed (Debian: apt install abigail-tools)", file=sys.stderr)
        raise SystemExit(2)


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    baseline, library, header = Path(argv[0]), argv[1], argv[2]
    corpus = baseline / "libtournamentcore.abi"
    old_header = baseline / "tournament_core.h"
    for path in (corpus, old_header, Path(library), Path(header)):
        if not path.is_file():
            print(f"check-abi: {path} is not a file", file=sys.stderr)
            return 2

    current = run("abidw", "--no-show-locs", library)
    if current.returncode != 0:
        print(f"check-abi: abidw {library} failed:\n{current.stderr}", file=sys.stderr)
        return 2
    old_symbols, old_soname = symbols(corpus.read_text(encoding="utf-8"))
    new_symbols, new_soname = symbols(current.stdout)
    if old_soname != new_soname:
        print(f"check-abi: the SONAME changed ({old_soname} -> {new_soname}): a new major version may change the ABI")
        return 0

    problems = []
    report = run("abidiff", "--no-show-locs", str(corpus), library)
    if report.returncode & 3:
        print(f"check-abi: abidiff failed ({report.returncode}):\n{report.stderr}", file=sys.stderr)
        return 2
    print(report.stdout.strip() or "abidiff: no change")
    # abidiff's own verdict, and the symbol set compared directly (abidiff counts a symbol whose
    # version changed as removed but does not always call it incompatible).
    removed = sorted(old_symbols - new_symbols)
    if report.returncode & ABIDIFF_INCOMPATIBLE and not removed:
        problems.append("abidiff reports an incompatible change")
    for name, version in removed:
        problems.append(f"{name}@{version or '(no version)'}: exported by the release, not by {library}")

    old, new = prototypes(old_header), prototypes(header)
    if not old:
        print(f"check-abi: no TC_API declaration in {old_header}", file=sys.stderr)
        return 2
    for name, prototype in sorted(old.items()):
        if name not in new:
            problems.append(f"{name}: declared by the release's header, not by {header}")
        elif new[name] != prototype:
            problems.append(f"{name}: its prototype changed: {prototype} -> {new[name]}")
    added = sorted(set(new) - set(old))
    if added:
        print("added functions: " + ", ".join(added))
    for problem in problems:
        print(f"check-abi: {problem}", file=sys.stderr)
    if not problems:
        print(f"check-abi: {library} keeps the {len(old_symbols)} functions of the release, with their prototypes")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
