// Tests of the typed functions (core.tournamentsFilter(request) ...), generated from schemas/
// into methods.mjs and types.d.ts, over the built tournamentcore.wasm (node --test; ctest runs
// them). TOURNAMENTCORE_WASM: the module (default: build/tournamentcore.wasm of the checkout).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

import { CONTRACT_VERSION, TournamentCoreError, load } from "../tournamentcore.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const wasmPath = process.env.TOURNAMENTCORE_WASM ?? path.join(root, "build/tournamentcore.wasm");
const golden = path.join(root, "Tests/golden");

const core = await load(wasmPath);
const info = core.libraryInfo();

/** `participants.displayName` -> `participantsDisplayName`, as the generator names them. */
function camel(method) {
  const [group, member] = method.split(".");
  return group + member[0].toUpperCase() + member.slice(1);
}

/** `text` with generated guest IDs (random) masked, as the golden runners compare them. */
function masked(text) {
  return text.replace(/guest_[A-Za-z0-9]{16}/g, "guest_################");
}

/** The repair registry is the one state kept between calls: a claim a call took is released, so
 * that every call of a case starts from the same state (free, unless the case claims first). */
function release(method, request, result) {
  if (method === "participants.repairBegin" && result?.acquired === true) core.participantsRepairEnd(request);
}

/** `core.call`, with a claim it took released. */
function raw(method, text) {
  const response = core.call(method, text);
  const envelope = JSON.parse(response);
  if (envelope.ok) release(method, JSON.parse(text), envelope.result);
  return response;
}

/** The golden cases whose request is a JSON object: what a typed function can be given. */
function goldenObjectCases() {
  const cases = [];
  for (const method of readdirSync(golden).sort()) {
    for (const name of readdirSync(path.join(golden, method)).filter((n) => n.endsWith(".request.json")).sort()) {
      const text = readFileSync(path.join(golden, method, name), "utf8");
      let request;
      try {
        request = JSON.parse(text);
      } catch {
        continue; // malformed JSON: `call` takes it (tournamentcore.test.mjs), a typed function cannot
      }
      if (request === null || typeof request !== "object" || Array.isArray(request)) continue;
      const response = readFileSync(path.join(golden, method, name.replace(".request.json", ".response.json")), "utf8");
      cases.push({ method, name, text, request, response });
    }
  }
  return cases;
}

test("there is a typed function for every method of library.info, and nothing else", () => {
  for (const method of info.methods) assert.equal(typeof core[camel(method)], "function", method);
  const functions = Object.getOwnPropertyNames(Object.getPrototypeOf(Object.getPrototypeOf(core)))
    .filter((name) => name !== "constructor");
  assert.deepEqual(functions.sort(), info.methods.map(camel).sort());
  assert.equal(CONTRACT_VERSION, core.version);
});

test("every golden request that is a JSON object answers through its typed function as the golden response says", () => {
  let compared = 0;
  for (const { method, name, text, request, response } of goldenObjectCases()) {
    const label = `${method}/${name}`;
    const expected = JSON.parse(response);
    // JSON.parse keeps the last of duplicate keys and rounds integers past 2^53, so a request
    // re-serialized by JSON.stringify may differ from its golden text: those are compared with
    // the raw call of the same re-serialized text instead.
    const reserialized = JSON.stringify(request);
    const sameMeaning = masked(raw(method, reserialized)) === masked(raw(method, text));
    const reference = sameMeaning ? expected : JSON.parse(raw(method, reserialized));
    if (reference.ok) {
      const result = core[camel(method)](request);
      release(method, request, result);
      assert.equal(masked(JSON.stringify(result)), masked(JSON.stringify(reference.result)), label);
    } else {
      assert.throws(() => core[camel(method)](request), (error) => {
        assert.ok(error instanceof TournamentCoreError, `${label}: ${error}`);
        assert.equal(error.code, reference.error.code, label);
        assert.equal(error.message, reference.error.message, label);
        assert.equal(error.path, reference.error.path, label);
        return true;
      }, label);
    }
    if (sameMeaning) compared++;
  }
  assert.ok(compared > 200, `only ${compared} golden cases compared with their golden response`);
});

