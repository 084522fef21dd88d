// Checks the plain JavaScript peers (methods.mjs) against the library, and fails on any difference:
// - the benchmark's requests of the seven methods (REQUESTS_DIR, default /tmp/reqs, as written by
//   `build/Benchmarks/benchmark --quick --all-requests DIR`): the peer's response byte for byte the
//   native tool's, and the rules' result (over objects) the library's;
// - every golden request of the seven methods (Tests/golden/<method>/) as a typed function sends it
//   (JSON.parse, then JSON.stringify: every one that JSON.parse reads as an object and the library
//   does not refuse as INVALID_JSON): the peer's response byte for byte the library's, ok or error
//   (code, message, path), and the rules' result the library's;
// - every golden request as written (numbers, escapes as the file spells them): an ok response
//   byte for byte the golden one (but those in CANNOT_BE_IDENTICAL), an error case refused.
// With --fuzz N, also N variations of each small request (benchmark and golden, under 4 KB): one
// value replaced by another of another type or range, or removed, or set to null; those the peer
// answers otherwise are listed (it need not name the same first problem of a request with several:
// not a failure). With --time, times each peer on the benchmark requests (median µs per call).
//
//   node Benchmarks/plain/check.mjs [--time] [--fuzz N] [REQUESTS_DIR]     (from the repository's
//   root; TOURNAMENTCORE_CLI: the native tool, default build/tournament-core; ctest runs it)
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { plain, rules, RequestError } from "./methods.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const timing = args.includes("--time");
const fuzzAt = args.indexOf("--fuzz");
const fuzzing = fuzzAt < 0 ? 0 : Number(args.splice(fuzzAt, 2)[1]);
const requestsDir = args.find((arg) => !arg.startsWith("--")) ?? "/tmp/reqs";
const tool = process.env.TOURNAMENTCORE_CLI ?? path.join(root, "build/tournament-core");
const methods = Object.keys(plain);

const stripNewline = (text) => text.replace(/\n$/, "");

/** The native tool's response to `text` (standard input), without its newline. */
function library(method, text) {
  const run = spawnSync(tool, [method, "-"], { input: text, encoding: "utf8", maxBuffer: 1 << 28 });
  if (run.error) throw run.error;
  if (run.status !== 0 && run.status !== 1) throw new Error(`${tool} ${method}: exit status ${run.status}: ${run.stderr}`);
  return stripNewline(run.stdout);
}

/** The peer's response, or the exception it threw as text. */
function peer(method, request) {
  try {
    return plain[method](request);
  } catch (error) {
    return `THREW ${error?.stack ?? error}`;
  }
}

/** The rules' answer to the request object, as text: the result's JSON, or the error's code, message and path. */
function rulesAnswer(method, request) {
  try {
    return JSON.stringify({ result: rules[method](request) });
  } catch (error) {
    if (error instanceof RequestError) return JSON.stringify({ error: { code: error.code, message: error.message, path: error.path } });
    return `THREW ${error?.stack ?? error}`;
  }
}

/** The library's envelope as rulesAnswer writes an answer. */
function libraryAnswer(envelope) {
  const parsed = JSON.parse(envelope);
  if (parsed.ok) return JSON.stringify({ result: parsed.result });
  const { code, message, path: at } = parsed.error;
  return JSON.stringify({ error: { code, message, path: at } });
}

/** The first position where two texts differ, with some context of each. */
function difference(expected, actual) {
  let at = 0;
  while (at < expected.length && expected[at] === actual[at]) at++;
  const from = Math.max(0, at - 60);
  return `at ${at}:\n      library: …${expected.slice(from, at + 80)}\n      peer:    …${actual.slice(from, at + 80)}`;
}

let failed = false;

// The benchmark's requests: byte-identical to the native tool's responses.
console.log(`Benchmark requests (${requestsDir}), compared with ${path.relative(root, tool)}:`);
const benchmarks = [];
for (const method of methods) {
  for (const size of ["small", "large"]) {
    const file = path.join(requestsDir, `${method}.${size}.json`);
    if (!existsSync(file)) {
      console.log(`  ${method} (${size}): MISSING ${file}`);
      failed = true;
      continue;
    }
    const text = readFileSync(file, "utf8");
    const expected = library(method, text);
    const actual = peer(method, text);
    const sameText = actual === expected;
    const sameObjects = rulesAnswer(method, JSON.parse(text)) === libraryAnswer(expected);
    if (!sameText || !sameObjects) failed = true;
    console.log(`  ${method} (${size}, ${(text.length / 1024).toFixed(1)} KB, ${expected.startsWith('{"ok":true') ? "ok" : "error"}): `
      + `${sameText ? "identical" : `DIFFERENT ${difference(expected, actual)}`}${sameObjects ? "" : "; the rules' result DIFFERENT"}`);
    benchmarks.push({ method, size, text });
  }
}

