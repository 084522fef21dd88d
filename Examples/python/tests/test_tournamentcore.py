"""The Python binding over the real library: every method, an error path of each, the binding's
own promises (finding the library, freeing every response, NULL, errors as exceptions)."""
import json
import os
import threading

import pytest

import tournamentcore
from tournamentcore import TournamentCoreError

NOW = 1733000000000
IN_PROGRESS = {"id": "t1", "status": "IN_PROGRESS"}


def expect_error(function, request, code, path=None):
    with pytest.raises(TournamentCoreError) as raised:
        function(request)
    assert raised.value.code == code
    assert raised.value.message
    assert raised.value.path == path
    return raised.value


# -- library.info ----------------------------------------------------------------------------------

def test_library_info_lists_every_method_and_matches_tc_version(core):
    info = core.library_info()
    assert info["name"] == "TournamentCore"
    assert info["version"] == core.version
    assert info["abiVersion"] == 1
    assert len(info["methods"]) == 18
    assert info["limits"] == {"maxRequestBytes": 67108864, "maxDepth": 64}


def test_library_info_rejects_a_non_object(core):
    with pytest.raises(TournamentCoreError) as raised:
        core.call("library.info", [])
    assert raised.value.code == "INVALID_JSON"


# -- tournaments -----------------------------------------------------------------------------------

def test_tournaments_filter_lists_the_active_tab(core):
    result = core.tournaments_filter({"tournaments": [
        {"id": "a", "name": "Spring Open", "location": "Lyon", "status": "open", "extra": [1, 2]},
        {"id": "b", "status": "COMPLETED"}, {"id": "c", "status": "cancelled"}], "query": "LYON"})
    assert [t["id"] for t in result["tournaments"]] == ["a"]
    assert result["tournaments"][0]["extra"] == [1, 2]
    assert result["labels"] == {"active": "Active (1)", "completed": "Completed (0)"}


def test_tournaments_filter_reports_a_wrong_type_with_its_path(core):
    expect_error(core.tournaments_filter, {"tournaments": [{"id": "a"}, {"id": 2}]}, "INVALID_REQUEST", "$.tournaments[1].id")


# -- participants ----------------------------------------------------------------------------------

def test_participants_resolve_falls_back_to_participant_ids(core):
    result = core.participants_resolve({"tournamentId": "t1", "participantIds": ["u1", "u2"],
                                        "currentUser": {"uid": "u1", "email": "robin@example.com"}, "now": NOW})
    assert result["source"] == "participantIds"
    assert [p["displayName"] for p in result["participants"]] == ["robin", "Archer 2"]
    assert result["repair"]["writes"][1]["path"] == "tournaments/t1/participants/u2"
    assert "example.com" not in json.dumps(result)


def test_participants_resolve_refuses_a_slash_in_an_id(core):
    expect_error(core.participants_resolve, {"tournamentId": "t/1"}, "INVALID_REQUEST", "$.tournamentId")


def test_participants_display_name(core):
    assert core.participants_display_name({"participantId": "u2", "index": 1}) == {"displayName": "Archer 2"}
    expect_error(core.participants_display_name, {"participantId": "u2", "index": -1}, "INVALID_REQUEST", "$.index")


def test_participants_repair_registry(core):
    request = {"tournamentId": "python-binding-test"}
    assert core.participants_repair_begin(request) == {"acquired": True}
    assert core.participants_repair_begin(request) == {"acquired": False}
    assert core.participants_repair_end(request) == {"released": True}
    assert core.participants_repair_end(request) == {"released": False}
    expect_error(core.participants_repair_begin, {}, "INVALID_REQUEST", "$.tournamentId")
    expect_error(core.participants_repair_end, {"tournamentId": ""}, "INVALID_REQUEST", "$.tournamentId")


# -- guests ----------------------------------------------------------------------------------------