test("an error response is a TournamentCoreError with its code, message and JSONPath", () => {
  assert.throws(() => core.tournamentsFilter({ tournaments: [{ id: "t1", maxParticipants: 8.5 }] }), (error) => {
    assert.ok(error instanceof TournamentCoreError);
    assert.ok(error instanceof Error);
    assert.equal(error.name, "TournamentCoreError");
    assert.equal(error.code, "INVALID_REQUEST");
    assert.equal(error.path, "$.tournaments[0].maxParticipants");
    assert.match(error.message, /integer/);
    assert.match(String(error), /^TournamentCoreError: INVALID_REQUEST: .* \(at \$\.tournaments\[0\]\.maxParticipants\)$/);
    return true;
  });
});

test("a request that is not an object is the core's INVALID_JSON error, not a crash", () => {
  for (const request of [null, 5, "text", [1, 2], true]) {
    assert.throws(() => core.guestsValidateId(request), (error) => error instanceof TournamentCoreError && error.code === "INVALID_JSON"
      && /must be a JSON object/.test(error.message), JSON.stringify(request));
  }
});

test("a request JSON.stringify cannot write is a TypeError, and the module goes on", () => {
  const cyclic = { tournaments: [] };
  cyclic.self = cyclic;
  assert.throws(() => core.tournamentsFilter(cyclic), TypeError);
  assert.throws(() => core.tournamentsFilter({ tournaments: [], limit: 10n }), TypeError);
  assert.deepEqual(core.guestsValidateId({ id: "guest_0123456789abcdef" }), { valid: true });
});

test("a method whose request has no required member may be called without one", () => {
  assert.equal(core.libraryInfo().name, "TournamentCore");
  assert.equal(core.guestsGenerateId().ids.length, 1);
  assert.deepEqual(core.guestsCheck(), core.guestsCheck({}));
});

test("invoke calls a method by name, and an unknown one is UNKNOWN_METHOD", () => {
  assert.deepEqual(core.invoke("guests.validateId", { id: "x" }), core.guestsValidateId({ id: "x" }));
  assert.throws(() => core.invoke("guests.nothing", {}), (error) => error instanceof TournamentCoreError && error.code === "UNKNOWN_METHOD");
});

test("hostile requests through the typed functions are errors with a code and a path, and the module goes on", () => {
  const before = core.libraryInfo();
  const expectations = [
    // [what, request, the error's code, its path]
    ["a lone high surrogate", { id: "\ud800" }, "INVALID_JSON", undefined],
    ["a lone low surrogate in a key", { ["\udc00x"]: 1, id: "x" }, "INVALID_JSON", undefined],
    ["a request over the size limit", { id: "x".repeat(info.limits.maxRequestBytes) }, "REQUEST_TOO_LARGE", undefined],
    ["a number where a string is expected", { id: 12 }, "INVALID_REQUEST", "$.id"],
    ["a 100,000-deep array in a member", { id: "x", deep: JSON.parse("[".repeat(100_000) + "]".repeat(100_000)) }, "INVALID_JSON", undefined],
  ];
  for (const [what, request, code, where] of expectations) {
    assert.throws(() => core.guestsValidateId(request), (error) => {
      // (JSON.stringify may refuse a structure deeper than its stack first: a RangeError.)
      if (error instanceof RangeError && what.includes("deep")) return true;
      assert.ok(error instanceof TournamentCoreError, `${what}: ${error}`);
      assert.equal(error.code, code, what);
      if (where !== undefined) assert.equal(error.path, where, what);
      assert.ok(error.message.length > 0, what);
      return true;
    }, what);
    assert.deepEqual(core.libraryInfo(), before, `${what}: the module still answers`);
  }
  // A NUL character is text like any other in a JSON string: an answer, not an error.
  assert.deepEqual(core.guestsValidateId({ id: "guest_\u0000" }), { valid: false });
});
