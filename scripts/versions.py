#!/usr/bin/env python3
"""One version everywhere: `TC_VERSION_STRING` of include/tournament_core.h is the source.

    python3 scripts/versions.py --check [--build BUILD_DIR]   every place agrees with the header
    python3 scripts/versions.py --set X.Y.Z                   write X.Y.Z everywhere (release.sh)

Derived from the header by the build, so never written here: CMake's project version (the
library's file name and SONAME, the Debian packages, the AAR and its POM), the Python package's
(pyproject.toml reads the header), the generated bindings' constants (scripts/generate-contract.py),
the Kotlin jar's Implementation-Version (bindings/kotlin/CMakeLists.txt).
Written by hand, so set by --set and compared by --check: the header's four macros, the Swift
sources (`LibraryVersion`, the string `tc_version` returns), the npm package.json, the golden
library.info response, the examples' expected outputs, the CMake consumer's find_package and the
docs' mentions (file names, the SwiftPM and CMake requirements, sample output). With --build,
also what a build made: the tool's `--version`, the jar's manifest, the npm tarball's and the
AAR's names. CHANGELOG.md must have a section for the version.
"""
import argparse
import re
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADER = ROOT / "include/tournament_core.h"
VERSION = re.compile(r"(\d+)\.(\d+)\.(\d+)")
# Files that write the version by hand, and the text around each mention (the version is group 1;
# a mention of MAJOR.MINOR only, as CMake's find_package takes it, is compared with the header's
# first two numbers).
MENTIONS = {
    "Sources/TournamentCoreABI/Version.swift": r'StaticString = "(\d+\.\d+\.\d+)"',
    "bindings/javascript/package.json": r'"version": "(\d+\.\d+\.\d+)"',
    "Tests/golden/library.info/basic.response.json": r'"version":"(\d+\.\d+\.\d+)"',
    "README.md": r'(?:from: "|tournamentcore-|libtournamentcore\.so\.|find_package\(TournamentCore )(\d+\.\d+(?:\.\d+)?)',
    "Tests/install/consumer/CMakeLists.txt": r'find_package\(TournamentCore (\d+\.\d+) REQUIRED\)',
    "docs/API.md": r'"version":"(\d+\.\d+\.\d+)"',
    "docs/ANDROID.md": r'tournamentcore[-:](\d+\.\d+\.\d+)',
    "bindings/kotlin/README.md": r'(?:// |e\.g\. `)(\d+\.\d+\.\d+)',
}
EXPECTED_OUTPUTS = ["Examples/*/expected/*.txt", "Examples/*/expected-output.txt"]
EXPECTED_MENTION = r"^TournamentCore (\d+\.\d+\.\d+)"


def header_version():
    text = HEADER.read_text(encoding="utf-8")
    string = re.search(r'^#define TC_VERSION_STRING "(\d+\.\d+\.\d+)"', text, re.M)
    parts = [re.search(rf"^#define TC_VERSION_{name} (\d+)$", text, re.M) for name in ("MAJOR", "MINOR", "PATCH")]
    if not string or not all(parts):
        raise SystemExit(f"versions: {HEADER} lacks TC_VERSION_STRING \"X.Y.Z\" or TC_VERSION_MAJOR/MINOR/PATCH")
    if ".".join(part.group(1) for part in parts) != string.group(1):
        raise SystemExit(f"versions: {HEADER}: TC_VERSION_STRING {string.group(1)} is not MAJOR.MINOR.PATCH of its macros")
    return string.group(1)


def mentions():
    """(file, pattern) for every hand-written mention."""
    found = [(ROOT / name, pattern) for name, pattern in MENTIONS.items()]
    for glob in EXPECTED_OUTPUTS:
        found += [(path, EXPECTED_MENTION) for path in sorted(ROOT.glob(glob))]
    return found


def swift_numbers():
    text = (ROOT / "Sources/TournamentCore/Library/LibraryVersion.swift").read_text(encoding="utf-8")
    numbers = [re.search(rf"public static let {name} = (\d+)$", text, re.M) for name in ("major", "minor", "patch")]
    return ".".join(number.group(1) if number else "?" for number in numbers)


