// A typed program over the package's declarations: tsc (tests/typescript.test.mjs) accepts it.
import { load, TournamentCoreError } from "tournamentcore";
import type { TournamentsFilterRequest, TournamentsFilterResult, Tournament } from "tournamentcore";

export async function activeNames(documents: TournamentsFilterRequest["tournaments"]): Promise<string[]> {
  const core = await load();
  const request: TournamentsFilterRequest = { tournaments: documents, tab: "active", publicOnly: true, limit: 20 };
  const result: TournamentsFilterResult = core.tournamentsFilter(request);
  const names: string[] = result.tournaments.map((tournament: Tournament) => tournament.name);
  const check = core.guestsCheck({ limits: { maxGuestsPerParticipant: 2 } });
  if (!check.canAddGuest && check.reason !== null) names.push(check.reason.code, check.reason.message);
  try {
    core.guestsValidateId({ id: "guest_0123456789abcdef" });
  } catch (error) {
    if (error instanceof TournamentCoreError) names.push(`${error.code} ${error.path ?? ""}`);
  }
  const info = core.libraryInfo();
  names.push(info.version, core.version, String(result.counts.active));
  return names;
}
