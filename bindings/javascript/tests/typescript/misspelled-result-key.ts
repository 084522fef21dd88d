// Reads a result member that does not exist (`countz`): tsc must reject it.
import { load } from "tournamentcore";

export async function count(): Promise<number> {
  const core = await load();
  return core.tournamentsFilter({ tournaments: [] }).countz.active;
}
