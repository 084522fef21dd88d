// The tournament tabs of Examples/data/tournaments.json, with every rule (normalizing the
// documents, which tab a tournament is in, counts, labels, search, the empty state) applied by
// TournamentCore's WebAssembly module: the page only draws what tournaments.filter returns.
// Served by serve.mjs: the module at /tournamentcore.wasm, the binding at /lib/, data at /data/.
// The address keeps the view: ?tab=completed&q=lyon&public=1.
import { TournamentCoreError, load } from "/lib/tournamentcore.mjs";

const elements = {
  tabs: document.getElementById("tabs"),
  list: document.getElementById("tournaments"),
  status: document.getElementById("status"),
  query: document.getElementById("query"),
  publicOnly: document.getElementById("public-only"),
  version: document.getElementById("version"),
};
const address = new URLSearchParams(location.search);
let state = { tab: address.get("tab") ?? "active" };
elements.query.value = address.get("q") ?? "";
elements.publicOnly.checked = address.get("public") === "1";

try {
  const [core, data] = await Promise.all([
    load(new URL("/tournamentcore.wasm", location.href)),
    fetch("/data/tournaments.json").then((response) => response.json()),
  ]);
  elements.version.textContent = `TournamentCore ${core.version}, WebAssembly`;
  const render = () => draw(core, data.tournaments);
  elements.query.addEventListener("input", render);
  elements.publicOnly.addEventListener("change", render);
  elements.tabs.addEventListener("click", (event) => {
    const tab = event.target.closest("button")?.dataset.tab;
    if (tab) { state = { tab }; render(); }
  });
  render();
} catch (error) {
  elements.status.textContent = `The core could not be loaded: ${error.message}`;
}
// Drawn (or failed): what a headless check waits for (check-page.mjs).
document.body.dataset.ready = "true";

function draw(core, tournaments) {
  const request = { tournaments, tab: state.tab, publicOnly: elements.publicOnly.checked };
  if (elements.query.value.trim() !== "") request.query = elements.query.value;
  let result;
  try {
    result = core.tournamentsFilter(request);
  } catch (error) {
    if (!(error instanceof TournamentCoreError)) throw error;
    elements.status.textContent = `${error.code}: ${error.message}`;
    return;
  }
  state = { tab: result.tab };
  const view = new URLSearchParams({ tab: result.tab });
  if (request.query) view.set("q", request.query);
  if (request.publicOnly) view.set("public", "1");
  history.replaceState(null, "", `?${view}`);
  elements.tabs.replaceChildren(...["active", "completed"].map((tab) => {
    const button = document.createElement("button");
    button.role = "tab";
    button.dataset.tab = tab;
    button.textContent = result.labels[tab];
    button.setAttribute("aria-selected", String(tab === result.tab));
    return button;
  }));
  elements.list.replaceChildren(...result.tournaments.map((tournament) => {
    const item = document.createElement("li");
    item.dataset.id = tournament.id;
    const places = tournament.maxParticipants > 0
      ? `${tournament.currentParticipants}/${tournament.maxParticipants}` : `${tournament.currentParticipants}`;
    item.append(
      span("name", tournament.name),
      span(`status ${tournament.status}`, tournament.status.replace("_", " ")),
      span("places", places),
      span("location", tournament.location || "—"));
    if (!tournament.public) item.append(span("private", "private"));
    return item;
  }));
  elements.status.textContent = result.isEmpty ? `${result.emptyState.title}. ${result.emptyState.message}.` : "";
}

function span(className, text) {
  const element = document.createElement("span");
  element.className = className;
  element.textContent = text;
  return element;
}
