#!/usr/bin/env python3
"""README's platform table, from a build folder: which libraries the build made, for which CPU,
their size stripped, and how the test command runs them.

    python3 scripts/platforms.py BUILD_DIR                 print the table
    python3 scripts/platforms.py BUILD_DIR --check README  fail when README's table differs
    python3 scripts/platforms.py BUILD_DIR --write README  rewrite README's table

A row is written for what the build folder holds: the native library, each library of
cmake/cross.cmake (build/cross/<name>/), each of cmake/android.cmake (build/android/<abi>/), and
tournamentcore.wasm. Sizes are stripped
(`llvm-objcopy --strip-unneeded`, which reads every ELF target), in MB rounded to 0.01;
--check allows 5 % (a size moves with every change, a row does not).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

BEGIN = "<!-- BEGIN GENERATED: platforms (scripts/platforms.py; do not edit) -->"
END = "<!-- END GENERATED: platforms -->"

# How each library is checked by the test command, by its folder name.
CHECKED = {
    "x86_64": "every test (Swift, C, Python, Kotlin, sanitizers, fuzzing)",
    "aarch64": "under qemu-user: C ABI tests, threads, golden files, hostile suite, the 20,000-request differential",
    "armv7": "under qemu-user: C ABI tests, threads, golden files, hostile suite, the 20,000-request differential",
    "wasm32": "Node (JavaScript tests, the differential) and headless Chromium (the web example)",
    "Android arm64-v8a": "not run (no device): the aarch64 objects, linked for bionic; symbols at API 28, 16 KB pages, x18 kept (scripts/android.py)",
    "Android armeabi-v7a": "not run (no device): the armv7 objects, linked for bionic; symbols at API 28, 16 KB pages (scripts/android.py)",
    "Android x86_64": "not run (no emulator): the x86_64 objects, linked for bionic; symbols at API 28, 16 KB pages (scripts/android.py)",
}
WHERE = {
    "x86_64": "Linux x86_64 (glibc): servers, desktops, the Python wheel, the JVM",
    "aarch64": "Linux arm64 (glibc): ARM servers, boards, 64-bit Raspberry Pi OS",
    "armv7": "Linux 32-bit ARM (glibc; soft-float calls, as Debian armel and, between libraries, Android armeabi-v7a)",
    "wasm32": "browsers, Node, Deno, Bun",
    "Android arm64-v8a": "Android 9+ phones (in `tournamentcore-<version>.aar`, docs/ANDROID.md)",
    "Android armeabi-v7a": "Android 9+ 32-bit phones (in the AAR)",
    "Android x86_64": "Android 9+ emulators, Chromebooks (in the AAR)",
}


def stripped_size(path):
    tool = shutil.which("llvm-objcopy") or shutil.which("llvm-objcopy", path="/opt/swift/usr/bin")
    with tempfile.TemporaryDirectory() as folder:
        target = os.path.join(folder, "stripped")
        subprocess.run([tool, "--strip-unneeded", path, target], check=True)
        return os.path.getsize(target) / 1e6


def rows(build):
    found = []
    native = os.path.join(build, "libtournamentcore.so")
    if os.path.exists(native):
        found.append(("x86_64", "`libtournamentcore.so`", stripped_size(native)))
    cross = os.path.join(build, "cross")
    for name in sorted(os.listdir(cross)) if os.path.isdir(cross) else []:
        library = os.path.join(cross, name, "libtournamentcore.so")
        if os.path.exists(library):
            found.append((name, "`libtournamentcore.so`", stripped_size(library)))
    for abi in ("arm64-v8a", "armeabi-v7a", "x86_64"):
        library = os.path.join(build, "android", abi, "libtournamentcore.so")
        if os.path.exists(library):
            found.append(("Android " + abi, "`libtournamentcore.so`", stripped_size(library)))
    wasm = os.path.join(build, "tournamentcore.wasm")
    if os.path.exists(wasm):
        found.append(("wasm32", "`tournamentcore.wasm`", os.path.getsize(wasm) / 1e6))
    return found


def table(found):
    lines = [BEGIN, "| CPU | file | MB stripped | for | checked here |", "|---|---|---:|---|---|"]
    for name, file, size in found:
        lines.append("| %s | %s | %.2f | %s | %s |" % (name, file, size, WHERE.get(name, ""), CHECKED.get(name, "built")))
    lines.append(END)
    return "\n".join(lines)


def parse(text):
    match = re.search(re.escape(BEGIN) + r"\n(.*?)\n" + re.escape(END), text, re.S)
    if not match:
        return None
    result = []
    for line in match.group(1).splitlines()[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        result.append((cells[0], cells[1], float(cells[2]), cells[3], cells[4]))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--check", metavar="README")
    group.add_argument("--write", metavar="README")
    options = parser.parse_args()
    found = rows(options.build)
    text = table(found)
    if options.write:
        readme = open(options.write, encoding="utf-8").read()
        if BEGIN not in readme:
            sys.exit("%s has no platforms block" % options.write)
        readme = re.sub(re.escape(BEGIN) + r".*?" + re.escape(END), lambda _: text, readme, flags=re.S)
        open(options.write, "w", encoding="utf-8").write(readme)
        print("wrote the platform table into %s" % options.write)
        return 0
    if options.check:
        stated = parse(open(options.check, encoding="utf-8").read())
        if stated is None:
            sys.exit("%s has no platforms block" % options.check)
        expected = [(name, file, size, WHERE.get(name, ""), CHECKED.get(name, "built")) for name, file, size in found]
        problems = []
        if [row[0] for row in stated] != [row[0] for row in expected]:
            problems.append("README lists %s; the build made %s" % ([r[0] for r in stated], [r[0] for r in expected]))
        else:
            for said, made in zip(stated, expected):
                if said[1] != made[1] or said[3] != made[3] or said[4] != made[4]:
                    problems.append("%s: README's row differs from the script's" % made[0])
                if abs(said[2] - made[2]) > 0.05 * made[2]:
                    problems.append("%s: README says %.2f MB, the build measures %.2f" % (made[0], said[2], made[2]))
        if problems:
            print("\n".join(problems) + "\nrun `python3 scripts/platforms.py %s --write %s`" % (options.build, options.check), file=sys.stderr)
            return 1
        print("README's platform table is the build's (%d rows)" % len(expected))
        return 0
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
