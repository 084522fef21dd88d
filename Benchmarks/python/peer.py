"""The same rules in plain Python: what a Python developer would write instead of calling
TournamentCore, for the seven methods of the issue 70 table, over dicts (a request as json.loads
gives it in, the result as the binding returns it out), with the library's validation: the same
checks in the same order (each object's fields in the contract's check order), the same
messages and JSONPaths. Benchmarks/python/typed.py times it against the typed binding, and
Benchmarks/python/check_peer.py checks it against the library first.

    import peer
    peer.METHODS["guests.check"](request)   # the result dict, or raises peer.RequestError

Known differences from the library (check_peer.py runs them all and lists what differs):
- A value is quoted in an error message as Python's json module writes it (the typed binding
  sends it so), not as some other text spelled it (`1E2`, `8.50`).
- matches.sections reads time zones with zoneinfo: the host's tzdata (the library embeds
  2025b), Python 3.9 or later; kick-offs outside years 1 to 9999 in the zone are unparsable.
- Sums are Python integers: the library refuses a total beyond 2^63 - 1 (a request could only
  hold one with some 10^18 arrows).
"""
import math
import re
import time
import unicodedata
from datetime import datetime
from json import dumps

try:
    import zoneinfo
except ImportError:  # Python 3.8: matches.sections needs 3.9
    zoneinfo = None

INT32_MAX = 2147483647
INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1
LAST_TIMESTAMP = 253402300799999  # the last millisecond of year 9999
DAY_MS = 86400000


class RequestError(Exception):
    """A refused request: code, message and JSONPath (`path` None when it names no place).
    Readers raise it with the path relative to what they read (".score"); each enclosing level
    prefixes its part as it goes up (`inside`), so no path is built for values that are fine."""

    def __init__(self, message, path="", code="INVALID_REQUEST"):
        super().__init__(message)
        self.code, self.message, self.relative = code, message, path

    @property
    def path(self):
        return None if self.relative is None else "$" + self.relative


def inside(prefix, error):
    if error.relative is not None:
        error.relative = prefix + error.relative
    return error


# MARK: - Reading values

