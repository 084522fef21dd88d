// Tests of tournamentcore.mjs over the built tournamentcore.wasm (node --test; ctest runs them).
// TOURNAMENTCORE_WASM: the module (default: build/tournamentcore.wasm of the checkout);
// TOURNAMENTCORE_CLI: the native command-line tool, whose responses the time-zone results are
// compared with (default: build/tournament-core).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import path from "node:path";

import { load } from "../tournamentcore.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const wasmPath = process.env.TOURNAMENTCORE_WASM ?? path.join(root, "build/tournamentcore.wasm");
const cliPath = process.env.TOURNAMENTCORE_CLI ?? path.join(root, "build/tournament-core");
const golden = path.join(root, "Tests/golden");

const core = await load(wasmPath);
const info = JSON.parse(core.call("library.info", "{}")).result;
const libraryInfoText = core.call("library.info", "{}");

/** The module still answers as before: nothing a previous call did broke it. */
function assertStillWorks() {
  assert.equal(core.call("library.info", "{}"), libraryInfoText);
}

test("every golden request gives the golden response bytes", () => {
  let cases = 0;
  for (const method of readdirSync(golden).sort()) {
    for (const name of readdirSync(path.join(golden, method)).filter((n) => n.endsWith(".request.json")).sort()) {
      const request = readFileSync(path.join(golden, method, name));
      const expected = readFileSync(path.join(golden, method, name.replace(".request.json", ".response.json")), "utf8");
      const response = core.call(method, new Uint8Array(request));
      assert.equal(response, expected.replace(/\n$/, ""), `${method}/${name}`);
      // The repair registry is the one state kept between calls: release what was claimed.
      if (method === "participants.repairBegin" && response.includes('"acquired":true')) {
        core.call("participants.repairEnd", new Uint8Array(request));
      }
      cases++;
    }
  }
  assert.ok(cases > 200, `only ${cases} golden cases found in ${golden}`);
  assert.deepEqual(readdirSync(golden).sort(), [...info.methods].sort(), "a golden folder for every method");
});

test("a request given as text and as its UTF-8 bytes gives the same response", () => {
  const request = '{"participantId":"u1","index":2,"participants":[],"currentUser":{"uid":"u1","displayName":"Zoë 🏹"}}';
  assert.equal(core.call("participants.displayName", request), core.call("participants.displayName", new TextEncoder().encode(request)));
  assert.match(core.call("participants.displayName", request), /Zoë 🏹/);
});

const hostile = {
  "100,000-deep nesting": '{"a":' + "[".repeat(100_000),
  "invalid UTF-8": new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  "a lone high surrogate": '{"a":"\\ud800"}',
  "a lone low surrogate": '{"a":"\\udc00x"}',
  "an unterminated 5 MB string": '{"a":"' + "x".repeat(5_000_000),
  "a NUL byte": new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x00, 0x7d]),
  "an empty request": "",
  "an array at the top level": "[]",
  "a string at the top level": '"request"',
  "trailing text": "{} {}",
};

for (const [label, request] of Object.entries(hostile)) {
  test(`${label} gives an INVALID_JSON envelope from every method, and the module goes on`, () => {
    for (const method of info.methods) {
      const envelope = JSON.parse(core.call(method, request));
      assert.equal(envelope.ok, false, `${method}: ${JSON.stringify(envelope)}`);
      assert.equal(envelope.error.code, "INVALID_JSON", `${method}: ${JSON.stringify(envelope)}`);
      assert.ok(envelope.error.message.length > 0);
    }
    assertStillWorks();
  });
}

test("a request over the size limit gives REQUEST_TOO_LARGE", () => {
  const request = new Uint8Array(info.limits.maxRequestBytes + 1).fill(0x20);
  const envelope = JSON.parse(core.call("tournaments.filter", request));
  assert.equal(envelope.error.code, "REQUEST_TOO_LARGE");
  assertStillWorks();
});

test("every member of every method's example request, replaced by every JSON type, gives an envelope without INTERNAL", () => {
  const values = [null, true, false, 0, -1, 1.5, 1e300, -9223372036854775808n, 18446744073709551616n, "", "x", [], [1], {}, { a: 1 }];
  const text = (value) => (typeof value === "bigint" ? value.toString() : JSON.stringify(value));
  let calls = 0;
  for (const method of info.methods) {
    const schema = JSON.parse(readFileSync(path.join(root, "schemas", `${method}.request.schema.json`), "utf8"));
    const example = schema.examples?.[0];
    if (example === undefined) continue;
    for (const member of Object.keys(example)) {
      for (const value of values) {
        const parts = Object.entries(example).map(([key, original]) => `${JSON.stringify(key)}:${key === member ? text(value) : JSON.stringify(original)}`);
        const envelope = JSON.parse(core.call(method, `{${parts.join(",")}}`));
        assert.equal(typeof envelope.ok, "boolean");
        if (!envelope.ok) {
          assert.notEqual(envelope.error.code, "INTERNAL", `${method}.${member} = ${text(value)}`);
          assert.ok(envelope.error.path === undefined || envelope.error.path.startsWith("$"), JSON.stringify(envelope));
        }
        calls++;
      }
    }
  }
  assert.ok(calls > 500, `${calls} calls`);
  assertStillWorks();
});

