"""TournamentCore for Python: the tournament app's shared rules, through the C library.

    import tournamentcore
    core = tournamentcore.Library()
    result = core.tournaments_filter({"tournaments": [{"id": "t1", "status": "open"}]})
    print(result["labels"]["active"])              # "Active (1)"

Every method takes the request as a dict (typed: ``tournamentcore.types.TournamentsFilterRequest``
and so on) and returns the ``result`` of the response (``TournamentsFilterResult``...). An error
response raises :class:`TournamentCoreError` with its ``code``, ``message`` and ``path``.
Responses are always freed with ``tc_string_free``, whatever happens.

JSON: orjson where it is installed (``pip install orjson``: several times faster both ways), else
the standard library's json; both give the same answers (``tournamentcore._codec`` says how), and
``Library(json_library="json")`` chooses the standard library. A caller that already has the
request as JSON text passes it through with :meth:`Library.call_json` (the result) or
:meth:`Library.call_bytes` (the response's bytes, undecoded).

The library is found, in this order: the ``path`` given to :class:`Library`; the environment
variable ``TOURNAMENTCORE_LIBRARY``; ``libtournamentcore.so`` inside this package (where the
wheel puts it); the system's library path (``ctypes.util.find_library``).

Thread safety: the library is thread-safe, and so is this binding (it keeps no state besides the
loaded library and the encoded names of the methods called).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from typing import Any, Callable, Dict, Mapping, Optional, Union

from . import _codec, types
from ._methods import KEEPS_VERBATIM, VERSION, Methods

__all__ = ["Library", "TournamentCoreError", "call", "default_library", "types", "__version__"]

_NAMES = ("libtournamentcore.so", "libtournamentcore.so.0", "libtournamentcore.dylib")

_encode_stdlib, _decode_stdlib = _codec.encode_stdlib, _codec.decode_stdlib
_encode_fast, _decode_fast = _codec.encode_fast, _codec.decode_fast


class _Response(ctypes.c_char_p):
    """A response as tc_call_n returns it: its address, kept to free it (a subclass of c_char_p,
    which ctypes does not turn into bytes), and its text by ``value`` (the C string's bytes, with
    no call into C: a response is NUL-terminated JSON text, which has no NUL byte inside)."""


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


def _result(envelope: Any) -> Any:
    """The ``result`` of a response envelope, or its error raised."""
    if envelope.get("ok") is True:
        return envelope["result"]
    error: Dict[str, Any] = envelope.get("error", {})
    raise TournamentCoreError(error.get("code", "INTERNAL"), error.get("message", ""), error.get("path"))


class Library(Methods):
    """The loaded C library, with one typed method per TournamentCore method (see
    :class:`tournamentcore._methods.Methods`, generated from the contract).

    ``json_library``: ``"orjson"`` or ``"json"`` (the standard library) for the requests and
    results of dicts; by default orjson when it is installed. :attr:`json_library` says which."""

    def __init__(self, path: Optional[str] = None, *, json_library: Optional[str] = None) -> None:
        self.path = _locate(path)
        self._lib = ctypes.CDLL(self.path)
        self._lib.tc_version.argtypes = []
        self._lib.tc_version.restype = ctypes.c_char_p
        # The functions as ever, for code that uses them (their responses kept as addresses)...
        self._lib.tc_string_free.argtypes = [ctypes.c_void_p]
        self._lib.tc_string_free.restype = None
        self._lib.tc_call.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        self._lib.tc_call.restype = ctypes.c_void_p
        # ...and the binding's own copies (`lib[name]` is a new function object), bound once with
        # their argument and result types: a call converts nothing else.
        self._free = self._lib["tc_string_free"]
        self._free.argtypes = [_Response]
        self._free.restype = None
        self._call = self._lib["tc_call"]
        self._call.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        self._call.restype = _Response
        # tc_call_n (bytes and their length: the request's bytes object itself crosses, uncopied)
        # when the library has it; the response's length is not asked (its `value` finds it).
        self._call_n: Any = None
        if hasattr(self._lib, "tc_call_n"):
            self._call_n = self._lib["tc_call_n"]
            self._call_n.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t)]
            self._call_n.restype = _Response
        if json_library not in (None, "orjson", "json"):
            raise ValueError("json_library must be \"orjson\", \"json\" or None, not %r" % (json_library,))
        if json_library == "orjson" and _codec.orjson is None:
            raise ImportError("json_library=\"orjson\": orjson is not installed (pip install orjson)")
        fast = json_library != "json" and _codec.orjson is not None
        #: The JSON library of the typed calls: ``"orjson"`` or ``"json"``.
        self.json_library = "orjson" if fast else "json"
        self._fast = fast
        self._decode: Callable[[bytes], Any] = _codec.decode_fast if fast else _decode_stdlib
        self._names: Dict[str, bytes] = {}

    @property
    def version(self) -> str:
        """The loaded library's version, ``"MAJOR.MINOR.PATCH"`` (``tc_version``)."""
        text: bytes = self._lib.tc_version()
        return text.decode("utf-8")

    # -- calling ---------------------------------------------------------------------------------

    def _respond(self, name: Optional[bytes], data: Optional[bytes]) -> bytes:
        """The response's bytes to ``data`` (None: a NULL pointer), the response freed."""
        if data is None or self._call_n is None:
            response = self._call(name, data)
        else:
            response = self._call_n(name, data, len(data), None)
        if not response:
            raise MemoryError("TournamentCore could not allocate its response")
        try:
            text: bytes = response.value
            return text
        finally:
            self._free(response)

    def _name(self, method: Optional[str]) -> Optional[bytes]:
        """A method's name as C reads it (None: a NULL pointer), kept for the next call."""
        if method is None:
            return None
        name = self._names.get(method)
        if name is None:
            if "\0" in method:
                raise ValueError("a method name cannot contain a NUL character")
            name = method.encode("utf-8")
            if len(self._names) < 256:
                self._names[method] = name
        return name

    def _invoke(self, name: Optional[bytes], request: Any) -> Any:
        if request is None:
            request = {}
        if self._fast:
            data = _encode_fast(request)  # None: the standard library's to write (see _codec)
            if data is not None:
                envelope = _decode_fast(self._respond(name, data))
                if envelope.get("ok") is True:
                    result = envelope["result"]
                    if type(result) is not dict or not result.get("skipped"):
                        return result
                # An error, or skipped documents: their messages quote the request's values as
                # written, in the standard library's spelling (see _codec): asked again so.
        return _result(_decode_stdlib(self._respond(name, _encode_stdlib(request))))

    def call(self, method: str, request: Optional[Mapping[str, Any]] = None) -> Any:
        """The ``result`` of calling ``method`` (such as ``"guests.check"``) with ``request`` (a
        mapping, default ``{}``). Raises :class:`TournamentCoreError` for an error response."""
        return self._invoke(self._name(method), request)

    def call_json(self, method: str, request: Union[str, bytes, bytearray, memoryview]) -> Any:
        """The ``result`` of calling ``method`` with a request that is already JSON text (its
        bytes go to the core as they are). Raises :class:`TournamentCoreError` for an error
        response."""
        data = request.encode("utf-8") if isinstance(request, str) else bytes(request)
        envelope = self._respond(self._name(method), data)
        decode = self._decode if method not in KEEPS_VERBATIM else _decode_stdlib
        return _result(decode(envelope))

    def call_bytes(self, method: Optional[str], request: Union[str, bytes, None]) -> bytes:
        """The response envelope's bytes (UTF-8 JSON text), undecoded, for a request given as text
        or bytes (None: a NULL pointer); ``method`` None is a NULL method name."""
        data = request.encode("utf-8") if isinstance(request, str) else request
        return self._respond(self._name(method), data)

    def call_text(self, method: Optional[str], request: Union[str, bytes, None]) -> str:
        """The response envelope, as text, for a request given as text or bytes (None: a NULL
        pointer). ``method`` None is a NULL method name; a name with a NUL character in it is a
        ValueError (C would read it only up to the NUL)."""
        return self.call_bytes(method, request).decode("utf-8")


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