def test_guests_check_and_add(core):
    request = {"tournament": IN_PROGRESS, "participants": [], "currentUserId": "u1"}
    assert core.guests_check(request)["canAddGuest"] is True
    added = core.guests_add(dict(request, name="  Robin Hood "))
    assert added["guest"]["displayName"] == "Robin Hood"
    assert core.guests_validate_id({"id": added["guest"]["participantId"]}) == {"valid": True}
    assert added["check"]["guestCount"] == 1


def test_guests_errors(core):
    expect_error(core.guests_check, {"currentUserId": 5}, "INVALID_REQUEST", "$.currentUserId")
    error = expect_error(core.guests_add, {"tournament": IN_PROGRESS, "currentUserId": "u1", "name": " "}, "INVALID_GUEST_NAME", "$.name")
    assert error.message == "Please enter a guest name."
    expect_error(core.guests_add, {"tournament": IN_PROGRESS, "name": "Robin"}, "NOT_AUTHENTICATED")
    expect_error(core.guests_validate_id, {"id": 7}, "INVALID_REQUEST", "$.id")


def test_guests_generate_id(core):
    ids = core.guests_generate_id({"count": 50})["ids"]
    assert len(set(ids)) == 50 and all(core.guests_validate_id({"id": i})["valid"] for i in ids)
    assert len(core.guests_generate_id()["ids"]) == 1
    expect_error(core.guests_generate_id, {"count": 10001}, "INVALID_REQUEST", "$.count")


# -- equipment and scoring -------------------------------------------------------------------------

ROUND = {"id": "r1", "date": 1732000000000, "arrows": [{"score": 10, "isX": True, "x": 0.02, "y": -0.01}, {"score": 9}, {"score": 0}]}


def test_equipment_stats(core):
    result = core.equipment_stats({"setupId": 7, "rounds": [ROUND], "now": NOW})
    assert result["stats"]["averageScore"] == 19 / 3
    assert result["drift"]["arrowCount"] == 1
    expect_error(core.equipment_stats, {"setupId": 7, "rounds": [{"date": 0, "arrows": [{"score": 9, "isX": True}]}]},
                 "INVALID_REQUEST", "$.rounds[0].arrows[0].isX")


def test_equipment_compare(core):
    result = core.equipment_compare({"setupA": {"id": 1, "name": "A", "rounds": [ROUND]},
                                     "setupB": {"id": 2, "name": "", "stats": None}, "now": NOW})
    assert result["setupBName"] == "Setup #2"
    assert result["display"]["averageScore"] == {"text": "-6.33", "trend": "down", "color": "red"}
    expect_error(core.equipment_compare, {"setupA": {"id": 1}, "setupB": {"id": 1}}, "SAME_SETUP")


def test_equipment_selection_and_time_ranges(core):
    result = core.equipment_selection({"setups": [{"id": 3, "name": "b"}, {"id": 1, "name": "A"}], "setupAId": 1, "setupBId": 1})
    assert [s["id"] for s in result["setups"]] == [1, 3] and result["setupBId"] is None
    expect_error(core.equipment_selection, {"setups": [{"id": 1}, {"id": 1}]}, "INVALID_REQUEST", "$.setups[1]")
    ranges = core.equipment_time_ranges({"now": NOW})
    assert ranges["default"] == "thirtyDays" and ranges["ranges"][-1]["startTimestamp"] is None
    expect_error(core.equipment_time_ranges, {"now": "today"}, "INVALID_REQUEST", "$.now")


def test_scoring_leaderboard(core):
    result = core.scoring_leaderboard({"entries": [{"participantId": "a", "score": 10}, {"participantId": "b", "score": 10},
                                                   {"participantId": "c", "score": 11}]})
    assert [(e["participantId"], e["rank"]) for e in result["entries"]] == [("c", 1), ("a", 2), ("b", 2)]
    expect_error(core.scoring_leaderboard, {"entries": [{"participantId": "a", "score": 5, "tens": 1, "xs": 2}]},
                 "INVALID_REQUEST", "$.entries[0].xs")


# -- matches ---------------------------------------------------------------------------------------