def kind(value):
    """How a message names the type of a value ("found a string")."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "a boolean"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, (list, tuple)):
        return "an array"
    return "an object"


def quote(value):
    """A value as a message quotes it: its JSON (at most 40 bytes, then "..."), or its type."""
    if isinstance(value, (dict, list, tuple)):
        return kind(value)
    text = dumps(value, ensure_ascii=False)
    data = text.encode("utf-8")
    if len(data) <= 40:
        return text
    return data[:40].decode("utf-8", "replace") + "..."


def missing(key):
    return RequestError('Missing required field "%s".' % key, "." + key)


def expect_string(value, path):
    if type(value) is not str:
        raise RequestError("Expected a string, found %s." % kind(value), path)
    return value


def expect_non_empty(value, path):
    if type(value) is not str:
        raise RequestError("Expected a string, found %s." % kind(value), path)
    if not value:
        raise RequestError("Expected a non-empty string.", path)
    return value


def expect_bool(value, path):
    if value is not True and value is not False:
        raise RequestError("Expected a boolean, found %s." % kind(value), path)
    return value


def expect_object(value, path=""):
    if not isinstance(value, dict):
        raise RequestError("Expected an object, found %s." % kind(value), path)
    return value


def expect_array(value, path):
    if not isinstance(value, (list, tuple)):
        raise RequestError("Expected an array, found %s." % kind(value), path)
    return value


def expect_int(value, path, low, high):
    """An integer from low to high, however written (8, 8.0)."""
    if type(value) is int:
        if low <= value <= high:
            return value
    elif type(value) is float and math.isfinite(value):
        if not value.is_integer():
            raise RequestError("Expected an integer, found %s." % quote(value), path)
        if low <= value <= high:
            return int(value)
    elif value is True or value is False or not isinstance(value, (int, float)):
        raise RequestError("Expected an integer, found %s." % kind(value), path)
    raise RequestError("Expected an integer from %d to %d, found %s." % (low, high, quote(value)), path)


def bound(value):
    return "%d" % value if float(value).is_integer() else repr(float(value))


def expect_number(value, path, low, high):
    if type(value) is float or (type(value) is int):
        if low <= value <= high:
            return float(value)
        if type(value) is float and not math.isfinite(value):
            raise RequestError("Expected a finite number, found %s." % quote(value), path)
        raise RequestError("Expected a number from %s to %s, found %s." % (bound(low), bound(high), quote(value)), path)
    raise RequestError("Expected a number, found %s." % kind(value), path)


def expect_choice(value, path, names, expected):
    if type(value) is str and value in names:
        return value
    raise RequestError("Expected %s, found %s." % (expected, quote(value)), path)


def read_objects(values, path, read):
    """`read` of each object of the array `values` (at `path`), in order; an element that is
    not an object, or that `read` refuses, is the error, at its place."""
    expect_array(values, path)
    results = []
    for index, value in enumerate(values):
        try:
            if not isinstance(value, dict):
                raise RequestError("Expected an object, found %s." % kind(value))
            results.append(read(value))
        except RequestError as error:
            raise inside("%s[%d]" % (path, index), error)
    return results


# Unicode's White_Space (what "blank" means), not str.isspace (which adds U+001C...U+001F).
WHITE_SPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a" \
              "\u2028\u2029\u202f\u205f\u3000"


def is_blank(text):
    return not text.strip(WHITE_SPACE)


# MARK: - Tournament documents (tournaments.filter, guests.check)

STATUSES = {"OPEN": "OPEN", "IN_PROGRESS": "IN_PROGRESS", "COMPLETED": "COMPLETED", "CANCELLED": "CANCELLED"}
KNOWN = frozenset(("id", "name", "location", "status", "public", "currentParticipants", "maxParticipants"))


def read_tournament(document):
    """The seven known fields of a stored tournament document, checked in the contract's order,
    normalized: (id, name, location, status, public, current, maximum)."""
    if not isinstance(document, dict):
        raise RequestError("Expected an object, found %s." % kind(document))
    get = document.get
    if "id" not in document:
        raise missing("id")
    identifier, name, location, status = document["id"], get("name"), get("location"), get("status")
    public, current, maximum = get("public"), get("currentParticipants"), get("maxParticipants")
    if type(identifier) is not str or not identifier:
        expect_non_empty(identifier, ".id")
    if name is None:
        name = ""
    elif type(name) is not str:
        expect_string(name, ".name")
    if location is None:
        location = ""
    elif type(location) is not str:
        expect_string(location, ".location")
    if status is None:
        status = "OPEN"
    else:
        if type(status) is not str:
            expect_string(status, ".status")
        status = STATUSES.get(status) or STATUSES.get(status.upper(), "OPEN")
    if public is None:
        public = False
    elif public is not True and public is not False:
        expect_bool(public, ".public")
    if current is None:
        current = 0
    elif type(current) is not int or not 0 <= current <= INT32_MAX:
        current = expect_int(current, ".currentParticipants", 0, INT32_MAX)
    if maximum is None:
        maximum = 0
    elif type(maximum) is not int or not 0 <= maximum <= INT32_MAX:
        maximum = expect_int(maximum, ".maxParticipants", 0, INT32_MAX)
    return identifier, name, location, status, public, current, maximum


# MARK: - Search: ignoring case and diacritics

def fold(text):
    """NFD, nonspacing marks removed, each character through its full uppercase then lowercase
    mapping (Python's lower() makes a final capital sigma ς, which the per-character mapping
    does not: put back)."""
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFD", text)
    stripped = "".join(c for c in decomposed if unicodedata.category(c) != "Mn")
    return stripped.upper().lower().replace("\u03c2", "\u03c3")


# MARK: - tournaments.filter

TABS = {"active", "completed", "all"}
EMPTY_STATES = {
    "active": {"icon": "target", "title": "No Active Tournaments", "message": "Check back later for upcoming tournaments"},
    "completed": {"icon": "checkmark.circle", "title": "No Completed Tournaments", "message": "Completed tournaments will appear here"},
    "all": {"icon": "target", "title": "No Tournaments", "message": "Check back later for upcoming tournaments"},
}
TAB_EXPECTED = '"active", "completed", "all" or a tab index'


def read_tab(value):
    if value is None:
        return "active"
    if type(value) is str and value in TABS:
        return value
    if type(value) is int or (type(value) is float and (value.is_integer() or math.isinf(value))):
        return "active" if value == 0 else "completed" if value == 1 else "all"
    raise RequestError("Expected %s, found %s." % (TAB_EXPECTED, quote(value)), ".tab")


def tournaments_filter(request):
    # The contract's check order: invalidDocuments, tournaments, tab, publicOnly, query, limit.
    skipping = request.get("invalidDocuments")
    if skipping is not None:
        skipping = expect_choice(skipping, ".invalidDocuments", ("reject", "skip"), '"reject" or "skip"') == "skip"
    documents = request.get("tournaments")
    if documents is None:
        raise missing("tournaments") if "tournaments" not in request else \
            RequestError("Expected an array, found null.", ".tournaments")
    expect_array(documents, ".tournaments")
    read, skipped = [], []
    for index, document in enumerate(documents):
        try:
            read.append((read_tournament(document), document))
        except RequestError as error:
            inside(".tournaments[%d]" % index, error)
            if not skipping:
                raise
            entry = {"index": index}
            if isinstance(document, dict) and type(document.get("id")) is str and document["id"]:
                entry["id"] = document["id"]
            entry.update(code=error.code, message=error.message, path=error.path)
            skipped.append(entry)
    tab = read_tab(request.get("tab"))
    public_only = request.get("publicOnly")
    if public_only is not None:
        expect_bool(public_only, ".publicOnly")
    query = request.get("query")
    if query is not None:
        expect_string(query, ".query")
    limit = request.get("limit")
    if limit is not None:
        limit = expect_int(limit, ".limit", 0, INT64_MAX)
    # A blank query (after trimming Unicode white space) searches nothing: every name matches.
    needle = fold(query.strip(WHITE_SPACE)) if query else ""

    active = completed = total = matching = 0
    listed = []
    for (identifier, name, location, status, public, current, maximum), document in read:
        if public_only and not public:
            continue
        if needle and needle not in fold(name) and needle not in fold(location):
            continue
        total += 1
        is_active = status == "OPEN" or status == "IN_PROGRESS"
        is_completed = status == "COMPLETED"
        active += is_active
        completed += is_completed
        # CANCELLED is listed under "all" only.
        if (tab == "active" and not is_active) or (tab == "completed" and not is_completed):
            continue
        matching += 1
        if limit is not None and len(listed) >= limit:
            continue
        tournament = {"id": identifier, "name": name, "location": location, "status": status, "public": public,
                      "currentParticipants": current, "maxParticipants": maximum}
        for key, value in document.items():  # the document's other members, in its order
            if key not in KNOWN:
                tournament[key] = value
        listed.append(tournament)
    result = {"tab": tab, "tournaments": listed, "counts": {"active": active, "completed": completed, "all": total},
              "labels": {"active": "Active (%d)" % active, "completed": "Completed (%d)" % completed},
              "isEmpty": matching == 0, "emptyState": dict(EMPTY_STATES[tab]) if matching == 0 else None}
    if skipping:
        result["skipped"] = skipped
    return result


# MARK: - guests.check

def read_session_participant(participant):
    """(whether a guest, who added it)."""
    if "participantId" not in participant:
        raise missing("participantId")
    get = participant.get
    identifier, guest, adder = participant["participantId"], get("guestParticipant"), get("addedBy")
    if type(identifier) is not str or not identifier:
        expect_non_empty(identifier, ".participantId")
    if guest is not None and guest is not True and guest is not False:
        expect_bool(guest, ".guestParticipant")
    if adder is not None and type(adder) is not str:
        expect_string(adder, ".addedBy")
    return guest is True, adder


def guests_check(request):
    document = request.get("tournament")
    tournament = None
    if document is not None:
        try:
            tournament = read_tournament(document)
        except RequestError as error:
            raise inside(".tournament", error)

    participants = request.get("participants")
    # Who added each guest (None for a participant who is not one).
    added_by = [] if participants is None else read_objects(participants, ".participants", read_session_participant)

    user = request.get("currentUserId")
    if user is not None:
        expect_non_empty(user, ".currentUserId")
    per_user, total = 2, 10
    limits = request.get("limits")
    if limits is not None:
        expect_object(limits, ".limits")
        if limits.get("maxGuestsPerParticipant") is not None:
            per_user = expect_int(limits["maxGuestsPerParticipant"], ".limits.maxGuestsPerParticipant", 0, INT32_MAX)
        if limits.get("maxTotalGuests") is not None:
            total = expect_int(limits["maxTotalGuests"], ".limits.maxTotalGuests", 0, INT32_MAX)

    # IDs are compared as stored (exactly: no Unicode equivalence).
    added_by = [adder for guest, adder in added_by if guest]
    guests = len(added_by)
    mine = 0 if user is None else added_by.count(user)
    remaining_user, remaining_total = max(0, per_user - mine), max(0, total - guests)
    if user is None:
        reason = {"code": "NOT_AUTHENTICATED", "message": "You must be signed in to add a guest."}
    elif mine >= per_user:
        reason = {"code": "MAX_GUESTS_PER_USER_REACHED", "message": "You can only add %d guest(s) per participant." % per_user}
    elif guests >= total:
        reason = {"code": "MAX_TOTAL_GUESTS_REACHED", "message": "This tournament has reached the maximum of %d total guests." % total}
    elif tournament is None or tournament[3] != "IN_PROGRESS":
        reason = {"code": "TOURNAMENT_NOT_IN_PROGRESS", "message": "Guests can only be added to tournaments in progress."}
    else:
        reason = None
    return {"guestCount": mine, "totalGuestCount": guests, "remainingForUser": remaining_user, "remainingTotal": remaining_total,
            "remaining": min(remaining_user, remaining_total), "canAddGuest": reason is None, "reason": reason,
            "limits": {"maxGuestsPerParticipant": per_user, "maxTotalGuests": total}}


# MARK: - Arrows and rounds (equipment.stats, equipment.compare, scoring.leaderboard)

RANGES = {"sevenDays": 7, "thirtyDays": 30, "ninetyDays": 90, "oneYear": 365, "allTime": None}
RANGE_LABELS = {"sevenDays": "7 Days", "thirtyDays": "30 Days", "ninetyDays": "90 Days", "oneYear": "1 Year", "allTime": "All Time"}
RANGE_EXPECTED = 'one of "sevenDays", "thirtyDays", "ninetyDays", "oneYear", "allTime"'


def read_arrow(arrow):
    """One arrow, checked: (score, isX, x, y), x and y None when not given."""
    if not isinstance(arrow, dict):
        raise RequestError("Expected an object, found %s." % kind(arrow))
    if "score" not in arrow:
        raise missing("score")
    get = arrow.get
    score, is_x, x, y = arrow["score"], get("isX"), get("x"), get("y")
    if type(score) is not int or not 0 <= score <= 10:
        score = expect_int(score, ".score", 0, 10)
    if is_x is None:
        is_x = False
    elif is_x is not True and is_x is not False:
        expect_bool(is_x, ".isX")
    if x is not None and (type(x) is not float or not -1000.0 <= x <= 1000.0):
        x = expect_number(x, ".x", -1000, 1000)
    if y is not None and (type(y) is not float or not -1000.0 <= y <= 1000.0):
        y = expect_number(y, ".y", -1000, 1000)
    if is_x and score != 10:
        raise RequestError("Only a 10 can be an X.", ".isX")
    return score, is_x, x, y


class Tally:
    """The figures of some arrows: count, total, tens, Xs, nines or better, and the impacts
    (arrows with both coordinates) in arrow order."""

    __slots__ = ("arrows", "score", "tens", "xs", "nines", "xs_at", "ys_at")

    def __init__(self):
        self.arrows = self.score = self.tens = self.xs = self.nines = 0
        self.xs_at, self.ys_at = [], []

    def add_arrows(self, arrows, path):
        """Checks and counts a list of arrows (the path of the list for errors)."""
        expect_array(arrows, path)
        score_sum = tens = xs = nines = 0
        xs_at, ys_at = self.xs_at, self.ys_at
        for index, arrow in enumerate(arrows):
            try:
                score, is_x, x, y = read_arrow(arrow)
            except RequestError as error:
                raise inside("%s[%d]" % (path, index), error)
            score_sum += score
            if score >= 9:
                nines += 1
                if score == 10:
                    tens += 1
                    xs += is_x
            if x is not None and y is not None:
                xs_at.append(x)
                ys_at.append(y)
        self.arrows += len(arrows)
        self.score += score_sum
        self.tens += tens
        self.xs += xs
        self.nines += nines

    def merge(self, other):
        self.arrows += other.arrows
        self.score += other.score
        self.tens += other.tens
        self.xs += other.xs
        self.nines += other.nines
        self.xs_at += other.xs_at
        self.ys_at += other.ys_at


def read_round(round_):
    """A round, every arrow checked: (date, tally)."""
    identifier = round_.get("id")
    if identifier is not None and type(identifier) is not str:
        expect_string(identifier, ".id")
    if "date" not in round_:
        raise missing("date")
    date = round_["date"]
    if type(date) is not int or not 0 <= date <= LAST_TIMESTAMP:
        date = expect_int(date, ".date", 0, LAST_TIMESTAMP)
    if "arrows" not in round_:
        raise missing("arrows")
    tally = Tally()
    tally.add_arrows(round_["arrows"], ".arrows")
    return date, tally


def read_rounds(rounds, path):
    return read_objects(rounds, path, read_round)


def read_range(request):
    """The time fields, in the contract's check order (startDate, timeRange, now):
    (range id, start timestamp or None)."""
    start_date, range_name, now = request.get("startDate"), request.get("timeRange"), request.get("now")
    if start_date is not None:
        start_date = expect_int(start_date, ".startDate", 0, LAST_TIMESTAMP)
    if range_name is not None:
        if start_date is not None:
            raise RequestError("Give either timeRange or startDate, not both.", ".timeRange")
        expect_choice(range_name, ".timeRange", RANGES, RANGE_EXPECTED)
    if now is not None:
        now = expect_int(now, ".now", 0, LAST_TIMESTAMP)
    if start_date is not None:
        return "custom", start_date
    range_name = range_name or "thirtyDays"
    days = RANGES[range_name]
    if days is None:
        return range_name, None
    if now is None:
        now = int(time.time() * 1000)
    return range_name, now - days * DAY_MS


def counted(rounds, start):
    """The tally of the rounds on or after `start` (None: all), and how many of them have arrows."""
    total, count = Tally(), 0
    for date, tally in rounds:
        if start is None or date >= start:
            total.merge(tally)
            count += tally.arrows > 0
    return total, count


def stats_of(setup_id, tally, rounds):
    n = tally.arrows
    return {"setupId": setup_id, "totalArrows": n, "totalScore": tally.score,
            "averageScore": tally.score / n if n else 0.0, "accuracy": tally.tens * 100 / n if n else 0.0,
            "consistency": tally.nines * 100 / n if n else 0.0, "xCount": tally.xs, "tenCount": tally.tens,
            "roundCount": rounds}


def drift_of(setup_id, xs, ys):
    """Means and population standard deviations, two passes in arrow order; None without impacts."""
    n = len(xs)
    if not n:
        return None
    sum_x = sum_y = 0.0
    for x in xs:
        sum_x += x
    for y in ys:
        sum_y += y
    mean_x, mean_y = sum_x / n, sum_y / n
    squares_x = squares_y = 0.0
    for x in xs:
        squares_x += (x - mean_x) * (x - mean_x)
    for y in ys:
        squares_y += (y - mean_y) * (y - mean_y)
    return {"setupId": setup_id, "xDriftAverage": mean_x, "yDriftAverage": mean_y,
            "xSpread": math.sqrt(squares_x / n), "ySpread": math.sqrt(squares_y / n), "arrowCount": n}


# MARK: - equipment.stats

def equipment_stats(request):
    # Check order: setupId, rounds, startDate, timeRange, now.
    if "setupId" not in request:
        raise missing("setupId")
    setup_id = expect_int(request["setupId"], ".setupId", INT64_MIN, INT64_MAX)
    if "rounds" not in request:
        raise missing("rounds")
    rounds = read_rounds(request["rounds"], ".rounds")
    _, start = read_range(request)
    tally, count = counted(rounds, start)
    return {"stats": stats_of(setup_id, tally, count), "drift": drift_of(setup_id, tally.xs_at, tally.ys_at)}


# MARK: - equipment.compare

STATS_FIELDS = (("setupId", INT64_MIN, INT64_MAX), ("totalArrows", 0, INT64_MAX), ("totalScore", 0, INT64_MAX),
                ("averageScore", 0.0, 10.0), ("accuracy", 0.0, 100.0), ("consistency", 0.0, 100.0),
                ("xCount", 0, INT64_MAX), ("tenCount", 0, INT64_MAX), ("roundCount", 0, INT64_MAX))
DRIFT_FIELDS = (("setupId", INT64_MIN, INT64_MAX), ("xDriftAverage", -1000.0, 1000.0), ("yDriftAverage", -1000.0, 1000.0),
                ("xSpread", 0.0, 2000.0), ("ySpread", 0.0, 2000.0), ("arrowCount", 0, INT64_MAX))
BOTH = "Give either rounds or precomputed stats and drift, not both."


def read_figures(value, fields, path):
    """Precomputed stats or drift: each member absent or null counts as 0."""
    expect_object(value, path)
    figures = {}
    for key, low, high in fields:
        member = value.get(key)
        if member is None:
            figures[key] = None if key == "setupId" else low * 0
        elif type(low) is float:
            figures[key] = expect_number(member, "%s.%s" % (path, key), low, high)
        else:
            figures[key] = expect_int(member, "%s.%s" % (path, key), low, high)
    return figures


def read_setup(setup, path):
    """A setup: (id, name, rounds or None, stats or None, drift or None)."""
    expect_object(setup, path)
    if "id" not in setup:
        raise RequestError('Missing required field "id".', path + ".id")
    setup_id = expect_int(setup["id"], path + ".id", INT64_MIN, INT64_MAX)
    name = setup.get("name")
    if name is not None:
        expect_string(name, path + ".name")
    rounds = stats = drift = None
    if setup.get("rounds") is not None:
        rounds = read_rounds(setup["rounds"], path + ".rounds")
    if setup.get("stats") is not None:
        if rounds is not None:
            raise RequestError(BOTH, path + ".stats")
        stats = read_figures(setup["stats"], STATS_FIELDS, path + ".stats")
    if setup.get("drift") is not None:
        if rounds is not None:
            raise RequestError(BOTH, path + ".drift")
        drift = read_figures(setup["drift"], DRIFT_FIELDS, path + ".drift")
    return setup_id, name, rounds, stats, drift


def side(setup, start, path):
    """A setup's name shown, stats and drift."""
    setup_id, name, rounds, stats, drift = setup
    shown = name if name is not None and not is_blank(name) else "Setup #%d" % setup_id
    if stats is None and drift is None:
        tally, count = counted(rounds or (), start)
        return shown, stats_of(setup_id, tally, count), drift_of(setup_id, tally.xs_at, tally.ys_at)
    for figures, key in ((stats, "stats"), (drift, "drift")):
        if figures is not None and figures["setupId"] is not None and figures["setupId"] != setup_id:
            raise RequestError("Expected the setup's id %d, found %d." % (setup_id, figures["setupId"]),
                               "%s.%s.setupId" % (path, key))
    if stats is None:
        stats = stats_of(setup_id, Tally(), 0)
    else:
        stats = dict(stats, setupId=setup_id)
    if drift is not None:
        drift = dict(drift, setupId=setup_id)
    return shown, stats, drift


