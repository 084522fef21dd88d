#!/usr/bin/env python3
"""Runs a program over one of the ARM or x86_64 libraries as a device would, as far as this
machine can: the heap tagged as Android's (or MTE's), the target's CPU under qemu-user.

    run.py --cpu CPU [--library-path DIR:DIR] [--heap glibc|bionic|mte] [--shim-dir DIR] -- PROGRAM ARGS...

CPU is aarch64, armv7 or x86_64. The ARM programs run under qemu-user over Debian's own glibc
for that architecture (the multiarch libc6:arm64 / libc6:armel, which the targets' jansson
brings: the C library of a Debian arm64 or armel machine), through its dynamic loader run as the
program (`ld.so --library-path DIRS PROGRAM`), so that the loader and libc.so.6 are always one
glibc's: qemu's usual start (-L /usr/<triple>) takes the loader of Debian's cross glibc, which is
another build, and with that loader's state under the other's libc.so.6, pthread_create loops
forever. --library-path comes first in the search.

--heap (aarch64 only):
  bionic  tagged_heap.so preloaded: every heap pointer has 0xB4 in its top byte, and free,
          realloc and malloc_usable_size abort on one without it, as Android 11's bionic does
          for apps targeting API 30 and later; the tagged-address ABI is on.
  mte     hardware memory tagging: qemu's `-cpu max` (MTE, synchronous tag checks) and glibc's
          malloc tagging every block with a random tag in bits 56-59 (mte_heap.so counts them).
  glibc   the heap as glibc has it (the default).
A tagged run fails unless the shim reports tagged blocks at exit: a run that was not tagged
cannot pass. The exit status is the program's.
"""
import argparse
import os
import re
import subprocess
import sys

# CPU -> (qemu-user program, Debian's glibc loader for it).
CPUS = {
    "aarch64": ("qemu-aarch64", "/lib/aarch64-linux-gnu/ld-linux-aarch64.so.1"),
    "armv7": ("qemu-arm", "/lib/arm-linux-gnueabi/ld-linux.so.3"),
    "x86_64": (None, None),
}
REPORTS = {
    "bionic": re.compile(rb"^tagged heap: ([0-9]+) blocks tagged 0xB4, ([0-9]+) given back$", re.M),
    "mte": re.compile(rb"^tagged heap \(MTE\): ([0-9]+) blocks carried a memory tag, tag checks synchronous$", re.M),
}


def command_line(options):
    qemu, loader = CPUS[options.cpu]
    library_path = options.library_path
    if qemu is None:
        return list(options.program), library_path
    if not os.path.exists(loader):
        raise SystemExit(f"run.py: no {loader}: Debian's glibc for {options.cpu} is installed with "
                         "that architecture's jansson (apt install libjansson-dev:arm64 libjansson-dev:armel)")
    command = [qemu]
    if options.heap == "mte":
        command += ["-cpu", "max", "-E", "GLIBC_TUNABLES=glibc.mem.tagging=3"]
    command.append(loader)
    if library_path:
        command += ["--library-path", library_path]
    if options.heap != "glibc":
        shim = "tagged_heap.so" if options.heap == "bionic" else "mte_heap.so"
        command += ["--preload", os.path.join(options.shim_dir, shim)]
    return command + list(options.program), None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu", choices=sorted(CPUS), required=True)
    parser.add_argument("--library-path", default="")
    parser.add_argument("--heap", choices=["glibc", "bionic", "mte"], default="glibc")
    parser.add_argument("--shim-dir", default="")
    parser.add_argument("program", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    if options.program[:1] == ["--"]:
        options.program = options.program[1:]
    if not options.program:
        parser.error("no program")
    if options.heap != "glibc" and options.cpu != "aarch64":
        parser.error("a tagged heap is arm64's")
    command, library_path = command_line(options)
    environment = dict(os.environ)
    if library_path:  # (natively: the loader the program names, told by the environment)
        environment["LD_LIBRARY_PATH"] = library_path
    if options.heap != "glibc":
        environment["TC_TAGGED_HEAP_REPORT"] = "1"
    completed = subprocess.run(command, env=environment, stderr=subprocess.PIPE)
    sys.stderr.buffer.write(completed.stderr)
    if completed.returncode != 0:
        return completed.returncode if completed.returncode > 0 else 128 - completed.returncode
    if options.heap != "glibc":
        report = REPORTS[options.heap].search(completed.stderr)
        if report is None or int(report.group(1)) == 0:
            print(f"run.py: the {options.heap} heap reported no tagged blocks: the run was not tagged", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
