// Passes a string where the request takes a boolean (`publicOnly: "yes"`): tsc must reject it.
import { load } from "tournamentcore";

export async function list(): Promise<number> {
  const core = await load();
  return core.tournamentsFilter({ tournaments: [], publicOnly: "yes" }).tournaments.length;
}