def display(delta, count=False):
    """A delta as shown: two decimals rounded as printf's %.2f (count: an integer), its sign the
    displayed value's."""
    if count:
        text = "%d" % abs(delta)
        sign = (delta > 0) - (delta < 0)
    else:
        text = "%.2f" % min(abs(delta), 9e13)
        sign = 0 if text == "0.00" else (1 if delta > 0 else -1)
    if sign > 0:
        return {"text": "+" + text, "trend": "up", "color": "green"}
    if sign < 0:
        return {"text": "-" + text, "trend": "down", "color": "red"}
    return {"text": text, "trend": "flat", "color": "gray"}


def equipment_compare(request):
    # Check order: startDate, timeRange, now, setupA, setupB.
    range_id, start = read_range(request)
    if "setupA" not in request:
        raise missing("setupA")
    a = read_setup(request["setupA"], ".setupA")
    if "setupB" not in request:
        raise missing("setupB")
    b = read_setup(request["setupB"], ".setupB")
    a_name, a_stats, a_drift = side(a, start, ".setupA")
    b_name, b_stats, b_drift = side(b, start, ".setupB")
    if a[0] == b[0]:
        raise RequestError("Choose two different setups to compare.", None, "SAME_SETUP")
    averages = b_stats["averageScore"] - a_stats["averageScore"]
    accuracy = b_stats["accuracy"] - a_stats["accuracy"]
    consistency = b_stats["consistency"] - a_stats["consistency"]
    arrows = b_stats["totalArrows"] - a_stats["totalArrows"]
    return {"setupAName": a_name, "setupBName": b_name, "setupAStats": a_stats, "setupBStats": b_stats,
            "setupADrift": a_drift, "setupBDrift": b_drift,
            "deltas": {"averageScore": averages, "accuracy": accuracy, "consistency": consistency, "arrowCount": arrows},
            "display": {"averageScore": display(averages), "accuracy": display(accuracy),
                        "consistency": display(consistency), "arrowCount": display(arrows, count=True)},
            "timeRange": {"id": range_id, "label": RANGE_LABELS.get(range_id, "Custom"), "startTimestamp": start}}


