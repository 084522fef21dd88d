#!/usr/bin/env python3
"""What a Python user waits for: the typed binding end to end (a dict in, a dict out:
``Library().tournaments_filter(request)``), beside the raw text call (``call_text``), the core
through ctypes on bytes, the core alone (native-timer, a C program calling tc_call_n in the same
rounds, on the bytes the typed call sends) and the same rules written in Python
(Benchmarks/python/peer.py, over dicts), on the benchmark's workloads of the issue 70 table; then
where the typed call's time goes, and issue 70's targets.

    typed.py REQUESTS_DIR LIBRARY [--native-timer PATH] [--rounds N] [--milliseconds MS]
             [--baseline DIR] [--all] [--only TEXT]

REQUESTS_DIR holds the workloads (`benchmark --quick --all-requests DIR`: METHOD.SIZE.json).
The typed call uses orjson when it is installed; the "stdlib" column is the same binding with
Library(json_library="json"). --baseline DIR: another copy of the binding (a folder holding a
`tournamentcore` package, such as an earlier commit's bindings/python) timed in the same rounds
("before"). --all: every workload of REQUESTS_DIR, not only the table's seven methods (no peer
for the others); --only: the workloads whose file name contains TEXT.

Each round times every workload's subjects one after the other, each for about --milliseconds
(the same number of calls in every round, fixed by a first call); the table gives the median
round of each subject and the median of the rounds' ratios. Before timing, the answers are
checked: the typed call's result is the raw call's, the baseline's and the peer's are the same.

Where the time goes (second table), for the typed call, each part timed alone in the same rounds:
encode (the request dict to JSON bytes, as the binding encodes it), crossing (the ctypes call on
those bytes, response copied out and freed, minus the core alone), decode (the response bytes to
the result's dicts and lists: parsing and object building, which a JSON decoder does in one pass),
and the rest (typed minus the three and the core: the binding's own Python).
"""
import argparse
import ctypes
import gc
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

TABLE = ("tournaments.filter", "guests.check", "equipment.stats", "equipment.compare", "scoring.leaderboard",
         "matches.sections", "participants.resolve")


def snake(method):
    group, member = method.split(".")
    return group + "_" + "".join("_" + c.lower() if c.isupper() else c for c in member)


def load_package(folder, name):
    """The `tournamentcore` package inside `folder`, imported under another name."""
    package = os.path.join(folder, "tournamentcore")
    spec = importlib.util.spec_from_file_location(name, os.path.join(package, "__init__.py"),
                                                  submodule_search_locations=[package])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


class NativeTimer:
    """Benchmarks/native_timer.c: the core alone, tc_call_n on the file's bytes, in C."""

    def __init__(self, path, library):
        self.process = subprocess.Popen([path, library], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def per_call(self, method, path, seconds):
        self.process.stdin.write("%s %.1f %s\n" % (method, seconds * 1000, path))
        self.process.stdin.flush()
        answer = self.process.stdout.readline().strip()
        if not answer or answer.startswith("error"):
            raise RuntimeError("native-timer: %s" % answer)
        return float(answer) * 1e-9

    def close(self):
        self.process.stdin.close()
        self.process.wait()


class Response(ctypes.c_char_p):
    """A response's address (a c_char_p subclass, which ctypes leaves as it is), read by `value`."""


class Core:
    """The core through ctypes on bytes, bound once, as the binding calls it: tc_call_n, the
    response's bytes read (`value`), the response freed."""

    def __init__(self, path):
        self.lib = ctypes.CDLL(path)
        self.call_n = self.lib["tc_call_n"]
        self.call_n.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t)]
        self.call_n.restype = Response
        self.free = self.lib["tc_string_free"]
        self.free.argtypes = [Response]
        self.free.restype = None

    def __call__(self, method, data):
        response = self.call_n(method, data, len(data), None)
        try:
            return response.value
        finally:
            self.free(response)


def outcome(function, request):
    """A call's result, or its error as (code, message, path)."""
    try:
        return ("result", function(request))
    except Exception as error:  # the binding's and the peer's errors have the same three members
        if hasattr(error, "code"):
            return ("error", (error.code, error.message, error.path))
        raise


def timed(function, argument, calls):
    gc.collect()
    start = time.perf_counter()
    for _ in range(calls):
        function(argument)
    return (time.perf_counter() - start) / calls


