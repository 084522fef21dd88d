"""The Python binding's own promises: errors as exceptions with code, message and path; text as
UTF-8 both ways; bytes and lengths through tc_call_n; every response freed once; NULL pointers;
finding the library; threads."""
import ctypes
import json
import os
import pathlib
import threading
from typing import Any, List

import pytest

import tournamentcore
from tournamentcore import TournamentCoreError


def test_an_invalid_request_raises_with_code_message_and_path(core: tournamentcore.Library) -> None:
    with pytest.raises(TournamentCoreError) as raised:
        core.tournaments_filter({"tournaments": [{"id": "a"}, {"id": 2}]})  # type: ignore[typeddict-item, unused-ignore]
    assert (raised.value.code, raised.value.path) == ("INVALID_REQUEST", "$.tournaments[1].id")
    assert raised.value.message == "Expected a string, found a number."
    assert str(raised.value) == "INVALID_REQUEST: Expected a string, found a number. (at $.tournaments[1].id)"


def test_a_domain_error_has_its_own_code(core: tournamentcore.Library) -> None:
    with pytest.raises(TournamentCoreError) as raised:
        core.equipment_compare({"setupA": {"id": 1}, "setupB": {"id": 1}})
    assert raised.value.code == "SAME_SETUP" and raised.value.path is None


def test_an_unknown_method_and_bad_json_raise_their_codes(core: tournamentcore.Library) -> None:
    with pytest.raises(TournamentCoreError) as raised:
        core.call("no.such.method", {})
    assert raised.value.code == "UNKNOWN_METHOD"
    assert json.loads(core.call_text("library.info", "{\"a\":"))["error"]["code"] == "INVALID_JSON"
    with pytest.raises(TournamentCoreError) as raised:
        core.call("library.info", [])  # type: ignore[arg-type]
    assert raised.value.code == "INVALID_JSON"


@pytest.mark.parametrize("text", ["🏹 Zoë", "مرحبا بالعالم", "e\u0301 a\u0308", "家族 👨‍👩‍👧", "\u2028 \u2029 \"quoted\" \\"])
def test_text_comes_back_exactly(core: tournamentcore.Library, text: str) -> None:
    result = core.tournaments_filter({"tournaments": [{"id": text, "name": text, "note": text}], "tab": "all"})
    tournament = result["tournaments"][0]
    assert (tournament["id"], tournament["name"], dict(tournament)["note"]) == (text, text, text)


def test_a_nul_inside_the_request_bytes_is_invalid_json_at_its_offset(core: tournamentcore.Library) -> None:
    envelope = json.loads(core.call_text("library.info", b"{}\x00{}"))
    assert envelope["error"]["code"] == "INVALID_JSON"
    assert envelope["error"]["message"].endswith("(byte 2)")


def test_bytes_and_text_requests_give_the_same_response(core: tournamentcore.Library) -> None:
    request = '{"id":"guest_0123456789abcdef"}'
    assert core.call_text("guests.validateId", request) == core.call_text("guests.validateId", request.encode("utf-8"))


def test_a_method_name_with_a_nul_is_refused(core: tournamentcore.Library) -> None:
    with pytest.raises(ValueError):
        core.call("library.info\0x", {})


def test_null_pointers_are_error_envelopes(core: tournamentcore.Library) -> None:
    assert json.loads(core.call_text("library.info", None))["error"]["code"] == "INVALID_JSON"
    assert json.loads(core.call_text(None, "{}"))["error"]["code"] == "UNKNOWN_METHOD"


def test_nan_cannot_be_sent(core: tournamentcore.Library) -> None:
    with pytest.raises(ValueError):
        core.equipment_stats({"setupId": 1, "rounds": [], "now": float("nan")})  # type: ignore[typeddict-item]


def test_every_response_is_freed_exactly_once(core: tournamentcore.Library, monkeypatch: pytest.MonkeyPatch) -> None:
    answered: List[int] = []
    freed: List[int] = []

    def answering(function: Any) -> Any:
        def call(*arguments: Any) -> Any:
            address = function(*arguments)
            answered.append(address)
            return address
        return call

    real = core._free

    def free(address: int) -> None:
        freed.append(address)
        real(address)

    monkeypatch.setattr(core, "_call", answering(core._call))
    monkeypatch.setattr(core, "_call_n", answering(core._call_n))
    monkeypatch.setattr(core, "_free", free)
    core.library_info()
    with pytest.raises(TournamentCoreError):
        core.tournaments_filter({})  # type: ignore[typeddict-item]
    core.call_text("library.info", "not json")
    core.call_text("library.info", None)
    core.call_json("library.info", b"{}")
    # (An error answered to orjson's text is asked again in the standard library's: two responses.)
    assert len(answered) >= 5 and freed == answered


def test_the_library_is_found_by_argument_environment_or_inside_the_package(
        core: tournamentcore.Library, monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path) -> None:
    assert tournamentcore.Library(core.path).version == core.version
    monkeypatch.setenv("TOURNAMENTCORE_LIBRARY", core.path)
    assert tournamentcore.Library().path == core.path
    monkeypatch.delenv("TOURNAMENTCORE_LIBRARY")
    monkeypatch.setattr(tournamentcore, "__file__", str(tmp_path / "__init__.py"))
    os.symlink(core.path, tmp_path / "libtournamentcore.so")
    assert tournamentcore.Library().path == str(tmp_path / "libtournamentcore.so")


def test_the_version_is_the_library_s(core: tournamentcore.Library) -> None:
    assert tournamentcore.__version__ == core.version == core.library_info()["version"]


def test_concurrent_calls_from_threads_agree(core: tournamentcore.Library) -> None:
    request = {"tournaments": [{"id": "a", "name": "Spring Open", "status": "open"}], "query": "spring"}
    expected = core.tournaments_filter(request)  # type: ignore[arg-type]
    errors: List[Any] = []

    def work() -> None:
        try:
            for _ in range(200):
                assert core.tournaments_filter(request) == expected  # type: ignore[arg-type]
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


def test_tc_call_n_reports_the_response_length(core: tournamentcore.Library) -> None:
    lib = ctypes.CDLL(core.path)
    lib.tc_call_n.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t)]
    lib.tc_call_n.restype = ctypes.c_void_p
    lib.tc_string_free.argtypes = [ctypes.c_void_p]
    length = ctypes.c_size_t(12345)
    address = lib.tc_call_n(b"library.info", b"{}garbage", 2, ctypes.byref(length))
    try:
        assert length.value == len(ctypes.string_at(address)) and ctypes.string_at(address).startswith(b'{"ok":true')
    finally:
        lib.tc_string_free(address)


def test_the_library_needs_no_swift_runtime(core: tournamentcore.Library) -> None:
    import shutil
    import subprocess
    if shutil.which("ldd") is None:
        pytest.skip("no ldd on this system")
    listed = subprocess.run(["ldd", core.path], capture_output=True, text=True, check=True).stdout
    assert "swift" not in listed.lower() and "not found" not in listed, listed