# MARK: - scoring.leaderboard

BOTH_TOTALS = "Give either arrows or totals, not both."
TOTALS = ("score", "tens", "xs", "arrowCount")


def read_count(value, key):
    if value is None or (type(value) is int and 0 <= value <= INT64_MAX):
        return value
    return expect_int(value, "." + key, 0, INT64_MAX)


def read_entry(entry):
    """An entry: (score, tens, xs, arrowCount, participantId, displayName)."""
    if "participantId" not in entry:
        raise missing("participantId")
    get = entry.get
    participant, name, arrows = entry["participantId"], get("displayName"), get("arrows")
    if type(participant) is not str or not participant:
        expect_non_empty(participant, ".participantId")
    if name is not None and type(name) is not str:
        expect_string(name, ".displayName")
    if arrows is not None:
        tally = Tally()
        tally.add_arrows(arrows, ".arrows")
        for key in TOTALS:
            if get(key) is not None:
                raise RequestError(BOTH_TOTALS, "." + key)
        return tally.score, tally.tens, tally.xs, tally.arrows, participant, name
    score, tens, xs, count = get("score"), get("tens"), get("xs"), get("arrowCount")
    if type(score) is not int or score < 0:
        score = read_count(score, "score")
    if type(tens) is not int or tens < 0:
        tens = read_count(tens, "tens")
    if type(xs) is not int or xs < 0:
        xs = read_count(xs, "xs")
    if type(count) is not int or count < 0:
        count = read_count(count, "arrowCount")
    if (score or 0) > INT64_MAX or (tens or 0) > INT64_MAX or (xs or 0) > INT64_MAX or (count or 0) > INT64_MAX:
        for key, value in (("score", score), ("tens", tens), ("xs", xs), ("arrowCount", count)):
            read_count(value, key)
    if score is None:
        raise RequestError('Give either "arrows" or "score".', ".score")
    tens, xs, count = tens or 0, xs or 0, count or 0
    if xs > tens:
        raise RequestError("xs cannot exceed tens: every X is a 10.", ".xs")
    return score, tens, xs, count, participant, name


