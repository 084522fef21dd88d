// TypeScript's compiler over the package's declarations (tournamentcore.d.ts, the generated
// types.d.ts), as mypy checks the Python package: tsc accepts a typed program and rejects a read
// of a result member that does not exist and a request member of the wrong type. The programs
// (tests/typescript/*.ts) import the package by name, from a throwaway project whose
// node_modules/tournamentcore is TOURNAMENTCORE_PACKAGE (default: this folder, bindings/javascript).
// TSC: the compiler (default: tsc on PATH; Debian's node-typescript; see typecheck.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import path from "node:path";

import { typecheck as check } from "./typecheck.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const packageFolder = process.env.TOURNAMENTCORE_PACKAGE ?? path.join(here, "..");
const typecheck = (file, resolution) => check(packageFolder, file, resolution);

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
