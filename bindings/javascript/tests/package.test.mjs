// The npm package as a user gets it: TOURNAMENTCORE_TGZ (made by `npm pack` in the build) is
// installed into a throwaway project with `npm install` (offline: a local file), then imported
// by name and called through a typed function in Node, type-checked by tsc, and loaded by the web
// example's page in headless Chromium. TOURNAMENTCORE_CLI: the native tool the answers are
// compared with; CHROMIUM (optional): the browser; TSC (default tsc): the compiler.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import path from "node:path";

import { typecheck } from "./typecheck.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../..");
const tgz = process.env.TOURNAMENTCORE_TGZ;
const tool = process.env.TOURNAMENTCORE_CLI ?? path.join(root, "build/tournament-core");
if (!tgz) throw new Error("TOURNAMENTCORE_TGZ: the tarball `npm pack` made");

const project = mkdtempSync(path.join(tmpdir(), "tournamentcore-npm-"));
process.on("exit", () => rmSync(project, { recursive: true, force: true }));
writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--loglevel=error", path.resolve(tgz)], { cwd: project, stdio: "inherit" });
const installed = path.join(project, "node_modules", "tournamentcore");

test("the tarball installs the module, its typed functions and their declarations", () => {
  const manifest = JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8"));
  for (const file of manifest.files) assert.ok(existsSync(path.join(installed, file)), `${file} installed`);
  assert.ok(manifest.files.includes("tournamentcore.wasm"));
});

test("a program imports the package by name and makes a typed call in Node", () => {
  const program = path.join(project, "program.mjs");
  writeFileSync(program, [
    'import { load, TournamentCoreError } from "tournamentcore";',
    "const core = await load();",
    'const request = JSON.parse(process.argv[2]);',
    "const result = core.tournamentsFilter(request);",
    "let error = null;",
    'try { core.tournamentsFilter({ tournaments: [{ id: 7 }] }); } catch (caught) { error = caught instanceof TournamentCoreError ? [caught.code, caught.path] : String(caught); }',
    "console.log(JSON.stringify({ version: core.version, result, error }));",
  ].join("\n"));
  const request = JSON.parse(readFileSync(path.join(root, "Examples/data/tournaments.json"), "utf8"));
  request.tab = "completed";
  const output = JSON.parse(execFileSync(process.execPath, [program, JSON.stringify(request)], { cwd: project, encoding: "utf8" }));
  const native = JSON.parse(execFileSync(tool, ["tournaments.filter", "-"], { input: JSON.stringify(request), encoding: "utf8" }));
  assert.equal(native.ok, true);
  assert.deepEqual(output.result, native.result);
  assert.deepEqual(output.error, ["INVALID_REQUEST", "$.tournaments[0].id"]);
  assert.equal(output.version, JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8")).version);
});

test("tsc type-checks a typed program against the installed package", () => {
  const { status, output } = typecheck(installed, "typed-program.ts");
  assert.equal(status, 0, output);
});

const chromium = process.env.CHROMIUM && !process.env.CHROMIUM.endsWith("NOTFOUND") ? process.env.CHROMIUM : null;

test("the web example's page runs on the installed package in headless Chromium", { skip: !chromium && "no CHROMIUM" }, () => {
  execFileSync(process.execPath, [path.join(root, "Examples/web/check-page.mjs"), path.join(installed, "tournamentcore.wasm"), tool,
    path.join(project, "page.png"), installed], { stdio: "inherit", env: { ...process.env, CHROMIUM: chromium } });
});
