#!/usr/bin/env python3
"""README's platform table, from a build folder: which libraries the build made, for which CPU,
their size stripped, and how the test command runs them.

    python3 scripts/platforms.py BUILD_DIR                 print the table
    python3 scripts/platforms.py BUILD_DIR --check README  fail when README's table differs
    python3 scripts/platforms.py BUILD_DIR --write README  rewrite README's table

A row is written for what the build folder holds: the native library, each library of
cmake/cross.cmake (build/cross/<name>/), each of cmake/android.cmake (build/android/<abi>/), and
tournamentcore.wasm; what each is checked with is said from the tests the build registered with
ctest (`ctest --show-only=json-v1`). Sizes are stripped
(`llvm-objcopy --strip-unneeded`, which reads every ELF target), in MB rounded to 0.01;
--check allows 5 % (a size moves with every change, a row does not).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

BEGIN = "<!-- BEGIN GENERATED: platforms (scripts/platforms.py; do not edit) -->"
END = "<!-- END GENERATED: platforms -->"

# How each library is checked by the test command, by its folder name; for the ARM and Android
# rows, said from the tests the build registered with ctest (checked_by), so that the table says
# "tagged heap" or "MTE" only where a test runs that way.
CHECKED = {
    "x86_64": "every test (Swift, C, Python, Kotlin, sanitizers, fuzzing)",
    "wasm32": "Node (JavaScript tests, the differential) and headless Chromium (the web example)",
}
FILE_CHECKS = {
    "Android arm64-v8a": "symbols at API 28, 16 KB pages, x18 kept (scripts/android.py)",
    "Android armeabi-v7a": "symbols at API 28, 16 KB pages (scripts/android.py)",
    "Android x86_64": "symbols at API 28, 16 KB pages (scripts/android.py)",
}
# Row -> (the prefix of its C tests' names, its differential's test, its runner in that test).
RUNS = {
    "aarch64": ("aarch64_", "cross_differential", "aarch64="),
    "armv7": ("armv7_", "cross_differential", "armv7="),
    "Android arm64-v8a": ("android_arm64-v8a_", "android_differential", "android-arm64-v8a="),
    "Android armeabi-v7a": ("android_armeabi-v7a_", "android_differential", "android-armeabi-v7a="),
    "Android x86_64": ("android_x86_64_", "android_differential", "android-x86_64="),
}
SUITES = [("test_abi", "C ABI tests"), ("test_threads", "threads"), ("test_golden", "golden files"),
          ("test_hostile", "hostile suite")]


def registered_tests(build):
    """{test name: its command line} of the build's ctest tests."""
    listed = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"],
                            capture_output=True, text=True, check=True).stdout
    return {test["name"]: " ".join(test.get("command", [])) for test in json.loads(listed)["tests"]}


def checked_by(name, tests):
    """What the test command runs a library row with, from the registered tests."""
    if name in CHECKED:
        return CHECKED[name]
    prefix, differential, runner = RUNS[name]
    own = {test: command for test, command in tests.items() if test.startswith(prefix)}
    suites = [said for program, said in SUITES if any(test.endswith("_" + program) for test in own)]
    if runner in tests.get(differential, ""):
        suites.append("the 20,000-request differential")
    files = FILE_CHECKS.get(name)
    if not suites:
        return ("not run: " + files) if files else "built, not run"
    commands = " ".join(own.values())
    how = "natively" if "--cpu x86_64" in commands else "under qemu-user"
    if name.startswith("Android"):
        how = "the AAR's file, over glibc with bionic's stand-ins, " + how
    if "--heap bionic" in commands:
        how += " with Android's tagged heap"
    if "--heap mte" in commands:
        how += " (and MTE: %s)" % ", ".join(said for program, said in SUITES
                                             if any("_mte_" + program in test for test in own))
    text = "%s: %s" % (how, ", ".join(suites))
    return text + ("; " + files if files else "")


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


def table(found, tests):
    lines = [BEGIN, "| CPU | file | MB stripped | for | checked here |", "|---|---|---:|---|---|"]
    for name, file, size in found:
        lines.append("| %s | %s | %.2f | %s | %s |" % (name, file, size, WHERE.get(name, ""), checked_by(name, tests)))
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
    tests = registered_tests(options.build)
    text = table(found, tests)
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
        expected = [(name, file, size, WHERE.get(name, ""), checked_by(name, tests)) for name, file, size in found]
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