def micro(seconds):
    return "%.1f" % (seconds * 1e6) if seconds < 1e-4 else "{:,.0f}".format(seconds * 1e6)


def size(count):
    return "%.1f KB" % (count / 1024) if count < 1024 * 1024 else "%.2f MB" % (count / 1024 / 1024)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("requests")
    parser.add_argument("library")
    parser.add_argument("--native-timer", dest="timer", help="build/Benchmarks/native-timer: the core alone, in C")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--milliseconds", type=float, default=60)
    parser.add_argument("--baseline", help="a folder holding another copy of the `tournamentcore` package")
    parser.add_argument("--all", action="store_true", help="every workload of REQUESTS_DIR")
    parser.add_argument("--only", help="only the workloads whose name contains this text")
    arguments = parser.parse_args()

    os.environ["TOURNAMENTCORE_LIBRARY"] = arguments.library
    sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))
    import tournamentcore
    try:
        import peer
    except ImportError:
        peer = None
    library = tournamentcore.Library(arguments.library)
    codecs = getattr(tournamentcore, "_codec", None)
    stdlib = None
    if getattr(library, "json_library", "json") != "json":
        stdlib = tournamentcore.Library(arguments.library, json_library="json")
    baseline = None
    if arguments.baseline:
        baseline = load_package(arguments.baseline, "tournamentcore_baseline").Library(arguments.library)
    core = Core(arguments.library)
    timer = NativeTimer(arguments.timer, arguments.library) if arguments.timer else None
    if codecs is not None:
        # What the typed call does: orjson's text (None where the standard library must write it).
        fast = codecs.encode_fast if library.json_library == "orjson" else None

        def encoder(request):
            return (fast(request) if fast is not None else None) or codecs.encode_stdlib(request)
        decoder = library._decode
    else:
        def encoder(request):
            return json.dumps(request, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")
        decoder = json.loads

    workloads = []
    sent = tempfile.mkdtemp(prefix="typed-requests-")  # the bytes the typed call sends, for native-timer
    for name in sorted(os.listdir(arguments.requests)):
        method, label, _ = name.rsplit(".", 2)
        if (method not in TABLE and not arguments.all) or (arguments.only and arguments.only not in name):
            continue
        path = os.path.join(arguments.requests, name)
        with open(path, "rb") as handle:
            data = handle.read()
        text, request = data.decode("utf-8"), json.loads(data)
        typed = getattr(library, snake(method))
        response = core(method.encode(), data)
        # The answers first: the typed result is the raw call's; the baseline's and the peer's too.
        envelope = json.loads(library.call_text(method, text))
        expected = ("result", envelope["result"]) if envelope["ok"] else \
            ("error", (envelope["error"]["code"], envelope["error"]["message"], envelope["error"].get("path")))
        subjects = [("text", lambda text, f=library.call_text, m=method: f(m, text), text),
                    ("typed", typed, request)]
        if stdlib is not None:
            subjects.append(("stdlib", getattr(stdlib, snake(method)), request))
        if baseline is not None:
            subjects.append(("before", getattr(baseline, snake(method)), request))
        rules = peer.METHODS.get(method) if peer is not None else None
        if rules is not None:
            subjects.append(("peer", rules, request))
        for subject, function, argument in subjects[1:]:
            got = outcome(function, argument)
            if got != expected:
                print("%s (%s): %s answers otherwise than the raw call" % (method, label, subject), file=sys.stderr)
                return 1
        method_bytes, encoded = method.encode(), bytes(encoder(request))
        sent_path = os.path.join(sent, name)
        with open(sent_path, "wb") as handle:
            handle.write(encoded)
        subjects += [("ctypes", lambda data, m=method_bytes: core(m, data), encoded),
                     ("encode", encoder, request), ("decode", decoder, response)]
        start = time.perf_counter()
        typed(request)
        single = time.perf_counter() - start
        calls = max(1, int(arguments.milliseconds / 1000 / max(single, 1e-7)))
        workloads.append({"method": method, "label": label, "path": sent_path, "data": data, "response": response,
                          "subjects": subjects, "calls": calls, "times": {}})

    for _ in range(arguments.rounds):
        for workload in workloads:
            times = workload["times"]
            if timer is not None:
                times.setdefault("core", []).append(
                    timer.per_call(workload["method"], workload["path"], arguments.milliseconds / 1000))
            for subject, function, argument in workload["subjects"]:
                calls = workload["calls"] if subject != "peer" else max(1, workload["calls"] // 4)
                times.setdefault(subject, []).append(timed(function, argument, calls))
    if timer is not None:
        timer.close()
    for name in os.listdir(sent):
        os.remove(os.path.join(sent, name))
    os.rmdir(sent)

    def median(workload, subject):
        return statistics.median(workload["times"][subject])

    def ratio(workload, top, bottom):
        pairs = zip(workload["times"][top], workload["times"][bottom])
        return statistics.median(a / b for a, b in pairs)

    codec = codecs.describe(library.json_library) if codecs is not None else "json (the standard library)"
    print("Python %s, the typed binding (%s) end to end: median of %d interleaved rounds" % (
        sys.version.split()[0], codec, arguments.rounds))
    print()
    has = workloads[0]["times"] if workloads else {}
    columns = ["workload", "request", "response"] + (["core µs"] if "core" in has else []) + ["text call µs", "typed µs"]
    columns += ["stdlib µs"] if "stdlib" in has else []
    columns += ["before µs", "before ÷ typed"] if "before" in has else []
    columns += ["peer µs", "peer ÷ typed"] if "peer" in has else []
    print("| " + " | ".join(columns) + " |")
    print("|---|" + "---:|" * (len(columns) - 1))
    for workload in workloads:
        row = ["%s (%s)" % (workload["method"], workload["label"]), size(len(workload["data"])), size(len(workload["response"]))]
        if "core" in workload["times"]:
            row.append(micro(median(workload, "core")))
        row += [micro(median(workload, "text")), micro(median(workload, "typed"))]
        if "stdlib" in workload["times"]:
            row.append(micro(median(workload, "stdlib")))
        if "before" in workload["times"]:
            row += [micro(median(workload, "before")), "%.2f" % ratio(workload, "before", "typed")]
        if "peer" in workload["times"]:
            row += [micro(median(workload, "peer")), "**%.2f**" % ratio(workload, "peer", "typed")]
        elif "peer" in has:
            row += ["", ""]
        print("| " + " | ".join(row) + " |")

    print()
    print("Where the typed call's time goes (µs; crossing = the ctypes call on the encoded bytes minus the core alone;")
    print("binding = typed minus the core alone, against the targets: at most the core on large, under 5 µs on small):")
    print()
    core_column = "core" if "core" in has else None
    print("| workload | encode | crossing | core | decode | rest | binding (typed − core) | binding ÷ core |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for workload in workloads:
        encode, decode, crossed = median(workload, "encode"), median(workload, "decode"), median(workload, "ctypes")
        typed = median(workload, "typed")
        if core_column:
            alone = median(workload, "core")
            binding = statistics.median(t - c for t, c in zip(workload["times"]["typed"], workload["times"]["core"]))
            cells = [micro(encode), micro(crossed - alone), micro(alone), micro(decode),
                     micro(typed - encode - crossed - decode), micro(binding), "%.2f" % (binding / alone)]
        else:
            cells = [micro(encode), "(ctypes %s)" % micro(crossed), "", micro(decode),
                     micro(typed - encode - crossed - decode), "", ""]
        print("| %s (%s) | %s |" % (workload["method"], workload["label"], " | ".join(cells)))
    if core_column and "peer" in has:
        print()
        print("Issue 70's targets: the typed call at least 2x faster than the peer; its own cost (typed − core)")
        print("at most the core's time on a large workload, under 5 µs on a small one:")
        print()
        print("| workload | peer ÷ typed ≥ 2 | binding ≤ core (large) / < 5 µs (small) |")
        print("|---|---|---|")
        for workload in workloads:
            if "peer" not in workload["times"]:
                continue
            faster = ratio(workload, "peer", "typed")
            binding = statistics.median(t - c for t, c in zip(workload["times"]["typed"], workload["times"]["core"]))
            large = workload["label"] == "large"
            limit = median(workload, "core") if large else 5e-6
            print("| %s (%s) | %s %.2f | %s %s µs against %s µs |" % (
                workload["method"], workload["label"], "met" if faster >= 2 else "not met:", faster,
                "met:" if (binding <= limit if large else binding < limit) else "not met:", micro(binding), micro(limit)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
