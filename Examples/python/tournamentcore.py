"""TournamentCore for Python, through ctypes.

    import tournamentcore
    core = tournamentcore.Library()                # finds libtournamentcore.so
    result = core.tournaments_filter({"tournaments": [...], "tab": "active"})
    print(result["labels"]["active"])              # "Active (3)"

Every method takes the request as a dict and returns the ``result`` dict of the response. An
error response raises :class:`TournamentCoreError` with its ``code``, ``message`` and ``path``.
Responses are always freed with ``tc_string_free``, whatever happens.

The library is found, in this order: the ``path`` given to :class:`Library`; the environment
variable ``TOURNAMENTCORE_LIBRARY``; ``libtournamentcore.so`` next to this file; the system's
library path (``ctypes.util.find_library``).

Thread safety: the library is thread-safe, and so is this binding (it keeps no state besides
the loaded library).
"""

import ctypes
import ctypes.util
import json
import os

__all__ = ["Library", "TournamentCoreError", "call", "default_library"]

_NAMES = ("libtournamentcore.so", "libtournamentcore.so.0", "libtournamentcore.dylib")


class TournamentCoreError(Exception):
    """An error response: ``code`` (such as ``"INVALID_REQUEST"``), ``message``, and ``path`` (a
    JSONPath such as ``"$.tournaments[3].status"``, or None)."""

    def __init__(self, code, message, path=None):
        super().__init__("%s: %s%s" % (code, message, " (at %s)" % path if path else ""))
        self.code = code
        self.message = message
        self.path = path


def _locate(path):
    if path:
        return path
    if os.environ.get("TOURNAMENTCORE_LIBRARY"):
        return os.environ["TOURNAMENTCORE_LIBRARY"]
    here = os.path.dirname(os.path.abspath(__file__))
    for name in _NAMES:
        candidate = os.path.join(here, name)
        if os.path.exists(candidate):
            return candidate
    found = ctypes.util.find_library("tournamentcore")
    if found:
        return found
    raise OSError(
        "libtournamentcore not found: pass its path to Library(), set TOURNAMENTCORE_LIBRARY, "
        "or put it next to tournamentcore.py")


