#!/usr/bin/env bash
# A library-only build, as a project that embeds TournamentCore (add_subdirectory, FetchContent)
# or a packager gets it: BUILD_TESTING, TC_BUILD_EXAMPLES and TC_BUILD_KOTLIN off, pkg-config
# disabled (-DPKG_CONFIG_EXECUTABLE=/bin/false), so no jansson, pkg-config, Python, valgrind or
# Kotlin is needed; it configures, builds the library and the tool, and installs the library,
# header, pkg-config file, CMake package and tool. It reuses build-wheel/, which the Python
# wheel's build (scripts/python-package.sh) configured exactly so, when it is there.
# Part of scripts/test.sh; runnable alone.
set -euo pipefail
source "$(dirname "$0")/common.sh"
tc_find_swift
cd "$TC_ROOT"
folder="$TC_ROOT/build-wheel"
cmake -S . -B "$folder" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF -DTC_BUILD_EXAMPLES=OFF \
  -DTC_BUILD_KOTLIN=OFF -DPKG_CONFIG_EXECUTABLE=/bin/false > "$folder.configure.log" 2>&1 \
  || { cat "$folder.configure.log"; exit 1; }
rm -f "$folder.configure.log"
grep -q "^PKG_CONFIG_EXECUTABLE:.*=/bin/false$" "$folder/CMakeCache.txt"
if grep -qE "^JANSSON_FOUND:INTERNAL=1$" "$folder/CMakeCache.txt"; then
  echo "the library-only build looked for jansson" >&2
  exit 1
fi
cmake --build "$folder" > /dev/null
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$folder" --prefix "$prefix" > /dev/null
for file in include/tournament_core.h bin/tournament-core; do
  test -e "$prefix/$file" || { echo "library-only install lacks $file" >&2; exit 1; }
done
for pattern in 'libtournamentcore.so.*' tournamentcore.pc TournamentCoreConfig.cmake; do
  find "$prefix" -name "$pattern" | grep -q . || { echo "library-only install lacks $pattern" >&2; exit 1; }
done
echo '{}' | "$prefix/bin/tournament-core" library.info | grep -q '"ok":true'
echo "library-only build: configured without pkg-config or jansson, built and installed ($(cd "$prefix" && find . -type f | wc -l) files)"
