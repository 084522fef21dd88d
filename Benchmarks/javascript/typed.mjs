// What a JavaScript user waits for: the typed functions end to end (an object in, an object out:
// `core.tournamentsFilter(request)`, methods.mjs), beside the raw text call (`core.call`), the
// module alone (tc_call_n of an instance on the request's bytes already in its memory, the
// response freed undecoded), the native library alone (native-timer, in the same rounds) and the
// same rules in plain JavaScript over objects (Benchmarks/plain/methods.mjs `rules`), on the
// benchmark's workloads of issue 70's table; then where the typed call's time goes, and issue 70's
// targets.
//
//   node Benchmarks/javascript/typed.mjs REQUESTS_DIR tournamentcore.wasm native-timer libtournamentcore.so
//        [--rounds N] [--milliseconds MS] [--baseline DIR] [--all] [--only TEXT]
//
// REQUESTS_DIR holds the workloads (`benchmark --quick --all-requests DIR`: METHOD.SIZE.json); each
// is read with JSON.parse into the object a page would hold. --baseline DIR: another copy of the
// binding (a folder holding tournamentcore.mjs and methods.mjs, such as an earlier commit's
// bindings/javascript) timed in the same rounds ("before"). --all: every workload of REQUESTS_DIR,
// not only the table's seven methods (no peer for the others); --only: the workloads whose file
// name contains TEXT.
//
// Each round times every workload's subjects one after the other, each for about --milliseconds;
// the tables give the median round of each subject and the median of the rounds' ratios. Before
// timing, the answers are checked: the typed result is the raw call's (on the text the typed call
// sends), the baseline's and the peer's the same (results, or errors' code, message and path).
//
// Where the typed call's time goes, each part timed alone in the same rounds: stringify
// (JSON.stringify of the request), encode (that text into the module's memory with encodeInto,
// as the binding writes it; "fresh": the text as JSON.stringify leaves it, a rope for a large one
// that V8 flattens before encoding, timed as stringify and encode minus stringify), the module
// alone (the core, in WebAssembly), decode (the response's bytes to a string, as the binding
// decodes them), parse (JSON.parse of the response's envelope into objects) and the rest (typed
// minus those: the binding's own JavaScript, the crossings, and the garbage collection that the
// parts' allocations bring).
// The binding's own cost is the typed call minus the core: against the module alone (the core a
// JavaScript host runs) and against the native library.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { bareInstance } from "./bare.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const TABLE = ["tournaments.filter", "guests.check", "equipment.stats", "equipment.compare", "scoring.leaderboard",
  "matches.sections", "participants.resolve"];

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: "string", default: "7" },
    milliseconds: { type: "string", default: "60" },
    baseline: { type: "string" },
    all: { type: "boolean", default: false },
    only: { type: "string" },
  },
});
const [requestsDir, wasmPath, timerPath, libraryPath] = positionals;
if (!libraryPath) {
  console.error("usage: node Benchmarks/javascript/typed.mjs REQUESTS_DIR tournamentcore.wasm native-timer libtournamentcore.so"
    + " [--rounds N] [--milliseconds MS] [--baseline DIR] [--all] [--only TEXT]");
  process.exit(2);
}
const rounds = Number(options.rounds);
const milliseconds = Number(options.milliseconds);

const { load, TournamentCoreError } = await import(path.join(here, "../../bindings/javascript/tournamentcore.mjs"));
const { rules, RequestError } = await import(path.join(here, "../plain/methods.mjs"));
const core = await load(wasmPath);
let baseline = null;
if (options.baseline) {
  const { load: loadBaseline } = await import(pathToFileURL(path.join(path.resolve(options.baseline), "tournamentcore.mjs")).href);
  baseline = await loadBaseline(wasmPath);
}

/** `participants.displayName` -> `participantsDisplayName`, as the generator names the typed functions. */
function camel(method) {
  const [group, member] = method.split(".");
  return group + member[0].toUpperCase() + member.slice(1);
}

// MARK: - The subjects' parts

/** The module's exports, in an instance of its own with minimal system functions (no stdio). */
const bare = await bareInstance(wasmPath);

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8");
const { Buffer, isAscii } = await import("node:buffer");