class Library:
    """The loaded C library and one Python method per TournamentCore method."""

    def __init__(self, path=None):
        self.path = _locate(path)
        self._lib = ctypes.CDLL(self.path)
        self._lib.tc_version.argtypes = []
        self._lib.tc_version.restype = ctypes.c_char_p
        self._lib.tc_string_free.argtypes = [ctypes.c_void_p]
        self._lib.tc_string_free.restype = None
        self._lib.tc_call.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        self._lib.tc_call.restype = ctypes.c_void_p  # kept as an address, to free it ourselves
        self._functions = {}

    @property
    def version(self):
        """The loaded library's version, ``"MAJOR.MINOR.PATCH"`` (``tc_version``)."""
        return self._lib.tc_version().decode("utf-8")

    # -- calling ---------------------------------------------------------------------------------

    def call_text(self, method, request_text, function=None):
        """The response envelope, as text, for a request given as text (or bytes, or None for a
        NULL pointer). ``function`` names the ``tc_*`` function to use instead of ``tc_call``."""
        if isinstance(request_text, str):
            request_text = request_text.encode("utf-8")
        if function is None:
            address = self._lib.tc_call(method.encode("utf-8") if method is not None else None, request_text)
        else:
            address = self._function(function)(request_text)
        if not address:
            raise MemoryError("TournamentCore could not allocate its response")
        try:
            return ctypes.string_at(address).decode("utf-8")
        finally:
            self._lib.tc_string_free(address)

    def call(self, method, request=None, function=None):
        """The ``result`` of calling ``method`` (such as ``"guests.check"``) with ``request`` (a
        dict, default ``{}``). Raises :class:`TournamentCoreError` for an error response."""
        text = json.dumps({} if request is None else request, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        envelope = json.loads(self.call_text(method, text, function))
        if envelope.get("ok") is True:
            return envelope["result"]
        error = envelope.get("error", {})
        raise TournamentCoreError(error.get("code", "INTERNAL"), error.get("message", ""), error.get("path"))

    def _function(self, name):
        function = self._functions.get(name)
        if function is None:
            function = getattr(self._lib, name)
            function.argtypes = [ctypes.c_char_p]
            function.restype = ctypes.c_void_p
            self._functions[name] = function
        return function

    # -- one method per TournamentCore method (docs/API.md) --------------------------------------

    def library_info(self, request=None):
        """library.info: name, version, ABI version, methods, limits."""
        return self.call("library.info", request, "tc_library_info")

    def tournaments_filter(self, request):
        """tournaments.filter: tournament list tabs, counts, labels, empty state."""
        return self.call("tournaments.filter", request, "tc_tournaments_filter")

    def participants_resolve(self, request):
        """participants.resolve: participant list with the legacy fallback and a repair plan."""
        return self.call("participants.resolve", request, "tc_participants_resolve")

    def participants_display_name(self, request):
        """participants.displayName: privacy-preserving display name."""
        return self.call("participants.displayName", request, "tc_participants_display_name")

    def participants_repair_begin(self, request):
        """participants.repairBegin: claim the in-flight repair of one tournament."""
        return self.call("participants.repairBegin", request, "tc_participants_repair_begin")

    def participants_repair_end(self, request):
        """participants.repairEnd: release that claim."""
        return self.call("participants.repairEnd", request, "tc_participants_repair_end")

    def guests_check(self, request):
        """guests.check: guest counts, remaining slots, whether a guest may be added and why not."""
        return self.call("guests.check", request, "tc_guests_check")

    def guests_add(self, request):
        """guests.add: validate a new guest and build its participant document."""
        return self.call("guests.add", request, "tc_guests_add")

    def guests_generate_id(self, request=None):
        """guests.generateId: new guest IDs."""
        return self.call("guests.generateId", request, "tc_guests_generate_id")

    def guests_validate_id(self, request):
        """guests.validateId: is this a well-formed guest ID."""
        return self.call("guests.validateId", request, "tc_guests_validate_id")

    def equipment_stats(self, request):
        """equipment.stats: performance and drift statistics of one bow setup."""
        return self.call("equipment.stats", request, "tc_equipment_stats")

    def equipment_compare(self, request):
        """equipment.compare: two setups side by side, deltas B - A."""
        return self.call("equipment.compare", request, "tc_equipment_compare")

    def equipment_selection(self, request):
        """equipment.selection: the setup picker's rules."""
        return self.call("equipment.selection", request, "tc_equipment_selection")

    def equipment_time_ranges(self, request=None):
        """equipment.timeRanges: the time-range filter."""
        return self.call("equipment.timeRanges", request, "tc_equipment_time_ranges")

    def scoring_leaderboard(self, request):
        """scoring.leaderboard: ranking with World Archery tie-breaks."""
        return self.call("scoring.leaderboard", request, "tc_scoring_leaderboard")

    def matches_sections(self, request):
        """matches.sections: fixtures in date sections of a time zone."""
        return self.call("matches.sections", request, "tc_matches_sections")

    def matches_favorite(self, request):
        """matches.favorite: the stored favourite record of a match."""
        return self.call("matches.favorite", request, "tc_matches_favorite")

    def matches_reconcile_favorites(self, request):
        """matches.reconcileFavorites: update favourites whose result became known."""
        return self.call("matches.reconcileFavorites", request, "tc_matches_reconcile_favorites")


_default = None


def default_library():
    """A shared :class:`Library`, loaded on first use."""
    global _default
    if _default is None:
        _default = Library()
    return _default


def call(method, request=None):
    """``default_library().call(method, request)``: the result dict, or TournamentCoreError."""
    return default_library().call(method, request)
