"""mypy --strict rejects it: `lables` is not a key of TournamentsFilterResult."""
import tournamentcore

core = tournamentcore.Library()
result = core.tournaments_filter({"tournaments": [{"id": "t1"}]})
print(result["lables"]["active"])
