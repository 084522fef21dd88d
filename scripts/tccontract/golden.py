"""The golden response of `library.info`: its `methods` member is the registry's list, so the
generator writes it (Tests/golden/library.info/README.md says so); the rest of the file is kept."""
from __future__ import annotations

import json

from . import Contract


def library_info_response(text: str, contract: Contract) -> str:
    envelope = json.loads(text)
    envelope["result"]["methods"] = [method.name for method in contract.methods]
    return json.dumps(envelope, ensure_ascii=False, separators=(",", ":")) + "\n"
