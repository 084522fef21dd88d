// A module whose memory cannot grow past a limit (node --test; ctest runs it): a call that needs
// more throws RangeError and has no effect, and the instance answers every later call as an
// unlimited one does (embedded/call_scope.c, and tournamentcore.mjs's recovery).
// TOURNAMENTCORE_WASM: the module (default: build/tournamentcore.wasm of the checkout).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

import { load } from "../tournamentcore.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const wasmPath = process.env.TOURNAMENTCORE_WASM ?? path.join(root, "build/tournamentcore.wasm");
const moduleBytes = readFileSync(wasmPath);

/** Reads an unsigned LEB128 at `offset`: [value, the offset after it]. */
function readULEB(bytes, offset) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[offset++];
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return [value, offset];
    shift += 7;
  }
}

function uleb(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return out;
}

/** The module's bytes with its memory's maximum set to its initial size plus `extraPages`
 * (64 KiB each): the memory section rewritten, the rest as it was. */
function withMemoryLimit(bytes, extraPages) {
  const parts = [bytes.subarray(0, 8)];
  let offset = 8;
  let found = false;
  while (offset < bytes.length) {
    const id = bytes[offset];
    const [size, start] = readULEB(bytes, offset + 1);
    const end = start + size;
    if (id === 5) {
      let [count, at] = readULEB(bytes, start);
      assert.equal(count, 1, "one memory");
      const flags = bytes[at++];
      assert.ok(flags === 0 || flags === 1, "an unshared 32-bit memory");
      const [initial] = readULEB(bytes, at);
      const payload = [1, 1, ...uleb(initial), ...uleb(initial + extraPages)];
      parts.push(Uint8Array.from([5, ...uleb(payload.length), ...payload]));
      found = true;
    } else {
      parts.push(bytes.subarray(offset, end));
    }
    offset = end;
  }
  assert.ok(found, "the module defines its memory");
  return Buffer.concat(parts);
}

/** A tournaments.filter request of `count` tournaments. */
function filterRequest(count) {
  const tournaments = Array.from({ length: count }, (_, index) => ({
    id: `t${index}`, name: `Spring Open ${index} ${"x".repeat(index % 50)}`, location: "Hall", status: index % 3 === 0 ? "open" : "finished",
    public: index % 2 === 0, currentParticipants: index % 40, maxParticipants: 40,
  }));
  return JSON.stringify({ tournaments, tab: "all" });
}

const unlimited = await load(moduleBytes);
const small = '{"tournaments":[{"id":"a","name":"Spring Open","status":"open","public":true}],"query":"spring"}';
const smallAnswer = unlimited.call("tournaments.filter", small);

test("a call the module's memory cannot hold throws RangeError, and every later call is answered as before", async () => {
  const limited = await load(withMemoryLimit(moduleBytes, 96)); // 6 MiB past the initial memory
  let failures = 0;
  let answers = 0;
  for (const count of [100, 1000, 4000, 8000, 12000, 16000, 24000, 32000, 48000]) {
    const request = filterRequest(count);
    let response;
    try {
      response = limited.call("tournaments.filter", request);
    } catch (error) {
      assert.ok(error instanceof RangeError, `${count} tournaments: ${error}`);
      assert.match(error.message, /out of memory/);
      failures++;
    }
    if (response !== undefined) {
      assert.equal(response, unlimited.call("tournaments.filter", request), `${count} tournaments`);
      answers++;
    }
    assert.equal(limited.call("tournaments.filter", small), smallAnswer, `after ${count} tournaments`);
    assert.equal(limited.invoke("library.info", {}).name, "TournamentCore");
  }
  assert.ok(answers > 0, "the smaller requests are answered");
  assert.ok(failures > 0, "the largest do not fit");
});

test("failing again and again leaks nothing: the module still answers a call that needs most of its memory", async () => {
  const limited = await load(withMemoryLimit(moduleBytes, 96));
  const fits = filterRequest(4000);
  const fitsAnswer = unlimited.call("tournaments.filter", fits);
  const tooLarge = filterRequest(48000);
  for (let round = 0; round < 40; round++) {
    assert.throws(() => limited.call("tournaments.filter", tooLarge), RangeError);
    assert.equal(limited.call("tournaments.filter", fits), fitsAnswer, `round ${round}`);
  }
});

test("the typed functions throw the same RangeError, and the registry is unchanged by a call that failed", async () => {
  const limited = await load(withMemoryLimit(moduleBytes, 96));
  assert.throws(() => limited.tournamentsFilter(JSON.parse(filterRequest(48000))), RangeError);
  assert.deepEqual(limited.participantsRepairBegin({ tournamentId: "t1" }), { acquired: true });
  assert.throws(() => limited.tournamentsFilter(JSON.parse(filterRequest(48000))), RangeError);
  assert.deepEqual(limited.participantsRepairBegin({ tournamentId: "t1" }), { acquired: false });
  assert.deepEqual(limited.participantsRepairEnd({ tournamentId: "t1" }), { released: true });
});
