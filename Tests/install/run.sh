#!/usr/bin/env bash
# Installs the build into a temporary prefix, then builds and runs an out-of-tree program
# against the installed copy twice: with pkg-config and with find_package(TournamentCore).
#   run.sh <build-dir> <consumer-source-dir>
set -euo pipefail
build=$1 consumer=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

cmake --install "$build" --prefix "$prefix" > "$work/install.log"
libdir=$(dirname "$(find "$prefix" -name 'libtournamentcore.so' | head -n 1)")
test -f "$prefix/include/tournament_core.h"
test -f "$libdir/pkgconfig/tournamentcore.pc"
test -f "$libdir/cmake/TournamentCore/TournamentCoreConfig.cmake"

echo "== pkg-config"
export PKG_CONFIG_PATH=$libdir/pkgconfig
flags=$(pkg-config --cflags --libs tournamentcore)
echo "pkg-config --cflags --libs tournamentcore: $flags"
cc -std=c99 -Wall -Wextra -Werror "$consumer/consumer.c" $flags -o "$work/consumer-pkg-config"
LD_LIBRARY_PATH=$libdir "$work/consumer-pkg-config"

echo "== find_package"
cmake -S "$consumer" -B "$work/consumer-build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" > "$work/configure.log"
cmake --build "$work/consumer-build" > "$work/build.log"
"$work/consumer-build/consumer"

echo "== installed tool"
echo '{}' | "$prefix/bin/tournament-core" library.info | grep -q '"ok":true'
echo "install_consumer: ok"
