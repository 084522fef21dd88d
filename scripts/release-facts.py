#!/usr/bin/env python3
"""README's release facts, read from what a build made rather than typed: the library's file
name, SONAME, the shared libraries it needs and the oldest glibc it runs on (the newest GLIBC_
symbol version it references), and the Python wheel's file name with its manylinux platform tag
(auditwheel's, which scripts/python-package.sh puts in the name) and the glibc that tag means.

    python3 scripts/release-facts.py BUILD_DIR [--wheel WHEEL]                   print the rows
    python3 scripts/release-facts.py BUILD_DIR [--wheel WHEEL] --check README.md  fail when they differ
    python3 scripts/release-facts.py BUILD_DIR [--wheel WHEEL] --write README.md  rewrite them

Only the rows the arguments can tell are compared or written: the library's always, the wheel's
with --wheel (the test command checks it where it builds the wheel, scripts/python-package.sh).
"""
import argparse
import re
import subprocess
import sys
from pathlib import Path

BEGIN = "<!-- BEGIN GENERATED: release facts (scripts/release-facts.py; do not edit) -->"
END = "<!-- END GENERATED: release facts -->"
HEAD = ["| | |", "|---|---|"]


def output(*command):
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def library_row(build):
    library = Path(build) / "libtournamentcore.so"
    if not library.exists():
        raise SystemExit(f"release-facts: no {library}")
    dynamic = output("readelf", "-d", str(library))
    soname = re.search(r"\(SONAME\).*\[(.*)\]", dynamic).group(1)
    needed = re.findall(r"\(NEEDED\).*\[(.*)\]", dynamic)
    versions = {tuple(int(part) for part in found.split(".")) for found in re.findall(r"\bGLIBC_([0-9.]+)", output("readelf", "-V", str(library)))}
    glibc = ".".join(map(str, max(versions))) if versions else "any"
    needs = ", ".join(f"`{name}`" for name in needed)
    return ("library", f"`{library.resolve().name}`, SONAME `{soname}`; needs {needs}: glibc {glibc} or later")


def wheel_row(wheel):
    name = Path(wheel).name
    tag = re.search(r"-(manylinux_(\d+)_(\d+)_\w+)\.whl$", name)
    if not tag:
        raise SystemExit(f"release-facts: {name} has no manylinux_X_Y platform tag (auditwheel's)")
    requires = re.search(r"^Requires-Python: (.*)$", output(sys.executable, "-c",
        "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); "
        "print(z.read(next(n for n in z.namelist() if n.endswith('.dist-info/METADATA'))).decode())", str(wheel)), re.M)
    python = requires.group(1).strip() if requires else "any"
    return ("Python wheel", f"`{name}`: Python {python}, glibc {tag.group(2)}.{tag.group(3)} or later (`{tag.group(1)}`)")


def block_rows(text, path):
    if BEGIN not in text or END not in text:
        raise SystemExit(f"release-facts: {path} has no {BEGIN} ... {END} block")
    body = text.split(BEGIN, 1)[1].split(END, 1)[0].strip().splitlines()[len(HEAD):]
    return dict(re.match(r"\| (.*?) \| (.*) \|$", line).groups() for line in body)


def render(rows):
    return "\n".join([BEGIN, *HEAD, *(f"| {key} | {value} |" for key, value in rows.items()), END])


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("build", help="the build folder (libtournamentcore.so)")
    parser.add_argument("--wheel", help="the wheel, retagged with auditwheel's platform tag")
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--check", metavar="README", help="fail when README's rows differ")
    action.add_argument("--write", metavar="README", help="rewrite README's rows")
    arguments = parser.parse_args(argv)
    facts = dict([library_row(arguments.build)] + ([wheel_row(arguments.wheel)] if arguments.wheel else []))
    if not (arguments.check or arguments.write):
        print(render(facts))
        return 0
    path = Path(arguments.check or arguments.write)
    text = path.read_text(encoding="utf-8")
    rows = block_rows(text, path)
    if arguments.check:
        stale = [key for key, value in facts.items() if rows.get(key) != value]
        for key in stale:
            print(f"release-facts: {path}: {key}: says {rows.get(key)!r}, the build: {facts[key]!r}", file=sys.stderr)
        if stale:
            print(f"release-facts: rewrite them: the same command with --write {path}", file=sys.stderr)
            return 1
        print(f"release-facts: {path} agrees with the build ({', '.join(facts)})")
        return 0
    rows.update(facts)
    start, end = text.index(BEGIN), text.index(END) + len(END)
    path.write_text(text[:start] + render(rows) + text[end:], encoding="utf-8")
    print(f"release-facts: {path} rewritten ({', '.join(facts)})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
