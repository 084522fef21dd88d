// The web example's test: serves the page (serve.mjs), loads it in headless Chromium for several
// views, and checks that the tabs and the list it rendered from the WebAssembly module are what
// the native library answers for the same request (through the command-line tool). Writes a
// screenshot of the first view.
//   node Examples/web/check-page.mjs <tournamentcore.wasm> <tournament-core tool> <screenshot.png>
// CHROMIUM names the browser (default: chromium). Exits non-zero on any difference.
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import assert from "node:assert/strict";

import { serve } from "./serve.mjs";

const [wasm, tool, screenshot, lib] = process.argv.slice(2);
if (!screenshot) {
  console.error("usage: node check-page.mjs <tournamentcore.wasm> <tournament-core> <screenshot.png> [<package folder>]");
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const browser = process.env.CHROMIUM ?? "chromium";
const tournaments = JSON.parse(readFileSync(path.join(root, "Examples/data/tournaments.json"), "utf8")).tournaments;

/** Runs Chromium headless (no sandbox: CI runs as root), with time enough for the module; its
 * standard output. (Asynchronous: the server it loads the page from runs in this process.) */
async function chromium(...args) {
  const { stdout } = await promisify(execFile)(browser, ["--headless", "--no-sandbox", "--disable-gpu",
    "--hide-scrollbars", "--virtual-time-budget=10000", ...args], { timeout: 60_000, maxBuffer: 16 << 20 });
  return stdout;
}

/** The page's DOM once it has drawn (`data-ready` on its body): the virtual time budget does not
 * cover compiling the module, which runs on another thread, so a dump can come first; then the
 * page is loaded again, up to five times. */
async function loaded(url) {
  for (let attempt = 1; ; attempt++) {
    const dom = await chromium("--dump-dom", url);
    if (/<body[^>]* data-ready="true"/.test(dom) || attempt === 5) return dom;
    console.log(`not drawn yet: ${url} loaded again`);
  }
}

/** What the page shows: its tab buttons and the tournaments listed, read from its DOM. */
function rendered(dom) {
  const decode = (text) => text.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"');
  const tabs = [...dom.matchAll(/<button role="tab" data-tab="(\w+)" aria-selected="(true|false)">([^<]*)<\/button>/g)]
    .map(([, tab, selected, label]) => ({ tab, selected: selected === "true", label: decode(label) }));
  const items = [...dom.matchAll(/<li data-id="([^"]*)"><span class="name">([^<]*)<\/span>/g)]
    .map(([, id, name]) => ({ id: decode(id), name: decode(name) }));
  const status = decode(/<p id="status" role="status">([^<]*)<\/p>/.exec(dom)?.[1] ?? "");
  return { tabs, items, status };
}

/** What the native library answers for the request the page makes for `view`. */
function expected(view) {
  const request = { tournaments, tab: view.tab ?? "active", publicOnly: view.public === "1" };
  if (view.q) request.query = view.q;
  const envelope = JSON.parse(execFileSync(tool, ["tournaments.filter", "-"], { input: JSON.stringify(request) }).toString("utf8"));
  assert.equal(envelope.ok, true, JSON.stringify(envelope));
  const result = envelope.result;
  return {
    tabs: ["active", "completed"].map((tab) => ({ tab, selected: tab === result.tab, label: result.labels[tab] })),
    items: result.tournaments.map((tournament) => ({ id: tournament.id, name: tournament.name })),
    status: result.isEmpty ? `${result.emptyState.title}. ${result.emptyState.message}.` : "",
  };
}

const views = [{}, { tab: "completed" }, { q: "lyon" }, { tab: "completed", public: "1" }, { q: "no such place" }];
const server = await serve({ port: 0, wasm: path.resolve(wasm), lib: lib && path.resolve(lib) });
const base = `http://127.0.0.1:${server.address().port}/`;
let failures = 0;
try {
  for (const view of views) {
    const url = base + (Object.keys(view).length ? `?${new URLSearchParams(view)}` : "");
    const page = rendered(await loaded(url));
    const want = expected(view);
    try {
      assert.deepEqual(page, want);
      console.log(`ok: ${url}: ${page.tabs.map((tab) => (tab.selected ? `[${tab.label}]` : tab.label)).join(" ")}, ${page.items.length} listed`);
    } catch (error) {
      failures++;
      console.error(`FAILED: ${url}\n${error.message}`);
    }
  }
  await chromium("--window-size=900,700", `--screenshot=${path.resolve(screenshot)}`, base);
  console.log(`screenshot: ${screenshot}`);
} finally {
  server.close();
}
process.exit(failures === 0 ? 0 : 1);
