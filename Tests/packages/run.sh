#!/usr/bin/env bash
# The packages, as a user installs them: `cpack -G DEB` and `-G TGZ` from the build tree; the
# .debs split as Debian splits a C library (libtournamentcore0: the SONAME'd library;
# libtournamentcore-dev: header, link, pkg-config file, CMake package; tournament-core: the
# tool), with Depends on libc6; then, unpacked into a throwaway root (dpkg-deb -x, no root
# needed), a CMake program and a pkg-config one build and run against them, as does the tool;
# the tarball holds the library, the header and the tool.
#   run.sh <build-dir> <source-dir>
set -euo pipefail
build=$1 source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$build" && cpack -G "DEB;TGZ" -B "$work/packages" > "$work/cpack.log") || { cat "$work/cpack.log"; exit 1; }
version=$(sed -n 's/^#define TC_VERSION_STRING "\(.*\)"/\1/p' "$source/include/tournament_core.h")
major=${version%%.*}
runtime=$(ls "$work/packages"/libtournamentcore${major}_${version}_*.deb)
dev=$(ls "$work/packages"/libtournamentcore-dev_${version}_*.deb)
tool=$(ls "$work/packages"/tournament-core_${version}_*.deb)
archive=$(ls "$work/packages"/tournamentcore-${version}-*.tar.gz)

contents() { dpkg-deb -c "$1" | awk '{print $6}' | sed 's|^\./||'; }
expect_file() { # expect_file <deb> <pattern>
  contents "$1" | grep -qE "$2" || { echo "$(basename "$1") lacks $2:" >&2; contents "$1" >&2; exit 1; }
}
expect_file "$runtime" "lib/(.*/)?libtournamentcore\.so\.${major}$"
expect_file "$runtime" "lib/(.*/)?libtournamentcore\.so\.${version}$"
expect_file "$dev" "include/tournament_core\.h$"
expect_file "$dev" "lib/(.*/)?libtournamentcore\.so$"
expect_file "$dev" "lib/(.*/)?pkgconfig/tournamentcore\.pc$"
expect_file "$dev" "lib/(.*/)?cmake/TournamentCore/TournamentCoreConfig\.cmake$"
expect_file "$tool" "bin/tournament-core$"
if contents "$runtime" | grep -qE "include/|pkgconfig|cmake/"; then echo "the runtime package holds development files" >&2; exit 1; fi
for deb in "$runtime" "$tool"; do
  depends=$(dpkg-deb -f "$deb" Depends)
  [[ $depends == *"libc6"* ]] || { echo "$(basename "$deb"): Depends lacks libc6: $depends" >&2; exit 1; }
  echo "$(dpkg-deb -f "$deb" Package): Depends: $depends"
done
[[ $(dpkg-deb -f "$dev" Depends) == *"libtournamentcore${major} (= ${version})"* ]] \
  || { echo "libtournamentcore-dev does not depend on libtournamentcore${major} (= ${version})" >&2; exit 1; }

root=$work/root
for deb in "$runtime" "$dev" "$tool"; do dpkg-deb -x "$deb" "$root"; done
libdir=$(dirname "$(find "$root" -name "libtournamentcore.so.${major}" | head -n 1)")
consumer=$source/Tests/install/consumer
cmake -S "$consumer" -B "$work/consumer-build" -G Ninja -DCMAKE_PREFIX_PATH="$root/usr" > "$work/configure.log" \
  || { cat "$work/configure.log"; exit 1; }
cmake --build "$work/consumer-build" > "$work/build.log" || { cat "$work/build.log"; exit 1; }
LD_LIBRARY_PATH=$libdir "$work/consumer-build/consumer"
PKG_CONFIG_PATH=$libdir/pkgconfig cc -std=c99 -Wall -Wextra -Werror "$consumer/consumer.c" \
  $(PKG_CONFIG_PATH=$libdir/pkgconfig pkg-config --cflags --libs tournamentcore) -o "$work/consumer-pkg-config"
LD_LIBRARY_PATH=$libdir "$work/consumer-pkg-config"
echo '{}' | "$root/usr/bin/tournament-core" library.info | grep -q '"ok":true'

mkdir "$work/archive"
tar -xzf "$archive" -C "$work/archive"
for file in include/tournament_core.h "bin/tournament-core"; do
  find "$work/archive" -path "*/$file" | grep -q . || { echo "$(basename "$archive") lacks $file" >&2; exit 1; }
done
find "$work/archive" -name "libtournamentcore.so.${version}" | grep -q . || { echo "$(basename "$archive") lacks the library" >&2; exit 1; }
echo "packages: ok ($(cd "$work/packages" && ls *.deb *.tar.gz | tr '\n' ' '))"
