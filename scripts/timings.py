#!/usr/bin/env python3
"""README's timing of the demo, measured: the demo run on a copy of this checkout with a build
folder of its own, as on a fresh clone, its packages installed before (installs are excluded).

    python3 scripts/timings.py                    measure and print README's block
    python3 scripts/timings.py --write README.md  measure and rewrite README's block

The copy holds the checkout's files as they are (tracked and untracked, ignored ones left out),
so that an uncommitted change is measured too. The build's time is read from the demo's own step
lines (`== title  [m:ss]`, scripts/common.sh's tc_step): from the building step to the next.
"""
import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEGIN = "<!-- BEGIN GENERATED: timings (scripts/timings.py; do not edit) -->"
END = "<!-- END GENERATED: timings -->"
STEP = re.compile(r"== (.*?)\x1b\[0m  \[(\d+):(\d+)\]")


def copy_checkout(target):
    listed = subprocess.run(["git", "-C", ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            capture_output=True, check=True).stdout
    for name in filter(None, listed.decode().split("\0")):
        source = os.path.join(ROOT, name)
        if not os.path.isfile(source):
            continue  # (a file deleted from the work tree, not yet from the index)
        destination = os.path.join(target, name)
        os.makedirs(os.path.dirname(destination), exist_ok=True)
        shutil.copy2(source, destination, follow_symlinks=False)


def measure_demo():
    """(seconds building, seconds in all) of scripts/demo.sh on a fresh copy."""
    with tempfile.TemporaryDirectory() as folder:
        checkout = os.path.join(folder, "checkout")
        copy_checkout(checkout)
        environment = {key: value for key, value in os.environ.items() if key not in ("TC_BUILD", "TC_DEMO_BUILD", "TC_STARTED")}
        started = time.monotonic()
        run = subprocess.run(["bash", os.path.join(checkout, "scripts", "demo.sh")], env=environment,
                             capture_output=True, text=True)
        total = time.monotonic() - started
        if run.returncode != 0:
            sys.stderr.write(run.stdout + run.stderr)
            raise SystemExit("timings.py: the demo failed")
    steps = [(title, int(minutes) * 60 + int(seconds)) for title, minutes, seconds in STEP.findall(run.stdout)]
    building = [index for index, (title, _) in enumerate(steps) if title.startswith("building")]
    if not building or building[0] + 1 >= len(steps):
        raise SystemExit("timings.py: no building step in the demo's output:\n" + run.stdout)
    index = building[0]
    if any(title.startswith("installing") for title, _ in steps):
        raise SystemExit("timings.py: the demo installed packages; install them first (run the demo once)")
    return steps[index + 1][1] - steps[index][1], total


def block(building):
    return "\n".join([
        BEGIN,
        "Measured on this repository's machines (%s, %d cores), packages installed before: on a "
        "fresh clone the demo's build takes %d:%02d, and its run a second; run again, it only runs. "
        "Nearly all of the build is the library's Swift compile. The demo builds the library with "
        "the full Swift runtime linked in (`-DTC_EMBEDDED=OFF`, in `build-demo/`): the same sources "
        "and answers as the Embedded Swift library the test command builds and the packages ship, "
        "in about half its compile time." % (platform.machine(), os.cpu_count(), building // 60, building % 60),
        END,
    ])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", metavar="README")
    options = parser.parse_args()
    building, _ = measure_demo()
    text = block(building)
    if options.write:
        with open(options.write) as file:
            readme = file.read()
        pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)
        if not pattern.search(readme):
            raise SystemExit("timings.py: no timings block in " + options.write)
        with open(options.write, "w") as file:
            file.write(pattern.sub(lambda match: text, readme))
    print(text)


if __name__ == "__main__":
    main()
