// The web example's test: serves the page (serve.mjs), loads it in headless Chromium for several
// views, and checks that the tabs and the list it rendered from the WebAssembly module are what
// the native library answers for the same request (through the command-line tool). Writes a
// screenshot of the first view. The browser is driven as Puppeteer drives it (the DevTools
// protocol over a pipe), without a dependency.
//   node Examples/web/check-page.mjs <tournamentcore.wasm> <tournament-core tool> <screenshot.png>
// CHROMIUM names the browser (default: chromium). Exits non-zero on any difference.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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

/** Headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`:
 * commands on its fd 3, replies and events on its fd 4, each message JSON ended by a NUL), no
 * sandbox (CI runs as root). A page is read once it says it has drawn (`data-ready` on its body),
 * waited for in real time: a `--dump-dom` run waits on virtual time, which does not count the
 * module's compilation on another thread, so on a loaded machine it dumped the page still
 * "Loading the core…". */
class Browser {
  constructor() {
    this.profile = mkdtempSync(path.join(tmpdir(), "tc-chromium-"));
    this.process = spawn(browser, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
      "--remote-debugging-pipe", "--no-first-run", `--user-data-dir=${this.profile}`,
      "about:blank"], { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"], detached: true });
    // Its standard error (D-Bus and GPU complaints on a server) is printed only when a check fails.
    this.log = "";
    this.process.stderr.on("data", (chunk) => { this.log = (this.log + chunk).slice(-16384); });
    this.process.stdio[3].on("error", () => {}); // a write after its exit: the pending command fails below
    this.pending = new Map();
    this.next = 1;
    let buffered = Buffer.alloc(0);
    this.process.stdio[4].on("data", (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (let end; (end = buffered.indexOf(0)) >= 0; buffered = buffered.subarray(end + 1)) {
        const message = JSON.parse(buffered.subarray(0, end).toString("utf8"));
        const waiting = this.pending.get(message.id);
        if (!waiting) continue;
        this.pending.delete(message.id);
        if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
        else waiting.resolve(message.result);
      }
    });
    this.exited = new Promise((resolve) => {
      this.process.on("exit", resolve);
      this.process.on("error", (error) => { this.log += `${browser}: ${error.message}\n`; resolve(); });
    });
    this.exited.then(() => {
      for (const waiting of this.pending.values()) waiting.reject(new Error(`${waiting.method}: Chromium exited\n${this.log}`));
    });
  }

  /** Sends one command (to the page's session when `sessionId` is given); resolves to its result. */
  send(method, params = {}, sessionId) {
    const id = this.next++;
    const message = JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) });
    return new Promise((resolve, reject) => {
      this.pending.set(id, { method, resolve, reject });
      this.process.stdio[3].write(message + "\0");
    });
  }

  /** A new tab of the given size; its session. */
  async open(width, height) {
    const { targetId } = await this.send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await this.send("Target.attachToTarget", { targetId, flatten: true });
    await this.send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: 1, mobile: false }, sessionId);
    return sessionId;
  }

  /** Loads `url` in the tab and resolves to its DOM once drawn; rejects after `seconds`. (The
   * page rewrites its address, so the new document is told from the old one by a mark left on the
   * old one's window.) */
  async loaded(sessionId, url, seconds = 60) {
    await this.send("Runtime.evaluate", { expression: "window.replacedByNavigation = true" }, sessionId);
    await this.send("Page.navigate", { url }, sessionId);
    const deadline = Date.now() + seconds * 1000;
    for (;;) {
      // Asked again when the navigation replaces the document under the expression.
      const { result } = await this.send("Runtime.evaluate", { returnByValue: true, expression:
        `!window.replacedByNavigation && document.body?.dataset.ready === "true" ? document.documentElement.outerHTML : null` },
        sessionId).catch(() => ({ result: {} }));
      if (typeof result.value === "string") return result.value;
      if (Date.now() > deadline) throw new Error(`${url} not drawn after ${seconds} s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** A PNG of what the tab shows. */
  async screenshot(sessionId) {
    const { data } = await this.send("Page.captureScreenshot", { format: "png" }, sessionId);
    return Buffer.from(data, "base64");
  }

  async close() {
    await Promise.race([this.send("Browser.close").catch(() => {}), new Promise((resolve) => setTimeout(resolve, 5000))]);
    // Its own process group (detached): helper processes that outlive it, still writing to the
    // profile, end with it.
    try { process.kill(-this.process.pid, "SIGKILL"); } catch {}
    await this.exited;
    try { rmSync(this.profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }); } catch {}
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
const chromium = new Browser();
let failures = 0;
try {
  const tab = await chromium.open(900, 700);
  for (const view of views) {
    const url = base + (Object.keys(view).length ? `?${new URLSearchParams(view)}` : "");
    try {
      const page = rendered(await chromium.loaded(tab, url));
      assert.deepEqual(page, expected(view));
      console.log(`ok: ${url}: ${page.tabs.map((tab) => (tab.selected ? `[${tab.label}]` : tab.label)).join(" ")}, ${page.items.length} listed`);
    } catch (error) {
      failures++;
      console.error(`FAILED: ${url}\n${error.message}`);
    }
  }
  if (failures) console.error(`Chromium's standard error, last lines:\n${chromium.log}`);
  await chromium.loaded(tab, base);
  writeFileSync(path.resolve(screenshot), await chromium.screenshot(tab));
  console.log(`screenshot: ${screenshot}`);
} finally {
  await chromium.close();
  server.close();
}
process.exit(failures === 0 ? 0 : 1);
