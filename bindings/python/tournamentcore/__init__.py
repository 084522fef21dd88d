"""TournamentCore for Python: the tournament app's shared rules, through the C library.

    import tournamentcore
    core = tournamentcore.Library()
    result = core.tournaments_filter({"tournaments": [{"id": "t1", "status": "open"}]})
    print(result["labels"]["active"])              # "Active (1)"

Every method takes the request as a dict (typed: ``tournamentcore.types.TournamentsFilterRequest``
and so on) and returns the ``result`` of the response (``TournamentsFilterResult``...). An error
response raises :class:`TournamentCoreError` with its ``code``, ``message`` and ``path``.
Responses are always freed with ``tc_string_free``, whatever happens.

The library is found, in this order: the ``path`` given to :class:`Library`; the environment
variable ``TOURNAMENTCORE_LIBRARY``; ``libtournamentcore.so`` inside this package (where the
wheel puts it); the system's library path (``ctypes.util.find_library``).

Thread safety: the library is thread-safe, and so is this binding (it keeps no state besides the
loaded library).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import os
from typing import Any, Dict, Mapping, Optional, Union

from . import types
from ._methods import VERSION, Methods

__all__ = ["Library", "TournamentCoreError", "call", "default_library", "types", "__version__"]

_NAMES = ("libtournamentcore.so", "libtournamentcore.so.0", "libtournamentcore.dylib")


class TournamentCoreError(Exception):
    """An error response: ``code`` (such as ``"INVALID_REQUEST"``), ``message``, and ``path`` (a
    JSONPath such as ``"$.tournaments[3].status"``, or None)."""

    def __init__(self, code: str, message: str, path: Optional[str] = None) -> None:
        super().__init__("%s: %s%s" % (code, message, " (at %s)" % path if path else ""))
        self.code = code
        self.message = message
        self.path = path


def _locate(path: Optional[str]) -> str:
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
        "libtournamentcore not found: install the package with pip (the wheel carries it), pass "
        "its path to Library(), or set TOURNAMENTCORE_LIBRARY")


class Library(Methods):
    """The loaded C library, with one typed method per TournamentCore method (see
    :class:`tournamentcore._methods.Methods`, generated from the contract)."""

    def __init__(self, path: Optional[str] = None) -> None:
        self.path = _locate(path)
        self._lib = ctypes.CDLL(self.path)
        self._lib.tc_version.argtypes = []
        self._lib.tc_version.restype = ctypes.c_char_p
        self._lib.tc_string_free.argtypes = [ctypes.c_void_p]
        self._lib.tc_string_free.restype = None
        self._lib.tc_call.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        self._lib.tc_call.restype = ctypes.c_void_p  # kept as an address, to free it ourselves
        # tc_call_n (bytes and a length, the response's length back) when the library has it.
        self._call_n = getattr(self._lib, "tc_call_n", None)
        if self._call_n is not None:
            self._call_n.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t)]
            self._call_n.restype = ctypes.c_void_p

    @property
    def version(self) -> str:
        """The loaded library's version, ``"MAJOR.MINOR.PATCH"`` (``tc_version``)."""
        text: bytes = self._lib.tc_version()
        return text.decode("utf-8")

    # -- calling ---------------------------------------------------------------------------------

    def call_text(self, method: Optional[str], request: Union[str, bytes, None]) -> str:
        """The response envelope, as text, for a request given as text or bytes (None: a NULL
        pointer). ``method`` None is a NULL method name; a name with a NUL character in it is a
        ValueError (C would read it only up to the NUL)."""
        data = request.encode("utf-8") if isinstance(request, str) else request
        if method is not None and "\0" in method:
            raise ValueError("a method name cannot contain a NUL character")
        name = method.encode("utf-8") if method is not None else None
        length = ctypes.c_size_t(0)
        if self._call_n is not None and data is not None:
            address = self._call_n(name, data, len(data), ctypes.byref(length))
        else:
            address = self._lib.tc_call(name, data)
        if not address:
            raise MemoryError("TournamentCore could not allocate its response")
        try:
            raw = ctypes.string_at(address, length.value) if self._call_n is not None and data is not None \
                else ctypes.string_at(address)
            return raw.decode("utf-8")
        finally:
            self._lib.tc_string_free(address)

    def call(self, method: str, request: Optional[Mapping[str, Any]] = None) -> Any:
        """The ``result`` of calling ``method`` (such as ``"guests.check"``) with ``request`` (a
        mapping, default ``{}``). Raises :class:`TournamentCoreError` for an error response."""
        text = json.dumps({} if request is None else request, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        envelope: Dict[str, Any] = json.loads(self.call_text(method, text))
        if envelope.get("ok") is True:
            return envelope["result"]
        error: Dict[str, Any] = envelope.get("error", {})
        raise TournamentCoreError(error.get("code", "INTERNAL"), error.get("message", ""), error.get("path"))


_default: Optional[Library] = None


def default_library() -> Library:
    """A shared :class:`Library`, loaded on first use."""
    global _default
    if _default is None:
        _default = Library()
    return _default


def call(method: str, request: Optional[Mapping[str, Any]] = None) -> Any:
    """``default_library().call(method, request)``: the result, or TournamentCoreError."""
    return default_library().call(method, request)


#: The package's version: the contract's (TC_VERSION_STRING of the header the package was
#: generated from), which the library the wheel carries reports too (Library().version).
__version__ = VERSION