def check(build):
    version = header_version()
    problems = []

    def expect(found, where, shortened=3):
        wanted = ".".join(version.split(".")[:shortened])
        if found != wanted:
            problems.append(f"{where}: {found}, the header: {wanted}")

    expect(swift_numbers(), "Sources/TournamentCore/Library/LibraryVersion.swift (major, minor, patch)")
    for path, pattern in mentions():
        found = [match.group(1) for match in re.finditer(pattern, path.read_text(encoding="utf-8"), re.M)]
        if not found:
            problems.append(f"{path.relative_to(ROOT)}: no mention of the version (looked for {pattern})")
        for mention in found:
            expect(mention, path.relative_to(ROOT), shortened=mention.count(".") + 1)
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    if not re.search(rf"^## \[{re.escape(version)}\] - \d{{4}}-\d{{2}}-\d{{2}}$", changelog, re.M):
        problems.append(f"CHANGELOG.md: no section '## [{version}] - YYYY-MM-DD'")

    if build:
        build = Path(build)
        tool = build / "tournament-core"
        if tool.exists():
            expect(subprocess.run([str(tool), "--version"], capture_output=True, text=True).stdout.strip(), f"{tool} --version")
        jar = build / "bindings/kotlin/tournamentcore.jar"
        if jar.exists():
            with zipfile.ZipFile(jar) as archive:
                manifest = archive.read("META-INF/MANIFEST.MF").decode("utf-8")
            found = re.search(r"^Implementation-Version: (\S+)", manifest, re.M)
            expect(found.group(1) if found else "no Implementation-Version", f"{jar}'s manifest")
        for folder, name in (("javascript", "tournamentcore-{}.tgz"), ("android", "tournamentcore-{}.aar")):
            if (build / folder).is_dir() and not (build / folder / name.format(version)).exists():
                problems.append(f"{build / folder}: no {name.format(version)}")

    for problem in problems:
        print(f"versions: {problem}", file=sys.stderr)
    if not problems:
        print(f"versions: {version} everywhere")
    return 1 if problems else 0


def set_version(new):
    if not VERSION.fullmatch(new):
        raise SystemExit(f"versions: {new!r} is not MAJOR.MINOR.PATCH")
    old = header_version()
    major, minor, patch = VERSION.fullmatch(new).groups()
    text = HEADER.read_text(encoding="utf-8")
    for name, value in (("MAJOR", major), ("MINOR", minor), ("PATCH", patch)):
        text = re.sub(rf"^#define TC_VERSION_{name} \d+$", f"#define TC_VERSION_{name} {value}", text, flags=re.M)
    text = re.sub(r'^#define TC_VERSION_STRING "[^"]*"$', f'#define TC_VERSION_STRING "{new}"', text, flags=re.M)
    HEADER.write_text(text, encoding="utf-8")
    swift = ROOT / "Sources/TournamentCore/Library/LibraryVersion.swift"
    text = swift.read_text(encoding="utf-8")
    for name, value in (("major", major), ("minor", minor), ("patch", patch)):
        text = re.sub(rf"^(    public static let {name} = )\d+$", rf"\g<1>{value}", text, flags=re.M)
    swift.write_text(text, encoding="utf-8")
    for path, pattern in mentions():
        text = path.read_text(encoding="utf-8")
        def replaced(match):
            shortened = ".".join(new.split(".")[:match.group(1).count(".") + 1])
            return match.group(0).replace(match.group(1), shortened)
        path.write_text(re.sub(pattern, replaced, text, flags=re.M), encoding="utf-8")
    print(f"versions: {old} -> {new}")
    return 0


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--check", action="store_true", help="check that every place agrees with the header")
    action.add_argument("--set", metavar="X.Y.Z", help="write a new version everywhere")
    parser.add_argument("--build", help="a build folder whose products are checked too (with --check)")
    arguments = parser.parse_args(argv)
    return set_version(arguments.set) if arguments.set else check(arguments.build)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