// The golden ok responses a page using JSON.parse cannot give byte for byte from the request as
// written, and why; every other one must be identical.
const CANNOT_BE_IDENTICAL = new Map([
  ["tournaments.filter/unknown-fields-kept-verbatim-in-order",
    "unknown members' numbers and escapes as written (1.50, 1E2, -0, \\u00e9), which JSON.parse does not keep"],
  ["equipment.compare/int64-extreme-counts",
    "counts of 2^63 - 1, which JSON.parse reads as 2^63 (the nearest double), beyond the counts' range"],
  ["scoring.leaderboard/int64-extremes",
    "totals of 2^63 - 1, which JSON.parse reads as 2^63 (the nearest double), beyond the totals' range"],
]);

console.log("\nGolden files (Tests/golden): as a typed function sends them (JSON.stringify), against the library; as written, against the golden response:");
for (const method of methods) {
  const folder = path.join(root, "Tests/golden", method);
  const names = readdirSync(folder).filter((name) => name.endsWith(".request.json")).sort();
  let usable = 0, sentSame = 0, okSame = 0, okTotal = 0, errorsRejected = 0, errorTotal = 0;
  const notes = [];
  for (const name of names) {
    const base = name.slice(0, -".request.json".length);
    const written = readFileSync(path.join(folder, name), "utf8");

    // As a typed function sends it: the peer's answer and the library's, the same bytes.
    let request;
    try {
      request = JSON.parse(written);
    } catch {
      request = undefined; // not JSON: no typed function can send it
    }
    if (typeof request === "object" && request !== null && !Array.isArray(request)) {
      const sent = JSON.stringify(request);
      const expected = library(method, sent);
      if (!expected.startsWith('{"ok":false,"error":{"code":"INVALID_JSON"')) {
        usable++;
        const actual = peer(method, sent);
        const objects = rulesAnswer(method, JSON.parse(sent)) === libraryAnswer(expected);
        if (actual === expected && objects) sentSame++;
        else {
          failed = true;
          notes.push(actual === expected
            ? `    as sent, the rules' result DIFFERENT: ${base}`
            : `    as sent, DIFFERENT: ${base} ${difference(expected, actual)}`);
        }
      }
    }

    // As written: an ok response identical to the golden one, an error case refused.
    const golden = stripNewline(readFileSync(path.join(folder, `${base}.response.json`), "utf8"));
    const actual = peer(method, written);
    if (golden.startsWith('{"ok":true')) {
      okTotal++;
      if (actual === golden) okSame++;
      else if (CANNOT_BE_IDENTICAL.has(`${method}/${base}`)) notes.push(`    as written, ok response differs (known: ${CANNOT_BE_IDENTICAL.get(`${method}/${base}`)}): ${base}`);
      else {
        failed = true;
        notes.push(`    as written, ok response DIFFERENT: ${base} ${difference(golden, actual)}`);
      }
    } else {
      errorTotal++;
      if (actual.startsWith('{"ok":false')) errorsRejected++;
      else {
        failed = true;
        notes.push(`    as written, error case NOT REFUSED: ${base}: ${actual.slice(0, 200)}`);
      }
    }
  }
  console.log(`  ${method}: as sent, ${sentSame}/${usable} answered as the library (of ${names.length}); as written, ok responses identical ${okSame}/${okTotal}, error cases refused ${errorsRejected}/${errorTotal}`);
  for (const note of notes) console.log(note);
}