def scoring_leaderboard(request):
    entries = request.get("entries")
    if entries is None:
        raise missing("entries") if "entries" not in request else RequestError("Expected an array, found null.", ".entries")
    ranked = read_objects(entries, ".entries", read_entry)
    # By score, then tens, then Xs, all descending; equal entries keep their order (a stable sort).
    ranked.sort(key=lambda entry: (-entry[0], -entry[1], -entry[2]))
    result, rank, previous = [], 0, None
    for position, (score, tens, xs, count, participant, name) in enumerate(ranked, 1):
        if (score, tens, xs) != previous:
            rank, previous = position, (score, tens, xs)
        if name is None:
            result.append({"rank": rank, "participantId": participant, "score": score, "tens": tens, "xs": xs,
                           "arrowCount": count})
        else:
            result.append({"rank": rank, "participantId": participant, "displayName": name, "score": score,
                           "tens": tens, "xs": xs, "arrowCount": count})
    return {"entries": result}


# MARK: - matches.sections

WINNERS = ("HOME_TEAM", "AWAY_TEAM", "DRAW")
WINNER_EXPECTED = '"HOME_TEAM", "AWAY_TEAM", "DRAW" or null'
CALLED_OFF = {"POSTPONED": "Postponed", "SUSPENDED": "Suspended", "CANCELLED": "Cancelled"}
UTC_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]+))?"
                      r"(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))\Z")
