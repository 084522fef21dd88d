#!/usr/bin/env bash
# check-exports: the library's dynamic symbols must be exactly the functions the header declares
# (as jansson's check-exports), the library must not depend on any Swift library, and it must not
# carry an RPATH/RUNPATH into the toolchain.
#   check-exports.sh <libtournamentcore.so> <tournament_core.h>
set -euo pipefail
lib=$1 header=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Defined dynamic symbols, without version suffixes; drop the version node itself.
nm -D --defined-only "$lib" | awk '{print $3}' | sed 's/@.*//' | grep -v '^TOURNAMENTCORE_[0-9]*$' | sort -u > "$tmp/exported"
# Functions declared with TC_API in the header.
grep -E '^TC_API ' "$header" | grep -oE '\btc_[a-z0-9_]+\(' | tr -d '(' | sort -u > "$tmp/declared"

status=0
if ! diff -u "$tmp/declared" "$tmp/exported"; then
  echo "check-exports: exported symbols differ from the header's declarations (- header, + library)" >&2
  status=1
fi
if ldd "$lib" | grep -i swift; then
  echo "check-exports: the library depends on a Swift shared library" >&2
  status=1
fi
dynamic=$(readelf -d "$lib")  # read whole: `readelf | grep -q` under pipefail can die of SIGPIPE
if grep -E 'R(UN)?PATH' <<< "$dynamic"; then
  echo "check-exports: the library has an RPATH/RUNPATH" >&2
  status=1
fi
if ! grep -q "SONAME.*libtournamentcore\.so\.[0-9]*\]" <<< "$dynamic"; then
  echo "check-exports: SONAME is not libtournamentcore.so.<major>" >&2
  status=1
fi
[ $status -eq 0 ] && echo "check-exports: $(wc -l < "$tmp/exported") functions exported, all declared; no Swift dependency; no RPATH"
exit $status
