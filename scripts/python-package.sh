#!/usr/bin/env bash
# The Python package as a user gets it: builds the wheel from pyproject.toml (scikit-build-core
# over the CMake build; its build folder, build-wheel/, is kept between runs), shows its platform
# tag (auditwheel; README's release facts are checked against it), installs it in a fresh virtual
# environment, and runs the package's pytest suite (mypy --strict included; its tests of the
# library once with orjson and once with the standard library's json) and the example
# against the installed package, from a folder outside the source tree, with no
# TOURNAMENTCORE_LIBRARY: the package must find its own library.
# Part of scripts/test.sh; runnable alone.
set -euo pipefail
source "$(dirname "$0")/common.sh"
tc_find_swift
cd "$TC_ROOT"

wheelhouse="$TC_BUILD/wheelhouse"
rm -rf "$wheelhouse"
# (pkg-config disabled: the wheel's build, like any library-only build, must not need it;
# scripts/library-only.sh reuses this build folder.)
python3 -m pip wheel . --no-deps --quiet --disable-pip-version-check -w "$wheelhouse" \
  --config-settings=build-dir="$TC_ROOT/build-wheel" --config-settings=cmake.define.PKG_CONFIG_EXECUTABLE=/bin/false
built=$(ls "$wheelhouse"/tournamentcore-*.whl)

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
python3 -m venv "$scratch/venv"
venv="$scratch/venv/bin"
"$venv/pip" install --quiet --disable-pip-version-check "auditwheel>=6,<7" "wheel>=0.40,<1"
# The manylinux policy the wheel meets (auditwheel reads the glibc symbol versions it needs; the
# library needs no other library to graft), and the wheel retagged with it, as a wheel to
# publish would be.
policy=$("$venv/auditwheel" show "$built" 2>&1 | tr '\n' ' ' | sed -n 's/.*consistent with the following platform tag: "\([^"]*\)".*/\1/p')
[ -n "$policy" ] || { "$venv/auditwheel" show "$built"; echo "auditwheel found no manylinux policy for $built" >&2; exit 1; }
"$venv/python" -m wheel tags --remove --platform-tag "$policy" "$built" > /dev/null
wheel=$(ls "$wheelhouse"/tournamentcore-*.whl)
echo "wheel: $(basename "$wheel") ($(du -k "$wheel" | cut -f1) KB; auditwheel: $policy)"
# README's row for the wheel (its name, tag and floors) is this wheel's.
python3 scripts/release-facts.py "$TC_BUILD" --wheel "$wheel" --check README.md
"$venv/pip" install --quiet --disable-pip-version-check "$wheel" pytest mypy orjson

cp -r bindings/python/tests "$scratch/tests"
cd "$scratch"
unset TOURNAMENTCORE_LIBRARY
"$venv/python" -c 'import tournamentcore, sys; assert "site-packages" in tournamentcore.__file__, tournamentcore.__file__; print("installed:", tournamentcore.__file__, tournamentcore.__version__)'
TOURNAMENTCORE_ROOT="$TC_ROOT" TOURNAMENTCORE_FAILING_MALLOC="$TC_BUILD/Tests/c/libtcfailingmalloc.so" \
  "$venv/python" -m pytest -q -p no:cacheprovider tests
bash "$TC_ROOT/Examples/c/check-output.sh" "$TC_ROOT/Examples/python/expected-output.txt" \
  "$venv/python" "$TC_ROOT/Examples/python/example.py"
