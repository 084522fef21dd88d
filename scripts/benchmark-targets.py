#!/usr/bin/env python3
"""README's table of performance targets, computed from the last run recorded in BENCHMARKS.md
(`bash Benchmarks/run.sh --write` writes both), so that no figure in README is typed by hand.

    python3 scripts/benchmark-targets.py                  print the table
    python3 scripts/benchmark-targets.py --write README.md   rewrite README's generated block
    python3 scripts/benchmark-targets.py --check README.md   fail when README's block differs

Only the last run's part of BENCHMARKS.md is read (before its hand-kept sections, from
"Reproducing" on). Python 3 and the standard library only.
"""
import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
BEGIN = "<!-- BEGIN GENERATED: benchmark targets (scripts/benchmark-targets.py; do not edit) -->"
END = "<!-- END GENERATED: benchmark targets -->"

# The targets (README, "Performance"; issues 39 and 42 set the last four).
JANSSON_FACTOR = 3.0
PEER_FACTOR = 1.1
LARGE_FILTER_MB_PER_S = 250
LARGE_MB_PER_S = 1000
SMALL_CALL_US = 3.0
COLD_START_FACTOR = 2.0
MODULE_FACTOR = 1.5


def last_run(text):
    """BENCHMARKS.md up to its hand-kept sections."""
    return re.split(r"^## Reproducing, and comparing two builds", text, maxsplit=1, flags=re.M)[0]


def tables(text):
    """Every markdown table: (the line before it that is not blank, header cells, rows of cells)."""
    found = []
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        if lines[index].startswith("|") and index + 1 < len(lines) and re.match(r"^\|[-:| ]+\|$", lines[index + 1]):
            title = next((line for line in reversed(lines[:index]) if line.strip()), "")
            header = cells(lines[index])
            rows = []
            index += 2
            while index < len(lines) and lines[index].startswith("|"):
                rows.append(cells(lines[index]))
                index += 1
            found.append((title, header, rows))
        else:
            index += 1
    return found


def cells(line):
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def number(cell):
    """The first number of a cell (`**20.33×**`, `5,157`, `0.82x (...)`), or None."""
    match = re.search(r"-?[0-9][0-9,]*(?:\.[0-9]+)?", cell.replace("**", ""))
    return float(match.group(0).replace(",", "")) if match else None


def table(found, header_start, title_start=None):
    for title, header, rows in found:
        if header[: len(header_start)] == header_start and (title_start is None or title.startswith(title_start)):
            return [dict(zip(header, row)) for row in rows]
    raise SystemExit("benchmark-targets: BENCHMARKS.md has no table %r" % (header_start,))


def figure(value):
    return "%.2f×" % value


def verdict(misses, met_text, missed_text):
    return "met: %s" % met_text if not misses else "**not met**: %s" % missed_text