DAYS_IN_MONTH = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def days_from_civil(year, month, day):
    year -= month <= 2
    era = year // 400
    year_of_era = year - era * 400
    day_of_year = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    return era * 146097 + year_of_era * 365 + year_of_era // 4 - year_of_era // 100 + day_of_year - 719468


def kickoff(text):
    """An RFC 3339 date-time's epoch milliseconds, or None when unparsable."""
    found = UTC_DATE.match(text)
    if found is None:
        return None
    year, month, day, hour, minute, second = (int(found.group(i)) for i in range(1, 7))
    if hour > 23 or minute > 59 or second > 59 or not 1 <= month <= 12 or day < 1:
        return None
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    if day > (29 if month == 2 and leap else DAYS_IN_MONTH[month - 1]):
        return None
    offset = 0
    if found.group(8):
        hours, minutes = int(found.group(9)), int(found.group(10))
        if hours > 23 or minutes > 59:
            return None
        offset = (hours * 3600 + minutes * 60) * (-1 if found.group(8) == "-" else 1)
    fraction = found.group(7)
    milliseconds = int((fraction + "00")[:3]) if fraction else 0
    seconds = days_from_civil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - offset
    return seconds * 1000 + milliseconds


def read_text(container, key, path=""):
    value = container.get(key)
    if value is not None and type(value) is not str:
        expect_string(value, path + "." + key)
    return value


def read_small(container, key, path=""):
    value = container.get(key)
    if value is not None and (type(value) is not int or not 0 <= value <= INT32_MAX):
        value = expect_int(value, path + "." + key, 0, INT32_MAX)
    return value


def read_match(match):
    """A v4 match, checked in the contract's order (score, competition, id, utcDate, matchday,
    status, homeTeam, awayTeam): (id, utcDate, matchday, status, home, homeCrest, away, awayCrest,
    winner, fullTimeHome, fullTimeAway)."""
    get = match.get
    winner = home_goals = away_goals = None
    score = get("score")
    if score is not None:
        expect_object(score, ".score")
        winner = score.get("winner")
        if winner is not None:
            expect_choice(winner, ".score.winner", WINNERS, WINNER_EXPECTED)
        full_time = score.get("fullTime")
        if full_time is not None:
            expect_object(full_time, ".score.fullTime")
            home_goals = read_small(full_time, "home", ".score.fullTime")
            away_goals = read_small(full_time, "away", ".score.fullTime")
    competition = get("competition")
    if competition is not None:
        expect_object(competition, ".competition")
        read_text(competition, "name", ".competition")
        read_text(competition, "code", ".competition")
    if "id" not in match:
        raise missing("id")
    identifier = match["id"]
    if type(identifier) is not int or not INT64_MIN <= identifier <= INT64_MAX:
        identifier = expect_int(identifier, ".id", INT64_MIN, INT64_MAX)
    utc_date, matchday, status = read_text(match, "utcDate"), read_small(match, "matchday"), read_text(match, "status")
    teams = []
    for key in ("homeTeam", "awayTeam"):
        team = get(key)
        if team is None:
            teams += [None, None]
        else:
            expect_object(team, "." + key)
            teams += [read_text(team, "name", "." + key), read_text(team, "crest", "." + key)]
    return (identifier, utc_date, matchday, status, teams[0], teams[1], teams[2], teams[3], winner, home_goals, away_goals)


