"""The JSON of the binding's calls: orjson where it is installed (compiled; several times the
standard library's speed both ways), else the standard library's json with its fastest settings
(an encoder and a decoder made once).

Both give the same answers. orjson writes some requests otherwise than the standard library
would, so its text is used only where that cannot change an answer, and the standard library
writes the rest (:func:`encode_fast` returns None for them):

- a value orjson refuses (an integer beyond 64 bits, a key that is not a string, a circular
  reference) or passes through (a datetime, a dataclass, a subclass of dict, list, str or int:
  their JSON is the standard library's); the standard library then writes it, or raises as it
  always did (TypeError, ValueError);
- a NaN or an infinity, which orjson writes as null where the standard library refuses it with
  ValueError: looked for only when orjson's text holds a null (:data:`strstr`, the C library's),
  in marshal's binary form of the request (:func:`may_hold_non_finite`);
- a float written with an exponent (orjson writes 1e16 and 1e-7 for 1e+16 and 1e-07): the same
  number to the core, which reads numbers exactly, but an error message quotes a value as the
  request spells it, so the caller (``Library._invoke``) asks again, written by the standard
  library, when the answer is an error or lists skipped documents.

(One difference remains, outside JSON's values: an ``enum.Enum`` member or a ``uuid.UUID``,
which the standard library refuses with TypeError, may be sent as orjson writes it, its value or
its text; no option of orjson passes them through.)

orjson reads every response exactly as the standard library does, with one exception: an integer
beyond 64 bits, which it reads as a float. The core writes its own integers within 64 bits and
copies a request's numbers only into the members it keeps verbatim; a request that orjson wrote
has none beyond 64 bits (it refuses them), so its response is read by orjson, and any other by
the standard library (``decode_fast`` also hands it whatever orjson cannot read, such as the
1e400 a caller's text may hold).
"""

from __future__ import annotations

import ctypes
import importlib
import json
import marshal
from typing import Any, Callable, Dict, Optional

_settings: Dict[str, Any] = {"ensure_ascii": False, "allow_nan": False, "separators": (",", ":")}
# Without the check for circular references (a dict of every container's id), 5 to 20% faster:
# a circular request then ends in RecursionError, and is written again with the check.
_encode_text = json.JSONEncoder(check_circular=False, **_settings).encode
_encode_checked = json.JSONEncoder(**_settings).encode
_decode_text = json.JSONDecoder().decode


def encode_stdlib(request: Any) -> bytes:
    """``request`` as UTF-8 JSON text, as ``json.dumps(request, ensure_ascii=False,
    allow_nan=False, separators=(",", ":"))`` writes it (or raises as it does: ValueError for a
    circular reference or a NaN, TypeError, RecursionError)."""
    try:
        text: str = _encode_text(request)
    except RecursionError:  # circular (ValueError, as json.dumps says) or nested too deep
        text = _encode_checked(request)
    return text.encode("utf-8")


def decode_stdlib(data: bytes) -> Any:
    """UTF-8 JSON text as ``json.loads`` reads it."""
    return _decode_text(data.decode("utf-8"))


def _find(haystack: bytes, needle: bytes) -> Optional[int]:
    """Where ``needle`` is in ``haystack`` (+1), or None: what strstr answers, without C."""
    return haystack.find(needle) + 1 or None


def _strstr() -> Callable[[bytes, bytes], Optional[int]]:
    """The C library's strstr (orjson's text has no NUL byte: it escapes U+0000): an address or
    None, several times faster than ``in`` from a hundred bytes on; :func:`_find` without it."""
    try:
        # (PyDLL: a call this short is faster keeping the interpreter's lock than releasing it.)
        function = ctypes.PyDLL(None).strstr
    except (OSError, AttributeError, TypeError):  # no C library to look in
        return _find
    function.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    function.restype = ctypes.c_void_p
    found: Callable[[bytes, bytes], Optional[int]] = function
    return found


#: ``strstr(text, b"null")``: whether orjson's text holds a null (not None).
strstr = _strstr()


def may_hold_non_finite(request: Any) -> bool:
    """Whether ``request`` may hold a NaN or an infinity: True when marshal's form of it has a
    float with an exponent of all ones (each float is b"g", or b"\\xe7" when shared, then its 8
    bytes little-endian: the last 0x7F or 0xFF, the one before at least 0xF0), or when marshal
    cannot write it (a type other than dicts, lists, strings, numbers...). Never False for a
    request that holds one; True by chance costs only the standard library's encoding."""
    try:
        data = marshal.dumps(request)
    except (ValueError, TypeError):
        return True
    for last in (0x7F, 0xFF):
        at = data.find(last, 8)
        while at != -1:
            if data[at - 1] >= 0xF0 and data[at - 8] in (0x67, 0xE7):
                return True
            at = data.find(last, at + 1)
    return False


_OPTIONS_USED = ("OPT_PASSTHROUGH_DATACLASS", "OPT_PASSTHROUGH_DATETIME", "OPT_PASSTHROUGH_SUBCLASS")

#: orjson, when installed (else None; also for a release older than the options used, 3.x).
orjson: Any = None
try:
    orjson = importlib.import_module("orjson")
except ImportError:
    pass
if orjson is not None and not all(hasattr(orjson, option) for option in _OPTIONS_USED):
    orjson = None

#: orjson's ``dumps`` options: what the standard library writes otherwise is passed through (a
#: TypeError, and the standard library writes it).
OPTIONS = 0 if orjson is None else \
    orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_SUBCLASS


def encode_fast(request: Any) -> Optional[bytes]:
    """``request`` as orjson writes it, or None where the standard library must (above)."""
    try:
        data: bytes = orjson.dumps(request, None, OPTIONS)
    except TypeError:  # orjson.JSONEncodeError
        return None
    if strstr(data, b"null") and may_hold_non_finite(request):
        return None
    return data


def decode_fast(data: bytes) -> Any:
    """A response as orjson reads it (what it cannot read, as the standard library does)."""
    try:
        return orjson.loads(data)
    except ValueError:  # orjson.JSONDecodeError
        return decode_stdlib(data)


def describe(name: str) -> str:
    """The JSON library ``name`` ("orjson" or "json") with its version."""
    if name == "orjson":
        return "orjson %s" % orjson.__version__
    return "json (the standard library)"