// Variations of the small requests, answered by both (the library through the native tool).
const REPLACEMENTS = [null, true, "", " ", "x", "Archer 2", -1, 0, 1, 10, 11, 8.5, 2.0, 1e300, 2147483648, 9223372036854775808,
  [], {}, [1], { a: 1 }, "IN_PROGRESS", "guest_0123456789abcdef", "a/b", "..", "__x__", "2024-02-30T00:00:00Z",
  "2024-08-16T23:30:00+01:00", "HOME_TEAM", "DRAW", "skip", "all", "completed", "allTime", "Europe/Paris"];

/** Every [container, key] of a request's values. */
function places(value, found = []) {
  if (Array.isArray(value)) value.forEach((element, index) => { found.push([value, index]); places(element, found); });
  else if (typeof value === "object" && value !== null) for (const key of Object.keys(value)) { found.push([value, key]); places(value[key], found); }
  return found;
}

/** A generator of numbers in [0, 1), the same sequence in every run (mulberry32). */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `text` with the timestamps taken from the clock masked (a variation without `now`: the library's
 * clock and the peer's read a millisecond apart): those within a minute of a whole number of days
 * before now.
 */
function clockMasked(text) {
  const now = Date.now();
  return text.replace(/\b1[0-9]{12}\b/g, (digits) => {
    const days = (now - Number(digits)) / 86_400_000;
    return Math.abs(days - Math.round(days)) * 86_400_000 < 60_000 ? "CLOCK" : digits;
  });
}

if (fuzzing > 0) {
  console.log(`\nVariations (${fuzzing} of each small request):`);
  const next = random(70);
  for (const method of methods) {
    const folder = path.join(root, "Tests/golden", method);
    const sources = readdirSync(folder).filter((name) => name.endsWith(".request.json")).sort().map((name) => path.join(folder, name));
    sources.push(path.join(requestsDir, `${method}.small.json`));
    const differing = [];
    let tried = 0;
    for (const source of sources) {
      if (!existsSync(source)) continue;
      const written = readFileSync(source, "utf8");
      let request;
      try {
        request = JSON.parse(written);
      } catch {
        continue;
      }
      if (typeof request !== "object" || request === null || Array.isArray(request) || written.length >= 4096) continue;
      for (let count = 0; count < fuzzing; count++) {
        const variant = JSON.parse(JSON.stringify(request));
        const spots = places(variant);
        if (spots.length === 0) break;
        const [container, key] = spots[Math.floor(next() * spots.length)];
        if (!Array.isArray(container) && next() < 0.2) delete container[key];
        else container[key] = structuredClone(REPLACEMENTS[Math.floor(next() * REPLACEMENTS.length)]);
        const sent = JSON.stringify(variant);
        tried++;
        const expected = library(method, sent);
        const actual = peer(method, sent);
        if (clockMasked(actual) !== clockMasked(expected) && !expected.startsWith('{"ok":false,"error":{"code":"INVALID_JSON"')) {
          differing.push({ sent, expected, actual });
        }
      }
    }
    console.log(`  ${method}: ${tried} variations, ${differing.length} answered otherwise`);
    for (const { sent, expected, actual } of differing.slice(0, 8)) {
      console.log(`    ${sent.slice(0, 300)}\n      library: ${expected.slice(0, 300)}\n      peer:    ${actual.slice(0, 300)}`);
    }
  }
}

// Timing: median µs per call over rounds of ~100 ms, about 1 s per request.
if (timing) {
  console.log(`\nTiming (Node ${process.versions.node}): median µs per call of 10 rounds of ~100 ms`);
  for (const { method, size, text } of benchmarks) {
    const fn = plain[method];
    for (let i = 0; i < 20; i++) fn(text); // warm up
    const rounds = [];
    for (let round = 0; round < 10; round++) {
      let calls = 0;
      const start = process.hrtime.bigint();
      let elapsed = 0n;
      do {
        fn(text);
        calls++;
        elapsed = process.hrtime.bigint() - start;
      } while (elapsed < 100_000_000n);
      rounds.push(Number(elapsed) / 1000 / calls);
    }
    rounds.sort((a, b) => a - b);
    const median = (rounds[4] + rounds[5]) / 2;
    console.log(`  ${method} (${size}): ${median < 100 ? median.toFixed(2) : median.toFixed(0)} µs`);
  }
}

console.log(failed
  ? "\nFAILED: see above"
  : "\nOK: every benchmark request and every golden request as sent answered as the library; every golden ok response as written identical (but the known ones), every error case refused");
process.exitCode = failed ? 1 : 0;
