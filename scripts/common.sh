# Shared by scripts/demo.sh and scripts/test.sh: find the tools, install what is missing, build.
# shellcheck shell=bash

TC_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TC_BUILD=${TC_BUILD:-$TC_ROOT/build}

# A step's title, with the minutes and seconds since the first script of the run started (the
# test command's stages are timed in its output: CI's budget is read from it).
export TC_STARTED=${TC_STARTED:-$(date +%s)}
tc_step() {
  local elapsed=$(( $(date +%s) - TC_STARTED ))
  printf '\n\033[1m== %s\033[0m  [%d:%02d]\n' "$*" $((elapsed / 60)) $((elapsed % 60))
}

# The Swift toolchain: on PATH, or the usual /opt/swift.
tc_find_swift() {
  if ! command -v swiftc > /dev/null && [ -x /opt/swift/usr/bin/swiftc ]; then
    export PATH=/opt/swift/usr/bin:$PATH
  fi
  if ! command -v swiftc > /dev/null; then
    echo "The Swift toolchain (6.0 or later) is needed: https://www.swift.org/install/linux/" >&2
    exit 1
  fi
}

# Debian packages: installed when missing if we are root, otherwise named for the user.
tc_require_packages() {
  local missing=() package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2> /dev/null | grep -q 'install ok installed' || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -eq 0 ]; then
    tc_step "installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
  else
    echo "Missing Debian packages: ${missing[*]}" >&2
    echo "Install them with: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
}

# Debian's other architectures whose packages the tests install (multiarch: the ARM builds' C
# tests link those architectures' jansson).
tc_require_architectures() {
  local missing=() architecture
  for architecture in "$@"; do
    dpkg --print-foreign-architectures | grep -qx "$architecture" || missing+=("$architecture")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -eq 0 ]; then
    for architecture in "${missing[@]}"; do dpkg --add-architecture "$architecture"; done
  else
    echo "Debian architectures missing: ${missing[*]}" >&2
    echo "Add them with: sudo dpkg --add-architecture ARCH (for each), then sudo apt-get update" >&2
    exit 1
  fi
}

# Python modules the tests use: installed with pip when missing.
tc_require_python_modules() {
  command -v python3 > /dev/null || tc_require_packages python3 python3-pip
  local missing=() module
  for module in "$@"; do
    python3 -c "import $module" 2> /dev/null || missing+=("$module")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  tc_step "installing Python modules ${missing[*]}"
  python3 -m pip install --quiet "${missing[@]}" 2> /dev/null \
    || python3 -m pip install --quiet --break-system-packages "${missing[@]}"
}

# Configures the build folder: cmake with the Swift compiler found above and OPTIONS (-D...),
# its output kept for an error only. A folder configured before is configured again: cached
# options are overridden by those given, and tools looked for and not found then are looked for
# again.
tc_cmake_configure() {
  cmake -S "$TC_ROOT" -B "$TC_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_Swift_COMPILER="$(command -v swiftc)" "$@" > "$TC_BUILD.configure.log" 2>&1 \
    || { cat "$TC_BUILD.configure.log" >&2; exit 1; }
  rm -f "$TC_BUILD.configure.log"
}

# Configures (once: a folder configured before is kept as it is) and builds the C library, the
# tool, the examples and, when the tools are installed, the tests and bindings.
tc_cmake_build() {
  [ -f "$TC_BUILD/build.ninja" ] || tc_cmake_configure
  cmake --build "$TC_BUILD"
}

# What the demo needs: the build tools and jansson (its C host reads and writes JSON with it).
TC_DEMO_PACKAGES=(cmake ninja-build pkg-config libjansson-dev g++)
# And the tests: binutils; the Kotlin binding's build and tests: kotlinc 1.3 (Debian's), JNA, Gson
# and JUnit 5; the .deb packages: dpkg-dev (dpkg-shlibdeps) and file; strace (system calls of
# guests.generateId); python3-venv and python3-pip (the Python package's test, for a Debian
# python3); WASI's C library (tournamentcore.wasm) and Node (its tests). The test command adds
# chromium (the web example's page, loaded headless) and simdjson (the benchmark's C++ peer,
# whose responses its smoke test checks), as Benchmarks/run.sh does simdjson.
TC_PACKAGES=("${TC_DEMO_PACKAGES[@]}" binutils dpkg-dev file strace python3-venv python3-pip
             kotlin libjna-java libgoogle-gson-java junit5 wasi-libc nodejs node-typescript)
# The ARM builds (cmake/cross.cmake) and their tests: Debian's cross compilers and C libraries,
# those architectures' jansson (multiarch, after tc_require_architectures arm64 armel), qemu-user.
TC_CROSS_PACKAGES=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross gcc-arm-linux-gnueabi libc6-dev-armel-cross
                   libjansson-dev:arm64 libjansson-dev:armel qemu-user)
