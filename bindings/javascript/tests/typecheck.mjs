// tsc over one program of tests/typescript/ in a throwaway project whose
// node_modules/tournamentcore is a given package folder (typescript.test.mjs, package.test.mjs).
// TSC: the compiler (default: tsc on PATH; Debian's node-typescript).
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import path from "node:path";

const programs = path.join(path.dirname(fileURLToPath(import.meta.url)), "typescript");

/** tsc --noEmit --strict over `file` with `packageFolder` installed, resolving modules as Node 10
 * did (`node`) or as ES modules in Node 16+ (`node16`): its exit status and output. */
export function typecheck(packageFolder, file, resolution = "node") {
  const project = mkdtempSync(path.join(tmpdir(), "tournamentcore-tsc-"));
  try {
    mkdirSync(path.join(project, "node_modules"));
    symlinkSync(path.resolve(packageFolder), path.join(project, "node_modules", "tournamentcore"), "dir");
    copyFileSync(path.join(programs, file), path.join(project, file));
    if (resolution === "node16") writeFileSync(path.join(project, "package.json"), JSON.stringify({ type: "module" }));
    const run = spawnSync(process.env.TSC ?? "tsc", ["--noEmit", "--strict", "--target", "es2020",
      "--module", resolution === "node16" ? "node16" : "es2020", "--moduleResolution", resolution,
      "--lib", "es2020,dom", path.join(project, file)], { cwd: project, encoding: "utf8" });
    if (run.error) throw run.error;
    return { status: run.status, output: run.stdout + run.stderr };
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}