def rows(text):
    found = tables(last_run(text))
    main = table(found, ["workload", "request", "core µs/call", "core MB/s"])
    result = []

    jansson = [(row["workload"], number(row["C+jansson ÷ core"])) for row in main if number(row.get("C+jansson ÷ core", ""))]
    low = [name for name, ratio in jansson if ratio < JANSSON_FACTOR]
    result.append(("every workload with a C + jansson reference ≥ %g× faster than it" % JANSSON_FACTOR,
                   verdict(low, "%s to %s (%d workloads)" % (figure(min(r for _, r in jansson)), figure(max(r for _, r in jansson)), len(jansson)),
                           "below on %s" % ", ".join(low))))

    peer = [(row["workload"], number(row["C++ simdjson ÷ core"])) for row in main if number(row.get("C++ simdjson ÷ core", ""))]
    behind = [(name, ratio) for name, ratio in peer if ratio < PEER_FACTOR]
    result.append(("every workload with a C++ + simdjson peer ≥ %g× it (peer time ÷ core time)" % PEER_FACTOR,
                   verdict(behind, "%s to %s" % (figure(min(r for _, r in peer)), figure(max(r for _, r in peer))),
                           "%d of %d below: %s" % (len(behind), len(peer), ", ".join("`%s` %s" % (n, figure(r)) for n, r in behind)))))

    large = [(row["workload"], number(row["core MB/s"])) for row in main if row["workload"].endswith("(large)")]
    slow = [(name, speed) for name, speed in large if speed < LARGE_MB_PER_S]
    result.append(("every large workload ≥ %g MB/s of request read" % LARGE_MB_PER_S,
                   verdict(slow, "%d of %d" % (len(large), len(large)),
                           "%d of %d below: %s" % (len(slow), len(large), ", ".join("`%s` %g" % (n, s) for n, s in slow)))))
    # The large workloads' requests at a quarter, a half and the whole of their length: the
    # small workloads are other requests (one round, one match), not shorter ones.
    scaled = table(found, ["method", "¼", "½", "whole"])
    growing = ["`%s` %s" % (row["method"], " → ".join(row[part] for part in ("¼", "½", "whole")))
               for row in scaled if len({number(row[part]) for part in ("¼", "½", "whole")}) > 1]
    result.append(("allocations per call not growing with the request's length (a large request at ¼, ½ and all of its length)",
                   verdict(growing, "%d of %d methods: %s" % (len(scaled), len(scaled), ", ".join(
                       "`%s` %s" % (row["method"], row["whole"]) for row in scaled)),
                           "%d of %d methods grow: %s" % (len(growing), len(scaled), ", ".join(growing)))))
    filter_speed = dict(large).get("tournaments.filter (large)")
    if filter_speed is not None:
        result.append(("large `tournaments.filter` ≥ %g MB/s" % LARGE_FILTER_MB_PER_S,
                       verdict(filter_speed < LARGE_FILTER_MB_PER_S, "%g MB/s" % filter_speed, "%g MB/s" % filter_speed)))

    small = [(row["workload"], number(row["core µs/call"])) for row in main if row["workload"].endswith("(small)")]
    over = [(name, time) for name, time in small if time > SMALL_CALL_US]
    result.append(("small calls (~1 KB) ≤ %g µs" % SMALL_CALL_US,
                   verdict(over, "all %d, the slowest %g µs" % (len(small), max(t for _, t in small)),
                           "%d of %d over: %s" % (len(over), len(small), ", ".join("`%s` %g µs" % (n, t) for n, t in over)))))

    cold = table(found, ["per fresh process (median, min-max of 20)"])
    ratios = {row["per fresh process (median, min-max of 20)"]: number(row["core / reference"]) for row in cold}
    start = ratios.get("dlopen to first response (ms)")
    memory = ratios.get("resident memory added by dlopen and the first call (MB)")
    if start is not None and memory is not None:
        result.append(("a fresh process's `dlopen` to first response, and the memory its first call adds, ≤ %g× C + jansson's" % COLD_START_FACTOR,
                       verdict(start > COLD_START_FACTOR or memory > COLD_START_FACTOR, "%s and %s" % (figure(start), figure(memory)),
                               "%s and %s" % (figure(start), figure(memory)))))

    module = table(found, ["workload", "request", "native µs", "module µs"])
    module_ratios = [(row["workload"], number(row["module ÷ native"])) for row in module]
    far = [(name, ratio) for name, ratio in module_ratios if ratio > MODULE_FACTOR]
    result.append(("the WebAssembly module within %g× of the native library, every workload" % MODULE_FACTOR,
                   verdict(far, "%s to %s" % (figure(min(r for _, r in module_ratios)), figure(max(r for _, r in module_ratios))),
                           "%d of %d over, %s to %s" % (len(far), len(module_ratios), figure(min(r for _, r in far)), figure(max(r for _, r in far))))))

    plain = table(found, ["workload", "request", "module µs", "plain JavaScript µs"])
    plain_ratios = [(row["workload"], number(row["plain ÷ module"])) for row in plain]
    slower = [(name, ratio) for name, ratio in plain_ratios if ratio < 1]
    result.append(("the module faster than plain JavaScript, every workload it has",
                   verdict(slower, "%s to %s" % (figure(min(r for _, r in plain_ratios)), figure(max(r for _, r in plain_ratios))),
                           "slower on %s" % ", ".join("`%s` %s" % (n, figure(r)) for n, r in slower))))
    return result


def render(text):
    lines = [BEGIN, "| target | last run (BENCHMARKS.md) |", "|---|---|"]
    lines += ["| %s | %s |" % (target, status) for target, status in rows(text)]
    lines.append(END)
    return "\n".join(lines)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--write", metavar="README", help="rewrite README's block")
    action.add_argument("--check", metavar="README", help="fail when README's block differs")
    parser.add_argument("--benchmarks", default=str(ROOT / "BENCHMARKS.md"), help="the BENCHMARKS.md to read")
    arguments = parser.parse_args(argv)
    block = render(pathlib.Path(arguments.benchmarks).read_text(encoding="utf-8"))
    target = arguments.write or arguments.check
    if target is None:
        print(block)
        return 0
    path = pathlib.Path(target)
    text = path.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        raise SystemExit("benchmark-targets: %s has no %s ... %s block" % (path, BEGIN, END))
    start, end = text.index(BEGIN), text.index(END) + len(END)
    if arguments.check:
        if text[start:end] != block:
            print("benchmark-targets: %s's targets differ from BENCHMARKS.md's last run; run "
                  "`python3 scripts/benchmark-targets.py --write %s`:\n%s" % (path, path, block), file=sys.stderr)
            return 1
        print("benchmark-targets: %s's targets are BENCHMARKS.md's last run" % path)
        return 0
    path.write_text(text[:start] + block + text[end:], encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