test("the season's time-zone sections equal the native library's, zone by zone", (context) => {
  if (!existsSync(cliPath)) {
    context.skip(`no native tool at ${cliPath} (set TOURNAMENTCORE_CLI)`);
    return;
  }
  const season = JSON.parse(readFileSync(path.join(root, "Examples/data/premier-league-2024-25.json"), "utf8"));
  const zones = ["UTC", "Europe/London", "America/New_York", "America/Sao_Paulo", "Asia/Kolkata", "Asia/Tokyo",
    "Australia/Sydney", "Pacific/Chatham", "Pacific/Kiritimati", "America/St_Johns", "Africa/Casablanca"];
  for (const timeZone of zones) {
    const request = JSON.stringify({ matches: season.matches, favorites: [], segment: "all", timeZone });
    const response = core.call("matches.sections", request);
    assert.match(response, /^\{"ok":true/, timeZone);
    const native = execFileSync(cliPath, ["matches.sections", "-"], { input: request, maxBuffer: 64 << 20 }).toString("utf8");
    assert.equal(response, native.replace(/\n$/, ""), timeZone);
  }
});

test("responses and requests are freed: many large calls leave the module's memory as it was", async () => {
  // The module's own instance, caught as load() creates it, to read its memory's size.
  const instantiate = WebAssembly.instantiate;
  let instance;
  WebAssembly.instantiate = async (...args) => {
    const result = await instantiate(...args);
    instance = result instanceof WebAssembly.Instance ? result : result.instance;
    return result;
  };
  let measured;
  try {
    measured = await load(wasmPath);
  } finally {
    WebAssembly.instantiate = instantiate;
  }
  const tournaments = Array.from({ length: 2000 }, (_, index) => ({
    id: `t${index}`, name: `Tournament ${index} — Lyon`, status: index % 3 === 0 ? "completed" : "active", isPublic: true,
  }));
  const request = JSON.stringify({ tournaments, tab: "all" });
  measured.call("tournaments.filter", request);
  const before = instance.exports.memory.buffer.byteLength;
  for (let round = 0; round < 300; round++) measured.call("tournaments.filter", request);
  const after = instance.exports.memory.buffer.byteLength;
  assert.ok(request.length > 100_000);
  assert.ok(after - before <= 1 << 20, `memory grew from ${before} to ${after} bytes over 300 calls`);
});

test("version is the library's, and the package's", () => {
  assert.equal(core.version, info.version);
  const manifest = JSON.parse(readFileSync(path.join(root, "bindings/javascript/package.json"), "utf8"));
  assert.equal(manifest.version, info.version);
});

test("a method name that is not a string, or has a NUL in it, is a TypeError", () => {
  assert.throws(() => core.call(undefined, "{}"), TypeError);
  assert.throws(() => core.call("library.info\0x", "{}"), TypeError);
  assert.throws(() => core.call("library.info", { not: "text" }), TypeError);
  assert.throws(() => core.call("library.info", null), TypeError);
});

test("an unknown method gives UNKNOWN_METHOD", () => {
  const envelope = JSON.parse(core.call("library.nothing", "{}"));
  assert.equal(envelope.error.code, "UNKNOWN_METHOD");
});

test("loading fails clearly: a missing file, bytes that are not WebAssembly, a module that is not the core", async () => {
  await assert.rejects(load(path.join(root, "no-such-file.wasm")), (error) => error.message.includes("no-such-file.wasm"));
  await assert.rejects(load(new TextEncoder().encode("not wasm")), /cannot load the WebAssembly module/);
  const emptyModule = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
  await assert.rejects(load(emptyModule), /not a TournamentCore module \(no memory, malloc, free, tc_version, tc_call_n, tc_string_free export\)/);
  await assert.rejects(load(42), /TypeError|must be a path/);
});

test("the module loads from bytes, a file: URL and a compiled module too", async () => {
  const bytes = readFileSync(wasmPath);
  for (const source of [new Uint8Array(bytes), bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    new URL(`file://${wasmPath}`), await WebAssembly.compile(bytes)]) {
    const other = await load(source);
    assert.equal(other.call("library.info", "{}"), libraryInfoText);
  }
});

test("guest IDs are random (the module's random_get is the host's crypto)", () => {
  const first = JSON.parse(core.call("guests.generateId", "{}")).result;
  const second = JSON.parse(core.call("guests.generateId", "{}")).result;
  assert.notDeepEqual(first, second);
});

test("load() with no source takes the tournamentcore.wasm beside the module, as installed", async () => {
  const folder = mkdtempSync(path.join(tmpdir(), "tournamentcore-"));
  try {
    for (const file of ["tournamentcore.mjs", "methods.mjs"]) copyFileSync(path.join(root, "bindings/javascript", file), path.join(folder, file));
    const installed = await import(path.join(folder, "tournamentcore.mjs"));
    await assert.rejects(installed.load(), /tournamentcore\.wasm/);
    copyFileSync(wasmPath, path.join(folder, "tournamentcore.wasm"));
    const other = await installed.load();
    assert.equal(other.call("library.info", "{}"), libraryInfoText);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test("an exception inside a call leaves the instance unusable, and every later call says so", async () => {
  const original = Object.getOwnPropertyDescriptor(globalThis, "crypto");
  Object.defineProperty(globalThis, "crypto", {
    configurable: true,
    value: { getRandomValues() { throw new Error("no entropy here"); } },
  });
  let failing;
  try {
    failing = await load(wasmPath);
  } finally {
    // (Node 18 has no global crypto to put back.)
    if (original) Object.defineProperty(globalThis, "crypto", original);
    else delete globalThis.crypto;
  }
  assert.throws(() => failing.call("guests.generateId", "{}"), /failed inside a call \(no entropy here\)/);
  assert.throws(() => failing.call("library.info", "{}"), /cannot be used again/);
  assertStillWorks(); // other instances are not affected
});

test("the kept request buffer: a request past 1 MiB, text that needs more than a byte a character, then small calls again", () => {
  const encode = (text) => new TextEncoder().encode(text);
  // Names of 2-byte and 4-byte characters: their UTF-8 is longer than the text's length, so the
  // first room made for the text does not fit and it is encoded again in more.
  const tournaments = Array.from({ length: 8000 }, (_, index) => ({
    id: `t${index}`, name: `Épreuve ${index} — Zoë 🏹 ${"é".repeat(30 + (index % 40))}`, status: "open", public: true,
  }));
  const large = JSON.stringify({ tournaments, tab: "all", limit: 3 });
  assert.ok(encode(large).length > 1 << 20 && encode(large).length > large.length * 1.1);
  const small = JSON.stringify({ tournaments: tournaments.slice(0, 3), tab: "all" });
  for (const request of [small, large, small, large.slice(0, 200), large]) {
    assert.equal(core.call("tournaments.filter", request), core.call("tournaments.filter", encode(request)));
  }
  assertStillWorks();
});

test("a large response is the native tool's bytes, decoded, whether all ASCII or not (Node's ASCII path and TextDecoder)", (context) => {
  if (!existsSync(cliPath)) {
    context.skip(`no native tool at ${cliPath} (set TOURNAMENTCORE_CLI)`);
    return;
  }
  // Responses past the 16 KiB from which Node decodes an all-ASCII response through Buffer:
  // names in ASCII, then one name with a letter past ASCII at the response's end, and one at its
  // start; and one just below the threshold.
  const named = (count, name) => Array.from({ length: count }, (_, index) => ({
    id: `t${index}`, name: name(index), status: "open", public: true,
  }));
  const ascii = named(2000, (index) => `Open ${index}`);
  const requests = [
    { tournaments: ascii, tab: "all" },
    { tournaments: [...ascii, { id: "last", name: "Zoë's cup", status: "open", public: true }], tab: "all" },
    { tournaments: [{ id: "first", name: "Épreuve 🏹", status: "open", public: true }, ...ascii], tab: "all" },
    { tournaments: ascii.slice(0, 100), tab: "all" },
  ];
  const sizes = [];
  for (const request of requests) {
    const text = JSON.stringify(request);
    const response = core.call("tournaments.filter", text);
    const native = execFileSync(cliPath, ["tournaments.filter", "-"], { input: text, maxBuffer: 64 << 20 });
    assert.deepEqual(Buffer.from(response, "utf8"), native.subarray(0, native.length - 1)); // (the tool ends with a newline)
    sizes.push(native.length - 1);
  }
  assert.ok(sizes[0] > 16384 && sizes[3] < 16384, `${sizes}`);
  assertStillWorks();
});
