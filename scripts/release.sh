#!/usr/bin/env bash
# Makes a release (README, "Versions and compatibility"):
#
#   scripts/release.sh X.Y.Z
#     1. checks the work tree is clean and CHANGELOG.md's [Unreleased] section lists changes (or
#        that CHANGELOG already has a section for X.Y.Z: a release prepared by hand, dated today);
#     2. sets the version: scripts/versions.py --set X.Y.Z (the header and every place written by
#        hand), scripts/generate-contract.py (the bindings' constants); CHANGELOG's [Unreleased]
#        becomes [X.Y.Z] - today under a new, empty [Unreleased], and its links follow;
#     3. runs the test command (bash scripts/test.sh), whose contract and ABI checks compare this
#        tree with baseline/ (the previous release): a breaking change fails unless X.Y.Z may
#        break and CHANGELOG's X.Y.Z section marks it **Breaking**;
#     4. commits "Release X.Y.Z" and tags it vX.Y.Z (annotated, its changelog section as message);
#     5. makes baseline/ this release's (below) and commits it: from now on the checks compare
#        with X.Y.Z.
#     TC_RELEASE_SKIP_TESTS=1 skips step 3, for a tree the test command has just passed on.
#     Nothing is pushed.
#
#   scripts/release.sh --baseline BUILD_DIR [SOURCE_DIR]
#     writes baseline/ from a release: its version (the header's), schemas/, header, and
#     libabigail's abidw of BUILD_DIR/libtournamentcore.so; SOURCE_DIR (default: this tree) is the
#     release's source, for a baseline made from an older commit (a git worktree of its tag).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

header_version() { sed -n 's/^#define TC_VERSION_STRING "\(.*\)"$/\1/p' "$1/include/tournament_core.h"; }

baseline() { # baseline BUILD_DIR SOURCE_DIR
  local build=$1 source=${2:-$root} version
  version=$(header_version "$source")
  [ -f "$build/libtournamentcore.so" ] || { echo "release: no $build/libtournamentcore.so" >&2; exit 1; }
  command -v abidw > /dev/null || { echo "release: abidw is needed (Debian: apt install abigail-tools)" >&2; exit 1; }
  rm -rf baseline/schemas
  mkdir -p baseline
  cp -R "$source/schemas" baseline/schemas
  cp "$source/include/tournament_core.h" baseline/tournament_core.h
  abidw --no-show-locs --no-corpus-path "$build/libtournamentcore.so" > baseline/libtournamentcore.abi
  echo "$version" > baseline/VERSION
  echo "baseline/: $version ($(ls baseline/schemas | wc -l) schemas, $(grep -c '<elf-symbol ' baseline/libtournamentcore.abi) symbols)"
}

if [ "${1:-}" = "--baseline" ]; then
  [ $# -ge 2 ] || { echo "usage: scripts/release.sh --baseline BUILD_DIR [SOURCE_DIR]" >&2; exit 2; }
  baseline "$2" "${3:-}"
  exit 0
fi

[ $# -eq 1 ] || { echo "usage: scripts/release.sh X.Y.Z | --baseline BUILD_DIR [SOURCE_DIR]" >&2; exit 2; }
version=$1
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "release: $version is not MAJOR.MINOR.PATCH" >&2; exit 2; }
[ -z "$(git status --porcelain)" ] || { echo "release: the work tree has changes; commit them first" >&2; exit 1; }
! git rev-parse -q --verify "refs/tags/v$version" > /dev/null || { echo "release: v$version is already tagged" >&2; exit 1; }

previous=$(header_version "$root")
python3 - "$version" "$previous" "$(date -u +%Y-%m-%d)" << 'EOF'
# CHANGELOG.md: [Unreleased]'s items become the release's section; its links are rewritten.
import re, sys
from pathlib import Path
version, previous, day = sys.argv[1:]
path = Path("CHANGELOG.md")
text = path.read_text(encoding="utf-8")
prepared = re.search(rf"^## \[{re.escape(version)}\] - \S+$", text, re.M)
if prepared:
    # A release prepared by hand (its section written, the version set): dated today.
    text = text.replace(prepared.group(0), f"## [{version}] - {day}")
    path.write_text(text, encoding="utf-8")
    sys.exit(0)
match = re.search(r"^## \[Unreleased\]\n(.*?)(?=^## \[)", text, re.M | re.S)
if not match or not re.search(r"^[-*] ", match.group(1), re.M):
    sys.exit("release: CHANGELOG.md's [Unreleased] section lists no change")
text = text[:match.start()] + f"## [Unreleased]\n\n## [{version}] - {day}\n" + match.group(1) + text[match.end():]
link = re.search(r"^\[Unreleased\]: (.*)/compare/v[^.]+\.[^.]+\.[^.]+\.\.\.HEAD$", text, re.M)
if link:
    base = link.group(1)
    text = text.replace(link.group(0), f"[Unreleased]: {base}/compare/v{version}...HEAD\n"
                        f"[{version}]: {base}/compare/v{previous}...v{version}")
path.write_text(text, encoding="utf-8")
EOF
python3 scripts/versions.py --set "$version"
python3 scripts/generate-contract.py
python3 scripts/versions.py --check

if [ "${TC_RELEASE_SKIP_TESTS:-}" != 1 ]; then
  bash scripts/test.sh
fi

git add -A
git commit -q -m "Release $version"
notes=$(python3 -c 'import re,sys; t=open("CHANGELOG.md").read(); m=re.search(r"^## \['"${version//./\\.}"'\].*?\n(.*?)(?=^## \[)", t, re.M|re.S); print(m.group(1).strip())')
git tag -a "v$version" -m "TournamentCore $version" -m "$notes"

cmake --build "${TC_BUILD:-$root/build}" --target tournamentcore > /dev/null
baseline "${TC_BUILD:-$root/build}"
git add baseline
git commit -q -m "baseline/: $version, the release the contract and ABI checks compare with"
echo "released $version: tag v$version; push the branch and the tag when you are ready"
