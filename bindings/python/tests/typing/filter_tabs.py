"""A typed program: mypy --strict accepts it (tests/test_typing.py)."""
from typing import List

import tournamentcore
from tournamentcore.types import TournamentDocument, TournamentsFilterRequest, TournamentsFilterResult

core = tournamentcore.Library()
documents: List[TournamentDocument] = [{"id": "t1", "name": "Spring Open", "status": "open", "public": True}]
request: TournamentsFilterRequest = {"tournaments": documents, "publicOnly": True, "tab": "active"}
result: TournamentsFilterResult = core.tournaments_filter(request)
label: str = result["labels"]["active"]
count: int = result["counts"]["all"]
names: List[str] = [tournament["name"] for tournament in result["tournaments"]]
if result["emptyState"] is not None:
    print(result["emptyState"]["title"])
check = core.guests_check({"currentUserId": "u1", "limits": {"maxTotalGuests": 3}})
print(label, count, names, check["canAddGuest"], check["reason"]["code"] if check["reason"] else "")
try:
    core.equipment_compare({"setupA": {"id": 1}, "setupB": {"id": 1}})
except tournamentcore.TournamentCoreError as error:
    print(error.code, error.path)