def read_favorite(record):
    """A stored favourite record, as read_match gives a match (no status)."""
    if "id" not in record:
        raise missing("id")
    identifier = expect_int(record["id"], ".id", INT64_MIN, INT64_MAX)
    home_crest, away_crest = read_text(record, "homeTeamImage"), read_text(record, "awayTeamImage")
    home, away = read_text(record, "homeTeamName"), read_text(record, "awayTeamName")
    utc_date, matchday, winner = read_text(record, "utcDate"), read_small(record, "matchday"), record.get("winner")
    if winner is not None:
        expect_choice(winner, ".winner", WINNERS, WINNER_EXPECTED)
    home_goals, away_goals = read_small(record, "fullTimeScoreHome"), read_small(record, "fullTimeScoreAway")
    read_text(record, "competitionCode")
    read_text(record, "competitionName")
    return (identifier, utc_date, matchday, None, home, home_crest, away, away_crest, winner, home_goals, away_goals)


_zones = {}


def zone_named(name):
    if name in _zones:
        return _zones[name]
    try:
        zone = zoneinfo.ZoneInfo(name) if name and "\\" not in name and not name.startswith("/") else None
    except Exception:  # not a zone's name: ZoneInfoNotFoundError, ValueError, OSError...
        zone = None
    _zones[name] = zone
    return zone