/**
 * The response's bytes to its text as the binding decodes them (tournamentcore.mjs,
 * responseDecoder): TextDecoder, but Node's latin1 decoding for an ASCII response of 16 KiB or more.
 */
const decode = (bytes) => (bytes.length >= 16384 && isAscii(bytes)
  ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("latin1")
  : decoder.decode(bytes));

/**
 * The workload's method name and request bytes written into the bare instance's memory once, a
 * buffer for encodeInto to write the request's text into (as the binding's), and one response of
 * the module kept there to decode.
 */
function placed(workload) {
  const bytes = encoder.encode(`${workload.method}\0${workload.sent}`);
  const address = bare.malloc(bytes.length + 4) >>> 0;
  new Uint8Array(bare.memory.buffer).set(bytes, address + 4);
  const name = address + 4;
  const request = name + workload.method.length + 1;
  const length = bytes.length - workload.method.length - 1;
  const scratch = bare.malloc(3 * workload.sent.length + 16) >>> 0;
  const response = bare.tc_call_n(name, request, length, address) >>> 0;
  if (response === 0 || scratch === 0) throw new Error(`${workload.method}: the bare instance is out of memory`);
  const responseLength = new DataView(bare.memory.buffer).getUint32(address, true);
  return { name, request, length, lengthSlot: address, scratch, response, responseLength };
}

/** The module alone: tc_call_n of the bare instance on the placed request, its response freed. */
function alone(workload) {
  const { name, request, length, lengthSlot } = workload.placed;
  const response = bare.tc_call_n(name, request, length, lengthSlot);
  if (response === 0) throw new Error(`${workload.method}: tc_call_n returned NULL`);
  bare.tc_string_free(response);
}

/** `text` (the request's) encoded into the module's memory, as the binding writes it. */
function encode(workload, text = workload.sent) {
  return encoder.encodeInto(text, new Uint8Array(bare.memory.buffer, workload.placed.scratch, 3 * text.length + 16)).written;
}

/** The kept response's bytes decoded. */
function decodeResponse(workload) {
  const { response, responseLength } = workload.placed;
  return decode(new Uint8Array(bare.memory.buffer, response, responseLength));
}

// MARK: - Answers

/**
 * A call's answer, as text: the result's JSON, or the error's code, message and path; generated
 * guest IDs (random) masked.
 */
function answer(call, argument) {
  try {
    return masked(JSON.stringify({ result: call(argument) }));
  } catch (error) {
    if (error instanceof TournamentCoreError || error instanceof RequestError || error?.name === "TournamentCoreError") {
      return JSON.stringify({ error: { code: error.code, message: error.message, path: error.path } });
    }
    throw error;
  }
}

const masked = (text) => text.replace(/guest_[A-Za-z0-9]{16}/g, "guest_################");

// MARK: - The workloads

