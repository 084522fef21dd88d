// Checks the plain JavaScript peers (methods.mjs) against the library, byte for byte:
// - the benchmark's requests of the three methods (REQUESTS_DIR, default /tmp/reqs, as written by
//   `build/Benchmarks/benchmark --quick --all-requests DIR`), against the native tool's output;
// - every golden request of the three methods (Tests/golden/<method>/), against its golden
//   response (ok responses must be identical, but those in CANNOT_BE_IDENTICAL; for error
//   responses only "ok":false is required).
// Then, with --time, times each peer on the benchmark requests (median µs per call).
//
//   node Benchmarks/plain/check.mjs [--time] [REQUESTS_DIR]     (from the repository's root;
//   TOURNAMENTCORE_CLI: the native tool, default build/tournament-core; ctest runs it)
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { plain } from "./methods.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const timing = args.includes("--time");
const requestsDir = args.find((arg) => !arg.startsWith("--")) ?? "/tmp/reqs";
const tool = process.env.TOURNAMENTCORE_CLI ?? path.join(root, "build/tournament-core");
const methods = Object.keys(plain);

const stripNewline = (text) => text.replace(/\n$/, "");

/** The peer's response, or the exception it threw as text. */
function peer(method, request) {
  try {
    return plain[method](request);
  } catch (error) {
    return `THREW ${error?.stack ?? error}`;
  }
}

/** The first position where two texts differ, with some context of each. */
function difference(expected, actual) {
  let at = 0;
  while (at < expected.length && expected[at] === actual[at]) at++;
  const from = Math.max(0, at - 60);
  return `at ${at}:\n      library: …${expected.slice(from, at + 80)}\n      peer:    …${actual.slice(from, at + 80)}`;
}

let failed = false;

// The benchmark's requests: must be byte-identical to the native tool's responses.
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
    const expected = stripNewline(execFileSync(tool, [method, file], { encoding: "utf8", maxBuffer: 1 << 28 }));
    const actual = peer(method, text);
    const same = actual === expected;
    if (!same) failed = true;
    console.log(`  ${method} (${size}, ${(text.length / 1024).toFixed(1)} KB): ${same ? "identical" : `DIFFERENT ${difference(expected, actual)}`}`);
    benchmarks.push({ method, size, text });
  }
}

// The golden ok responses a page using JSON.parse cannot give byte for byte, and why; every other
// one must be identical.
const CANNOT_BE_IDENTICAL = new Map([
  ["tournaments.filter/unknown-fields-kept-verbatim-in-order",
    "unknown members' numbers and escapes as written (1.50, 1E2, -0, \\u00e9), which JSON.parse does not keep"],
]);

// The golden files.
console.log("\nGolden files (Tests/golden):");
for (const method of methods) {
  const folder = path.join(root, "Tests/golden", method);
  const names = readdirSync(folder).filter((name) => name.endsWith(".request.json")).sort();
  let okSame = 0, okTotal = 0, errorsSame = 0, errorsRejected = 0, errorTotal = 0;
  const notes = [];
  for (const name of names) {
    const base = name.slice(0, -".request.json".length);
    const request = readFileSync(path.join(folder, name), "utf8");
    const expected = stripNewline(readFileSync(path.join(folder, `${base}.response.json`), "utf8"));
    const actual = peer(method, request);
    if (expected.startsWith('{"ok":true')) {
      okTotal++;
      if (actual === expected) okSame++;
      else if (CANNOT_BE_IDENTICAL.has(`${method}/${base}`)) notes.push(`    ok response differs (known: ${CANNOT_BE_IDENTICAL.get(`${method}/${base}`)}): ${base} ${difference(expected, actual)}`);
      else {
        failed = true;
        notes.push(`    ok response DIFFERENT: ${base} ${difference(expected, actual)}`);
      }
    } else {
      errorTotal++;
      if (actual === expected) errorsSame++;
      if (actual.startsWith('{"ok":false')) errorsRejected++;
      else {
        failed = true;
        notes.push(`    error case NOT REJECTED: ${base}: ${actual.slice(0, 200)}`);
      }
      if (actual !== expected && actual.startsWith('{"ok":false')) notes.push(`    error differs (allowed): ${base}\n      library: ${expected}\n      peer:    ${actual}`);
    }
  }
  console.log(`  ${method}: ok responses identical ${okSame}/${okTotal}; error cases rejected ${errorsRejected}/${errorTotal} (identical ${errorsSame}/${errorTotal})`);
  for (const note of notes) console.log(note);
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

console.log(failed ? "\nFAILED: see above" : "\nOK: every benchmark request and golden ok response identical (but the known ones), every golden error case rejected");
process.exitCode = failed ? 1 : 0;
