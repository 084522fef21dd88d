#!/usr/bin/env bash
# Installs the build into a temporary prefix, then builds and runs, against the installed copy
# only: an out-of-tree program with pkg-config and with find_package(TournamentCore), and every
# C example with `pkg-config --cflags --libs tournamentcore jansson` (checking its output).
#   run.sh <build-dir> <source-dir>
set -euo pipefail
build=$1 source=$2
consumer=$source/Tests/install/consumer
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

echo "== C examples against the installed copy"
for example in "$source"/Examples/c/*.c; do
  name=$(basename "$example" .c)
  cc -std=c99 -Wall -Wextra -Werror -pedantic "$example" $(pkg-config --cflags --libs tournamentcore jansson) -o "$work/$name"
  echo "built $name"
done
(cd "$source" && LD_LIBRARY_PATH=$libdir "$work/tournament_tabs" Examples/data/tournaments.json > "$work/tabs.txt")
diff -u "$source/Examples/c/expected/tournament_tabs.txt" "$work/tabs.txt"
(cd "$source" && LD_LIBRARY_PATH=$libdir "$work/fixtures" Examples/data/premier-league-2024-25.json Europe/London \
  --from 2025-03-28 --to 2025-04-02 > "$work/fixtures.txt")
diff -u "$source/Examples/c/expected/fixtures_london.txt" "$work/fixtures.txt"

echo "== installed tool"
echo '{}' | "$prefix/bin/tournament-core" library.info | grep -q '"ok":true'
echo "install_consumer: ok"