const sentDir = mkdtempSync(path.join(tmpdir(), "typed-requests-")); // the text the typed call sends, for native-timer
process.on("exit", () => rmSync(sentDir, { recursive: true, force: true }));
const workloads = [];
for (const name of readdirSync(requestsDir).filter((entry) => entry.endsWith(".json")).sort()) {
  const [group, member, ...size] = name.slice(0, -".json".length).split(".");
  const method = `${group}.${member}`;
  if ((!TABLE.includes(method) && !options.all) || (options.only && !name.includes(options.only))) continue;
  const text = readFileSync(path.join(requestsDir, name), "utf8");
  const request = JSON.parse(text);
  const sent = JSON.stringify(request);
  const sentPath = path.join(sentDir, name);
  writeFileSync(sentPath, sent);
  const typed = core[camel(method)].bind(core);
  const workload = {
    method, size: size.join("."), request, sent, sentPath, requestBytes: Buffer.byteLength(sent), times: {},
  };
  workload.placed = placed(workload);
  workload.responseBytes = workload.placed.responseLength;

  // The answers first: the typed result is the raw call's; the baseline's and the peer's too. (A
  // claim participants.repairBegin takes is released after each, so that each starts free.)
  const release = (instance) => {
    if (method === "participants.repairBegin") instance.call("participants.repairEnd", sent);
  };
  const envelope = JSON.parse(core.call(method, sent));
  release(core);
  const expected = masked(JSON.stringify(envelope.ok ? { result: envelope.result }
    : { error: { code: envelope.error.code, message: envelope.error.message, path: envelope.error.path } }));
  const subjects = [
    ["text", () => core.call(method, sent)],
    ["typed", () => typed(request)],
  ];
  const checked = [["typed", typed, core]];
  if (baseline) {
    const before = baseline[camel(method)].bind(baseline);
    subjects.push(["before", () => before(request)]);
    checked.push(["before", before, baseline]);
  }
  const peer = rules[method];
  if (peer) {
    subjects.push(["peer", () => peer(request)]);
    checked.push(["peer", peer, null]);
  }
  for (const [subject, call, instance] of checked) {
    const got = answer(call, request);
    if (instance !== null) release(instance);
    if (got !== expected) {
      console.error(`${method} (${workload.size}): ${subject} answers otherwise than the raw call`);
      process.exit(1);
    }
  }
  subjects.push(
    ["alone", () => alone(workload)],
    ["stringify", () => JSON.stringify(request)],
    ["encode", () => encode(workload)],
    ["stringify+encode", () => encode(workload, JSON.stringify(request))],
    ["decode", () => decodeResponse(workload)],
    ["parse", () => JSON.parse(workload.text)],
  );
  workload.text = decodeResponse(workload);
  if (masked(workload.text) !== masked(core.call(method, sent))) throw new Error(`${method}: the bare instance answers otherwise`);
  release(core);
  workload.subjects = subjects;
  for (const [, call] of subjects) call(); // (once before timing: the JIT's first compilation)
  workloads.push(workload);
}

// MARK: - Timing

const timer = spawn(timerPath, [libraryPath], { stdio: ["pipe", "pipe", "inherit"] });
const answers = createInterface({ input: timer.stdout })[Symbol.asyncIterator]();
/** The native library alone: nanoseconds per call, from native-timer. */
async function native(workload) {
  timer.stdin.write(`${workload.method} ${milliseconds} ${workload.sentPath}\n`);
  const { value } = await answers.next();
  if (value === undefined || value.startsWith("error")) throw new Error(`native-timer: ${value}`);
  return Number(value);
}

/** Nanoseconds per call of `call`, over about `milliseconds` (calls in batches doubled while they are quick). */
function timed(call) {
  let calls = 0;
  let batch = 1;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < milliseconds) {
    for (let repeat = 0; repeat < batch; repeat++) call();
    calls += batch;
    elapsed = performance.now() - start;
    if (batch < 64 && elapsed * 8 < milliseconds) batch *= 2;
  }
  return (elapsed * 1e6) / calls;
}

for (let round = 0; round < rounds; round++) {
  for (const workload of workloads) {
    const { times } = workload;
    (times.native ??= []).push(await native(workload));
    for (const [subject, call] of workload.subjects) (times[subject] ??= []).push(timed(call));
  }
}
timer.stdin.end();

