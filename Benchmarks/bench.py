#!/usr/bin/env python3
"""The Python side of the benchmark: what a Python user would write instead of calling
TournamentCore — json.loads, the same rules in Python (Benchmarks/python/peer.py: the
library's validation, messages and paths), json.dumps — for each workload of the folder whose
method the peer has, measured interleaved with the core called through ctypes (text in, text
out, as both are used). Checks that both give the same response first. (The typed binding end
to end, dict in and dict out, against the same peer: Benchmarks/python/typed.py.)

    bench.py <requests folder written by `benchmark --requests`> <libtournamentcore.so>
"""
import ctypes
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "python"))
import peer  # noqa: E402


def reference(rules):
    """The rules of Benchmarks/python/peer.py as a text call: json.loads, the rules over the
    dicts, json.dumps of the envelope."""
    def respond(text):
        try:
            envelope = {"ok": True, "result": rules(json.loads(text))}
        except peer.RequestError as error:
            failure = {"code": error.code, "message": error.message}
            if error.path is not None:
                failure["path"] = error.path
            envelope = {"ok": False, "error": failure}
        return json.dumps(envelope, ensure_ascii=False, separators=(",", ":"))
    return respond


REFERENCES = {method: reference(rules) for method, rules in peer.METHODS.items()}


def main():
    folder, library_path = sys.argv[1], sys.argv[2]
    library = ctypes.CDLL(library_path)
    library.tc_call.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    library.tc_call.restype = ctypes.c_void_p
    library.tc_string_free.argtypes = [ctypes.c_void_p]

    def core(method, request_bytes):
        address = library.tc_call(method, request_bytes)
        try:
            return ctypes.string_at(address)
        finally:
            library.tc_string_free(address)

    print("Python %s (json module) vs TournamentCore through ctypes: median of 7 interleaved rounds\n" % sys.version.split()[0])
    print("| workload | request | core µs/call | Python json µs/call | Python ÷ core |")
    print("|---|---:|---:|---:|---:|")
    for name in sorted(os.listdir(folder)):
        method, size, _ = name.rsplit(".", 2)
        if method not in REFERENCES:
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as handle:
            text = handle.read()
        request_bytes, method_bytes, reference = text.encode("utf-8"), method.encode("ascii"), REFERENCES[method]
        core_result, reference_result = json.loads(core(method_bytes, request_bytes)), json.loads(reference(text))
        if core_result != reference_result:
            print("%s (%s): the Python reference differs from the core" % (method, size), file=sys.stderr)
            return 1
        start = time.perf_counter()
        reference(text)
        calls = max(1, int(0.05 / max(time.perf_counter() - start, 1e-7)))
        core_times, reference_times = [], []
        for _ in range(7):
            start = time.perf_counter()
            for _ in range(calls):
                core(method_bytes, request_bytes)
            core_times.append((time.perf_counter() - start) / calls)
            start = time.perf_counter()
            for _ in range(calls):
                reference(text)
            reference_times.append((time.perf_counter() - start) / calls)
        core_time, reference_time = statistics.median(core_times), statistics.median(reference_times)
        print("| %s (%s) | %.1f KB | %.2f | %.2f | **%.1f×** |" % (method, size, len(request_bytes) / 1024, core_time * 1e6,
                                                                  reference_time * 1e6, reference_time / core_time))
    return 0


if __name__ == "__main__":
    sys.exit(main())