MATCH = {"id": 1, "utcDate": "2024-08-17T23:30:00Z", "homeTeam": {"name": "Arsenal FC"}, "awayTeam": None,
         "score": {"winner": None, "fullTime": {"home": None, "away": None}}}


def test_matches_sections(core):
    result = core.matches_sections({"matches": [MATCH], "timeZone": "Europe/London"})
    assert result["sections"][0]["title"] == "08/18/2024"
    assert result["sections"][0]["matches"][0]["statusText"] == "00:30"
    expect_error(core.matches_sections, {"timeZone": "Nowhere/City"}, "INVALID_REQUEST", "$.timeZone")


def test_matches_favorite_and_reconcile(core):
    favorite = core.matches_favorite({"match": MATCH})["favorite"]
    assert favorite["awayTeamName"] == "N/A" and favorite["winner"] is None
    fresh = dict(MATCH, score={"winner": "DRAW", "fullTime": {"home": 1, "away": 1}})
    result = core.matches_reconcile_favorites({"favorites": [favorite], "matches": [fresh]})
    assert result["updatedIds"] == [1] and result["favorites"][0]["winner"] == "DRAW"
    expect_error(core.matches_favorite, {}, "INVALID_REQUEST", "$.match")
    expect_error(core.matches_reconcile_favorites, {"favorites": [{"id": 1, "winner": "HOME"}]}, "INVALID_REQUEST", "$.favorites[0].winner")


# -- the binding itself ----------------------------------------------------------------------------

def test_every_method_has_a_function_giving_the_same_bytes_as_tc_call(core):
    requests = {"library.info": "{}", "guests.validateId": '{"id":"x"}', "equipment.timeRanges": '{"now":5}'}
    for method in core.library_info()["methods"]:
        function = "tc_" + "".join("_" + c.lower() if c.isupper() else c for c in method.replace(".", "_"))
        request = requests.get(method, "{}")
        direct, via_call = core.call_text(method, request, function), core.call_text(method, request)
        if method == "guests.generateId":  # random: the same shape, not the same bytes
            assert len(direct) == len(via_call) and direct.startswith('{"ok":true,"result":{"ids":["guest_')
        else:
            assert direct == via_call


def test_unknown_method(core):
    with pytest.raises(TournamentCoreError) as raised:
        core.call("no.such.method", {})
    assert raised.value.code == "UNKNOWN_METHOD"


def test_null_pointers_are_error_envelopes(core):
    assert json.loads(core.call_text("library.info", None))["error"]["code"] == "INVALID_JSON"
    assert json.loads(core.call_text(None, "{}"))["error"]["code"] == "UNKNOWN_METHOD"


def test_nan_cannot_be_sent(core):
    with pytest.raises(ValueError):
        core.equipment_stats({"setupId": 1, "rounds": [], "now": float("nan")})


def test_every_response_is_freed_once(core):
    freed = []
    real = core._lib.tc_string_free
    core._lib.tc_string_free = lambda address: (freed.append(address), real(address))
    try:
        core.library_info()
        with pytest.raises(TournamentCoreError):
            core.tournaments_filter({})
        core.call_text("library.info", "not json")
    finally:
        core._lib.tc_string_free = real
    assert len(freed) == 3 and len(set(freed)) <= 3


def test_the_library_is_found_by_argument_environment_or_beside_the_module(core, monkeypatch, tmp_path):
    assert tournamentcore.Library(core.path).version == core.version
    monkeypatch.setenv("TOURNAMENTCORE_LIBRARY", core.path)
    assert tournamentcore.Library().path == core.path
    monkeypatch.delenv("TOURNAMENTCORE_LIBRARY")
    monkeypatch.setattr(tournamentcore, "__file__", str(tmp_path / "tournamentcore.py"))
    os.symlink(core.path, tmp_path / "libtournamentcore.so")
    assert tournamentcore.Library().path == str(tmp_path / "libtournamentcore.so")


def test_concurrent_calls_from_threads(core):
    errors = []

    def work():
        try:
            for _ in range(200):
                assert core.guests_validate_id({"id": "guest_0123456789abcdef"}) == {"valid": True}
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
