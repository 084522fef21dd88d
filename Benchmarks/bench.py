#!/usr/bin/env python3
"""The Python side of the benchmark: what a Python user would write instead of calling
TournamentCore — json.loads, the same rules in Python, json.dumps — for tournaments.filter,
guests.check and equipment.stats, measured interleaved with the core called through ctypes
(text in, text out, as both are used). Checks that both give the same response first.

    bench.py <requests folder written by `benchmark --requests`> <libtournamentcore.so>
"""
import ctypes
import json
import math
import os
import statistics
import sys
import time


def filter_tournaments(text):
    request = json.loads(text)
    tab, query, limit = request.get("tab") or "active", request.get("query"), request.get("limit")
    public_only = request.get("publicOnly") is True
    known = ("id", "name", "location", "status", "public", "currentParticipants", "maxParticipants")
    names = {"OPEN": "OPEN", "IN_PROGRESS": "IN_PROGRESS", "COMPLETED": "COMPLETED", "CANCELLED": "CANCELLED"}
    listed, counts, matching = [], {"active": 0, "completed": 0, "all": 0}, 0
    needle = query.strip().lower() if query else ""
    for document in request["tournaments"]:
        if not isinstance(document, dict) or not isinstance(document.get("id"), str) or not document["id"]:
            return json.dumps({"ok": False, "error": {"code": "INVALID_REQUEST", "message": "Invalid tournament."}})
        name, location = document.get("name") or "", document.get("location") or ""
        for value in (name, location, document.get("status") or ""):
            if not isinstance(value, str):
                return json.dumps({"ok": False, "error": {"code": "INVALID_REQUEST", "message": "Invalid field."}})
        if public_only and document.get("public") is not True:
            continue
        if needle and needle not in name.lower() and needle not in location.lower():
            continue
        status = names.get((document.get("status") or "OPEN").upper(), "OPEN")
        counts["all"] += 1
        active, completed = status in ("OPEN", "IN_PROGRESS"), status == "COMPLETED"
        counts["active"] += active
        counts["completed"] += completed
        if not (tab == "all" or (tab == "active" and active) or (tab == "completed" and completed)):
            continue
        matching += 1
        if limit is not None and len(listed) >= limit:
            continue
        normalized = {"id": document["id"], "name": name, "location": location, "status": status,
                      "public": document.get("public") is True, "currentParticipants": document.get("currentParticipants") or 0,
                      "maxParticipants": document.get("maxParticipants") or 0}
        for key, value in document.items():
            if key not in known:
                normalized[key] = value
        listed.append(normalized)
    empty = None
    if matching == 0:
        empty = {"icon": "checkmark.circle" if tab == "completed" else "target",
                 "title": {"completed": "No Completed Tournaments", "all": "No Tournaments"}.get(tab, "No Active Tournaments"),
                 "message": "Completed tournaments will appear here" if tab == "completed" else "Check back later for upcoming tournaments"}
    result = {"tab": tab, "tournaments": listed, "counts": counts,
              "labels": {"active": "Active (%d)" % counts["active"], "completed": "Completed (%d)" % counts["completed"]},
              "isEmpty": matching == 0, "emptyState": empty}
    return json.dumps({"ok": True, "result": result}, separators=(",", ":"), ensure_ascii=False)


def check_guests(text):
    request = json.loads(text)
    limits = request.get("limits") or {}
    per_user, total = limits.get("maxGuestsPerParticipant", 2), limits.get("maxTotalGuests", 10)
    user = request.get("currentUserId")
    mine = guests = 0
    for participant in request.get("participants") or []:
        if not isinstance(participant, dict) or not isinstance(participant.get("participantId"), str):
            return json.dumps({"ok": False, "error": {"code": "INVALID_REQUEST", "message": "Invalid participant."}})
        if participant.get("guestParticipant") is True:
            guests += 1
            if user is not None and participant.get("addedBy") == user:
                mine += 1
    tournament = request.get("tournament")
    if user is None:
        reason = {"code": "NOT_AUTHENTICATED", "message": "You must be signed in to add a guest."}
    elif mine >= per_user:
        reason = {"code": "MAX_GUESTS_PER_USER_REACHED", "message": "You can only add %d guest(s) per participant." % per_user}
    elif guests >= total:
        reason = {"code": "MAX_TOTAL_GUESTS_REACHED", "message": "This tournament has reached the maximum of %d total guests." % total}
    elif not tournament or str(tournament.get("status", "")).upper() != "IN_PROGRESS":
        reason = {"code": "TOURNAMENT_NOT_IN_PROGRESS", "message": "Guests can only be added to tournaments in progress."}
    else:
        reason = None
    remaining_user, remaining_total = max(0, per_user - mine), max(0, total - guests)
    result = {"guestCount": mine, "totalGuestCount": guests, "remainingForUser": remaining_user, "remainingTotal": remaining_total,
              "remaining": min(remaining_user, remaining_total), "canAddGuest": reason is None, "reason": reason,
              "limits": {"maxGuestsPerParticipant": per_user, "maxTotalGuests": total}}
    return json.dumps({"ok": True, "result": result}, separators=(",", ":"))


def equipment_stats(text):
    request = json.loads(text)
    days = {"sevenDays": 7, "thirtyDays": 30, "ninetyDays": 90, "oneYear": 365, "allTime": None}[request.get("timeRange") or "thirtyDays"]
    start = None if days is None else request["now"] - days * 86400000
    arrows = total = tens = xs = nines = rounds = 0
    points = []
    for round_ in request["rounds"]:
        if start is not None and round_["date"] < start:
            continue
        if round_["arrows"]:
            rounds += 1
        for arrow in round_["arrows"]:
            score = arrow["score"]
            if not isinstance(score, int) or not 0 <= score <= 10 or (arrow.get("isX") and score != 10):
                return json.dumps({"ok": False, "error": {"code": "INVALID_REQUEST", "message": "Invalid arrow."}})
            arrows += 1
            total += score
            tens += score == 10
            xs += arrow.get("isX") is True
            nines += score >= 9
            if arrow.get("x") is not None and arrow.get("y") is not None:
                points.append((arrow["x"], arrow["y"]))
    setup = request["setupId"]
    stats = {"setupId": setup, "totalArrows": arrows, "totalScore": total, "averageScore": total / arrows if arrows else 0.0,
             "accuracy": tens * 100 / arrows if arrows else 0.0, "consistency": nines * 100 / arrows if arrows else 0.0,
             "xCount": xs, "tenCount": tens, "roundCount": rounds}
    drift = None
    if points:
        n = len(points)
        mean_x, mean_y = sum(p[0] for p in points) / n, sum(p[1] for p in points) / n
        drift = {"setupId": setup, "xDriftAverage": mean_x, "yDriftAverage": mean_y,
                 "xSpread": math.sqrt(sum((p[0] - mean_x) ** 2 for p in points) / n),
                 "ySpread": math.sqrt(sum((p[1] - mean_y) ** 2 for p in points) / n), "arrowCount": n}
    return json.dumps({"ok": True, "result": {"stats": stats, "drift": drift}}, separators=(",", ":"))


REFERENCES = {"tournaments.filter": filter_tournaments, "guests.check": check_guests, "equipment.stats": equipment_stats}


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