def matches_sections(request):
    matches, records = request.get("matches"), request.get("favorites")
    rows = [] if matches is None else read_objects(matches, ".matches", read_match)
    favorites = [] if records is None else read_objects(records, ".favorites", read_favorite)
    segment = request.get("segment")
    segment = "all" if segment is None else expect_choice(segment, ".segment", ("all", "favorites"), '"all" or "favorites"')
    name = request.get("timeZone")
    if name is None:
        name = "UTC"
    else:
        expect_string(name, ".timeZone")
    zone = zone_named(name)
    if zone is None:
        raise RequestError('Unknown time zone %s; expected an IANA name such as "Europe/London".' % quote(name), ".timeZone")

    favorite_ids = {row[0] for row in favorites}
    dated, unknown = [], []
    for row in (rows if segment == "all" else favorites):
        at = kickoff(row[1]) if row[1] is not None else None
        if at is None:
            unknown.append((row[0], row))
            continue
        try:
            local = datetime.fromtimestamp(at // 1000, zone)
        except (OverflowError, OSError, ValueError):  # outside years 1...9999 in the zone
            unknown.append((row[0], row))
            continue
        dated.append((local.toordinal(), at, row[0], row, local))
    dated.sort(key=lambda entry: entry[:3])
    unknown.sort(key=lambda entry: entry[0])

    sections, day, current = [], None, None
    for ordinal, _, _, row, local in dated:
        if ordinal != day:
            day = ordinal
            current = {"title": "%02d/%02d/%04d" % (local.month, local.day, local.year),
                       "date": "%04d-%02d-%02d" % (local.year, local.month, local.day), "matches": []}
            date_text = "%02d/%02d" % (local.month, local.day)
            sections.append(current)
        current["matches"].append(view(row, local, date_text, name, row[0] in favorite_ids))
    if unknown:
        sections.append({"title": "Unknown", "matches": [view(row, None, "", name, row[0] in favorite_ids) for _, row in unknown]})
    return {"segment": segment, "sections": sections, "counts": {"all": len(rows), "favorites": len(favorites)}}


def view(row, local, date_text, zone_name, favorite):
    identifier, utc_date, matchday, status, home, home_crest, away, away_crest, winner, home_goals, away_goals = row
    shown = {"id": identifier, "homeTeam": "N/A" if home is None else home, "awayTeam": "N/A" if away is None else away}
    if home_crest is not None:
        shown["homeCrest"] = home_crest
    if away_crest is not None:
        shown["awayCrest"] = away_crest
    if utc_date is not None:
        shown["utcDate"] = utc_date
    if matchday is not None:
        shown["matchday"] = matchday
    called_off = CALLED_OFF.get(status) if status is not None else None
    if winner is not None:
        status_text, label = "%d-%d" % (home_goals or 0, away_goals or 0), ""
    elif called_off is not None:
        status_text, label = called_off, ""
    elif local is not None:
        status_text, label = "%02d:%02d" % (local.hour, local.minute), zone_name
    else:
        status_text, label = "", ""
    shown.update(played=winner is not None, statusText=status_text, timeZoneLabel=label, dateText=date_text,
                 isFavorite=favorite)
    return shown


# MARK: - participants.resolve

def document_id_problem(text):
    data = text.encode("utf-8") if not text.isascii() else text
    count = len(data)
    if 3 <= count <= 1500 and text[0] != "_" and "/" not in text:
        return None
    if count == 0:
        return "A document ID cannot be empty."
    if count > 1500:
        return "A document ID cannot be longer than 1500 bytes."
    if "/" in text:
        return "A document ID cannot contain '/'."
    if count <= 2 and text[0] == "." and text[-1] == ".":
        return "A document ID cannot be '.' or '..'."
    if count >= 4 and text[:2] == "__" and text[-2:] == "__":
        return "A document ID cannot have the reserved form __...__."
    return None


def is_placeholder(name):
    """Exactly `Archer N`, N a positive integer without leading zeros (ASCII digits)."""
    return (len(name) > 7 and name.startswith("Archer ") and name[7] != "0"
            and name[7:].isascii() and name[7:].isdigit())


def own_name(user):
    """The name the signed-in user's own entry shows: their display name, else their email's
    part before the first @, when not blank."""
    name = user.get("displayName")
    if name is not None and not is_blank(name):
        return name
    email = user.get("email")
    if email is not None:
        local = email.split("@", 1)[0]
        if not is_blank(local):
            return local
    return None


def read_user(value):
    if value is None:
        return None
    try:
        expect_object(value)
        if "uid" not in value:
            raise missing("uid")
        expect_string(value["uid"], ".uid")
        for key in ("displayName", "email"):
            if value.get(key) is not None:
                expect_string(value[key], "." + key)
    except RequestError as error:
        raise inside(".currentUser", error)
    return value


def read_stored_participant(participant):
    """(participantId, displayName or "", joinedAt or None, isCreator)."""
    if "participantId" not in participant:
        raise missing("participantId")
    get = participant.get
    identifier, name, joined, creator = participant["participantId"], get("displayName"), get("joinedAt"), get("isCreator")
    expect_non_empty(identifier, ".participantId")
    if name is not None:
        expect_string(name, ".displayName")
    if joined is not None:
        joined = expect_int(joined, ".joinedAt", INT64_MIN, INT64_MAX)
    if creator is not None:
        expect_bool(creator, ".isCreator")
    return identifier, name or "", joined, creator is True


def participants_resolve(request):
    if "tournamentId" not in request:
        raise missing("tournamentId")
    tournament = expect_string(request["tournamentId"], ".tournamentId")
    problem = document_id_problem(tournament)
    if problem:
        raise RequestError(problem, ".tournamentId")
    participants = request.get("participants")
    stored = [] if participants is None else read_objects(participants, ".participants", read_stored_participant)
    identifiers = request.get("participantIds")
    if identifiers is not None:
        expect_array(identifiers, ".participantIds")
        for index, identifier in enumerate(identifiers):
            if identifier is not None and type(identifier) is not str:
                expect_string(identifier, ".participantIds[%d]" % index)
    user = read_user(request.get("currentUser"))
    now = request.get("now")
    now = int(time.time() * 1000) if now is None else expect_int(now, ".now", 0, LAST_TIMESTAMP)
    uid = user["uid"] if user is not None else None
    name = own_name(user) if user is not None else None
    no_repair = {"needed": False, "writes": []}

    if stored:  # the list as stored: participantIds is not read
        listed = []
        for index, (identifier, shown, joined, creator) in enumerate(stored):
            if is_blank(shown) or is_placeholder(shown):
                shown = name if identifier == uid and name is not None else "Archer %d" % (index + 1)
            participant = {"participantId": identifier, "displayName": shown}
            if joined is not None:
                participant["joinedAt"] = joined
            participant["isCreator"] = creator
            listed.append(participant)
        return {"source": "subcollection", "participants": listed, "repair": no_repair}

    # The legacy array: null and blank entries skipped, repeats kept once at their first place.
    kept, seen = [], set()
    for position, identifier in enumerate(identifiers or ()):
        if identifier is None or identifier in seen or is_blank(identifier):
            continue
        seen.add(identifier)
        problem = document_id_problem(identifier)
        if problem:
            raise RequestError(problem, ".participantIds[%d]" % position)
        kept.append(identifier)
    if not kept:
        return {"source": "none", "participants": [], "repair": no_repair}
    chosen = user.get("displayName") if user is not None else None
    stored_name = chosen if chosen is not None and not is_blank(chosen) and not is_placeholder(chosen) else None
    prefix = "tournaments/%s/participants/" % tournament
    listed, writes = [], []
    for index, identifier in enumerate(kept):
        mine = identifier == uid
        listed.append({"participantId": identifier,
                       "displayName": name if mine and name is not None else "Archer %d" % (index + 1),
                       "joinedAt": now, "isCreator": index == 0})
        data = {"participantId": identifier}
        if mine and stored_name is not None:
            data["displayName"] = stored_name
        data["joinedAt"] = now
        data["isCreator"] = index == 0
        writes.append({"path": prefix + identifier, "merge": True, "data": data})
    return {"source": "participantIds", "participants": listed, "repair": {"needed": True, "writes": writes}}


METHODS = {
    "tournaments.filter": tournaments_filter,
    "guests.check": guests_check,
    "equipment.stats": equipment_stats,
    "equipment.compare": equipment_compare,
    "scoring.leaderboard": scoring_leaderboard,
    "matches.sections": matches_sections,
    "participants.resolve": participants_resolve,
}
if zoneinfo is None:  # Python 3.8: no time zones to read fixtures in
    del METHODS["matches.sections"]
