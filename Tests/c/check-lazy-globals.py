#!/usr/bin/env python3
"""Every lazily initialized global of the built library is made by the calls' preparation.

In the Embedded builds a failed allocation ends a call where it is (embedded/call_scope.c); a
global whose one-time initialization was left so would stay "being initialized", and the next
thread to read it would wait forever. So every such global is made before the rules run, by
tc_call_scope_prepare (Sources/TournamentCoreWire/Envelope/LazyGlobalPreparation.swift). This
check loads the library, calls every method once with `{}` (its preparation runs whatever the
request), and reads each one-time initialization token the library's symbol table names
(`..._Wz`): each must read -1 (made). A new lazy global that no preparation makes fails it.

    check-lazy-globals.py LIBRARY
"""
import ctypes
import json
import shutil
import subprocess
import sys


# The standard library's hashing seed: its initializer reads random bytes (embedded/runtime.c's
# swift_stdlib_random) and allocates nothing, so no failed allocation can leave it half made; it
# is left to the first call that hashes.
ALLOCATES_NOTHING = {"$es32_swift_stdlib_Hashing_parameters_Wz"}


def symbols(library):
    """(name -> address) of the library's symbol table (nm), local symbols included."""
    table = {}
    for line in subprocess.run(["nm", library], check=True, capture_output=True, text=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 3:
            table[parts[2]] = int(parts[0], 16)
    return table


def demangled(names):
    tool = shutil.which("swift-demangle")
    if tool is None:
        return names
    result = subprocess.run([tool], input="\n".join(names), capture_output=True, text=True)
    return result.stdout.splitlines() if result.returncode == 0 else names


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    library = sys.argv[1]
    table = symbols(library)
    tokens = sorted(name for name in table if name.endswith("_Wz"))
    if "tc_version" not in table or not tokens:
        print("no symbol table to read (stripped?), or no one-time initialization token in it", file=sys.stderr)
        return 1
    core = ctypes.CDLL(library)
    core.tc_call.restype = ctypes.c_void_p
    core.tc_call.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    core.tc_string_free.argtypes = [ctypes.c_void_p]
    core.tc_library_info.restype = ctypes.c_void_p
    info = core.tc_library_info(b"{}")
    methods = json.loads(ctypes.string_at(info))["result"]["methods"]
    core.tc_string_free(info)
    for method in methods:
        name = method["name"] if isinstance(method, dict) else method
        core.tc_string_free(core.tc_call(name.encode(), b"{}"))
    base = ctypes.cast(core.tc_version, ctypes.c_void_p).value - table["tc_version"]
    unmade = [name for name in tokens if name not in ALLOCATES_NOTHING
              and ctypes.c_long.from_address(base + table[name]).value != -1]
    print("%d one-time initialization tokens, %d made after a call of each of %d methods" % (
        len(tokens), len(tokens) - len(unmade), len(methods)))
    for name, readable in zip(unmade, demangled(unmade)):
        print("not made by any preparation: %s (%s)" % (readable, name), file=sys.stderr)
    return 1 if unmade else 0


if __name__ == "__main__":
    sys.exit(main())
