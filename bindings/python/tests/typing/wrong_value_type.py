"""mypy --strict rejects it: `publicOnly` is a bool, not a str."""
import tournamentcore

core = tournamentcore.Library()
print(core.tournaments_filter({"tournaments": [{"id": "t1"}], "publicOnly": "yes"}))
