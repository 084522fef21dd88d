// TypeScript's compiler over the package's declarations (tournamentcore.d.ts, the generated
// types.d.ts), as mypy checks the Python package: tsc accepts a typed program and rejects a read
// of a result member that does not exist and a request member of the wrong type. The programs
// (tests/typescript/*.ts) import the package by name, from a throwaway project whose
// node_modules/tournamentcore is TOURNAMENTCORE_PACKAGE (default: this folder, bindings/javascript).
// TSC: the compiler (default: tsc on PATH; Debian's node-typescript).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const packageFolder = path.resolve(process.env.TOURNAMENTCORE_PACKAGE ?? path.join(here, ".."));
const tsc = process.env.TSC ?? "tsc";

/** tsc --noEmit --strict over `file` in a project that has the package installed, resolving
 * modules as Node 10 did (`node`) or as ES modules in Node 16+ (`node16`). */
function typecheck(file, resolution = "node") {
  const project = mkdtempSync(path.join(tmpdir(), "tournamentcore-tsc-"));
  try {
    mkdirSync(path.join(project, "node_modules"));
    symlinkSync(packageFolder, path.join(project, "node_modules", "tournamentcore"), "dir");
    copyFileSync(path.join(here, "typescript", file), path.join(project, file));
    if (resolution === "node16") writeFileSync(path.join(project, "package.json"), JSON.stringify({ type: "module" }));
    const run = spawnSync(tsc, ["--noEmit", "--strict", "--target", "es2020", "--module", resolution === "node16" ? "node16" : "es2020",
      "--moduleResolution", resolution, "--lib", "es2020,dom", path.join(project, file)],
    { cwd: project, encoding: "utf8" });
    if (run.error) throw run.error;
    return { status: run.status, output: run.stdout + run.stderr };
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

test("tsc accepts a typed program over the typed functions, the results and TournamentCoreError", () => {
  const { status, output } = typecheck("typed-program.ts");
  assert.equal(status, 0, output);
});

test("tsc accepts the typed program under Node 16's ES module resolution too (node16)", () => {
  const { status, output } = typecheck("typed-program.ts", "node16");
  assert.equal(status, 0, output);
});

test("tsc rejects reading a result member that does not exist", () => {
  const { status, output } = typecheck("misspelled-result-key.ts");
  assert.notEqual(status, 0);
  assert.match(output, /Property 'countz' does not exist on type 'TournamentsFilterResult'/);
});

test("tsc rejects a request member of the wrong type (publicOnly: \"yes\")", () => {
  const { status, output } = typecheck("wrong-request-type.ts");
  assert.notEqual(status, 0);
  assert.match(output, /wrong-request-type.ts\(6,\d+\): error TS2322: Type 'string' is not assignable to type 'boolean \| null \| undefined'/);
});