// MARK: - Tables

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const of = (workload, subject) => median(workload.times[subject]);
/** The median of the rounds' values of `combine(top, bottom)`. */
const paired = (workload, top, bottom, combine) => median(workload.times[top].map((value, index) => combine(value, workload.times[bottom][index])));
const ratio = (workload, top, bottom) => paired(workload, top, bottom, (a, b) => a / b);
const minus = (workload, top, bottom) => paired(workload, top, bottom, (a, b) => a - b);
const micro = (nanoseconds) => (nanoseconds / 1000).toLocaleString("en-US", {
  minimumFractionDigits: Math.abs(nanoseconds) < 100_000 ? 1 : 0,
  maximumFractionDigits: Math.abs(nanoseconds) < 100_000 ? 1 : 0,
});
const size = (bytes) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(2)} MB`);
const label = (workload) => `${workload.method} (${workload.size})`;
const row = (cells) => console.log(`| ${cells.join(" | ")} |`);
const header = (columns) => {
  row(columns);
  console.log(`|---|${"---:|".repeat(columns.length - 1)}`);
};

const hasBaseline = baseline !== null;
const hasPeer = workloads.some((workload) => workload.times.peer);
console.log(`JavaScript (Node ${process.versions.node}, V8 ${process.versions.v8}), the typed functions end to end: median of ${rounds} interleaved rounds`);
console.log("");
header(["workload", "request", "response", "native µs", "module alone µs", "text call µs", "typed µs",
  ...(hasBaseline ? ["before µs", "before ÷ typed"] : []), ...(hasPeer ? ["peer µs", "peer ÷ typed"] : [])]);
for (const workload of workloads) {
  const cells = [label(workload), size(workload.requestBytes), size(workload.responseBytes), micro(of(workload, "native")),
    micro(of(workload, "alone")), micro(of(workload, "text")), micro(of(workload, "typed"))];
  if (hasBaseline) cells.push(micro(of(workload, "before")), ratio(workload, "before", "typed").toFixed(2));
  if (hasPeer) {
    cells.push(...(workload.times.peer ? [micro(of(workload, "peer")), `**${ratio(workload, "peer", "typed").toFixed(2)}**`] : ["", ""]));
  }
  row(cells);
}

console.log("");
console.log("Where the typed call's time goes (µs, each part timed alone; rest = typed minus the parts: the binding's own");
console.log("JavaScript, the crossings, and the garbage collection the parts' allocations bring; encode is of the request's");
console.log("text already flat, encode fresh of the text as JSON.stringify leaves it, which V8 first flattens: stringify and");
console.log("encode minus stringify), and the binding's own cost (typed minus the core, in WebAssembly and natively):");
console.log("");
header(["workload", "stringify", "encode", "encode fresh", "module alone", "decode", "parse", "rest", "typed − module", "typed − native"]);
for (const workload of workloads) {
  const parts = ["stringify", "encode", "alone", "decode", "parse"].map((part) => of(workload, part));
  const rest = of(workload, "typed") - parts.reduce((sum, part) => sum + part, 0);
  const fresh = minus(workload, "stringify+encode", "stringify");
  row([label(workload), micro(parts[0]), micro(parts[1]), micro(fresh), ...parts.slice(2).map(micro), micro(rest),
    micro(minus(workload, "typed", "alone")), micro(minus(workload, "typed", "native"))]);
}

if (hasPeer) {
  console.log("");
  console.log("Issue 70's targets: the typed call at least 2x faster than the peer; its own cost (typed − core) at most the");
  console.log("core's time on a large workload, under 5 µs on a small one; the core is the module alone (what a JavaScript");
  console.log("host runs), and the native library for comparison. The last two columns are what bounds both for any binding");
  console.log("that takes and gives objects over JSON text: V8's JSON.stringify of the request and JSON.parse of the response");
  console.log("alone, and the peer against them (below 2, the first target is out of reach whatever the binding does; above");
  console.log("the core, the second):");
  console.log("");
  header(["workload", "peer ÷ typed ≥ 2", "typed − module ≤ module (large) / < 5 µs (small)", "typed − native ≤ native / < 5 µs",
    "stringify + parse µs", "peer ÷ (stringify + parse)"]);
  for (const workload of workloads) {
    if (!workload.times.peer) continue;
    const faster = ratio(workload, "peer", "typed");
    // What bounds both targets for any binding that takes and gives objects over JSON text: V8's
    // JSON.stringify of the request and JSON.parse of the response, measured alone.
    const json = workload.times.stringify.map((time, index) => time + workload.times.parse[index]);
    const bound = median(workload.times.peer.map((time, index) => time / json[index]));
    const large = workload.size === "large";
    const verdict = (core) => {
      const own = minus(workload, "typed", core);
      const limit = large ? of(workload, core) : 5000;
      const met = large ? own <= limit : own < limit;
      return `${met ? "met:" : "not met:"} ${micro(own)} µs against ${micro(limit)} µs`;
    };
    row([label(workload), `${faster >= 2 ? "met:" : "not met:"} ${faster.toFixed(2)}`, verdict("alone"), verdict("native"),
      micro(median(json)), bound.toFixed(2)]);
  }
}
