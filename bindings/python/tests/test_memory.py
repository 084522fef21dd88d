"""A failed allocation inside the library is the binding's MemoryError, never a crash, and the
next call is answered as ever: every allocation of a call made to fail in turn, (a) alone and
(b) with every one after it, in a Python process whose malloc is the test command's failing one
(Tests/c/failing_malloc.c, preloaded: it fails only the allocations the library makes)."""
import json
import os
import subprocess
import sys

import pytest

SCRIPT = r"""
import ctypes, json, sys
import tournamentcore

shim = ctypes.CDLL(None)  # the preloaded malloc's controls
shim.tc_test_fail_allocations.argtypes = [ctypes.c_long, ctypes.c_int]
shim.tc_test_library_allocations.restype = ctypes.c_ulonglong
core = tournamentcore.Library()
request = json.loads(sys.argv[1])
expected = core.tournaments_filter(request)
shim.tc_test_fail_allocations(1 << 40, 0)  # counted, none failed
core.tournaments_filter(request)
allocations = shim.tc_test_library_allocations()
shim.tc_test_stop_failing()
outcomes = {"MemoryError": 0, "answered": 0}
for from_on in (0, 1):
    for k in range(allocations):
        shim.tc_test_fail_allocations(k, from_on)
        try:
            result = core.tournaments_filter(request)
        except MemoryError:
            outcomes["MemoryError"] += 1
        else:
            assert result == expected, (k, from_on)
            outcomes["answered"] += 1
        finally:
            shim.tc_test_stop_failing()
        assert core.tournaments_filter(request) == expected, (k, from_on)
print(json.dumps({"allocations": allocations, **outcomes}))
"""


def test_every_failed_allocation_of_a_call_is_a_memory_error_and_the_next_call_is_answered() -> None:
    failing_malloc = os.environ.get("TOURNAMENTCORE_FAILING_MALLOC")
    if not failing_malloc:
        pytest.skip("TOURNAMENTCORE_FAILING_MALLOC (the test command's Tests/c failing malloc) is not set")
    request = {"tournaments": [{"id": "t%d" % index, "name": "Spring Open %d" % index, "status": "open", "public": True}
                               for index in range(200)], "tab": "all", "query": "open"}
    environment = dict(os.environ, LD_PRELOAD=failing_malloc)
    finished = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(request)], env=environment,
                              capture_output=True, text=True, timeout=600)
    assert finished.returncode == 0, finished.stderr[-2000:]
    outcomes = json.loads(finished.stdout.strip().splitlines()[-1])
    assert outcomes["allocations"] > 3
    # Each failed allocation ends its call (in pattern (b) always; in (a) unless the call needed
    # it no more), and nothing else does.
    assert outcomes["MemoryError"] >= outcomes["allocations"]
    assert outcomes["MemoryError"] + outcomes["answered"] == 2 * outcomes["allocations"]
