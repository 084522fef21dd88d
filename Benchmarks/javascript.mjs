// The WebAssembly module through the JavaScript binding against the native library, on the same
// requests, interleaved in one run (Benchmarks/run.sh runs it):
//
//   node Benchmarks/javascript.mjs REQUESTS_DIR tournamentcore.wasm native-timer libtournamentcore.so [ROUNDS [OTHER.wasm]]
//
// REQUESTS_DIR holds the benchmark's workloads (`benchmark --all-requests DIR`: METHOD.SIZE.json).
// Each round times, per workload, the native library (native-timer, a C program calling
// tc_call_n on the file's bytes, for about 100 ms) and then the module (core.call(method, text)
// on the same request as a JavaScript string, the way a page holds it, for about 100 ms: the
// text encoded into the module's memory, the response decoded back into a string), and then the
// module alone (tc_call_n of another instance on the request's bytes already in its memory, each
// response freed undecoded: what native-timer does natively); the table gives the median round of
// each and the median of the rounds' ratios. The module alone against native is the speed of the
// compiled code; core.call minus the module alone is what crossing into JavaScript costs (the
// text encoded in, the response made a string). For the seven methods of issue 70's table
// (tournaments.filter, guests.check, equipment.stats, equipment.compare, scoring.leaderboard,
// matches.sections, participants.resolve), the same rounds also time plain JavaScript
// (Benchmarks/plain/methods.mjs: JSON.parse, the rules, JSON.stringify, as a page would write
// them), whose responses are checked byte for byte against the module's first. (The typed
// functions, object in and object out: Benchmarks/javascript/typed.mjs.) With OTHER.wasm (another
// build of the module: -Osize, an earlier commit), that one is timed in each round too, and the
// table gives it and the ratio of the two modules.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bareInstance } from "./javascript/bare.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const { load } = await import(path.join(here, "../bindings/javascript/tournamentcore.mjs"));
const { plain } = await import(path.join(here, "plain/methods.mjs"));

const [requestsDir, wasmPath, timerPath, libraryPath, roundsText, otherPath] = process.argv.slice(2);
if (!libraryPath) {
  console.error("usage: node Benchmarks/javascript.mjs REQUESTS_DIR tournamentcore.wasm native-timer libtournamentcore.so [ROUNDS [OTHER.wasm]]");
  process.exit(2);
}
const rounds = Number(roundsText ?? 7);
const milliseconds = 100;

const core = await load(wasmPath);
const other = otherPath ? await load(otherPath) : null;
const workloads = readdirSync(requestsDir).filter((name) => name.endsWith(".json")).sort().map((name) => {
  const [group, member, ...size] = name.slice(0, -".json".length).split(".");
  const file = path.join(requestsDir, name);
  return { method: `${group}.${member}`, size: size.join("."), file, text: readFileSync(file, "utf8") };
});

const timer = spawn(timerPath, [libraryPath], { stdio: ["pipe", "pipe", "inherit"] });
const answers = createInterface({ input: timer.stdout })[Symbol.asyncIterator]();
async function native(workload) {
  timer.stdin.write(`${workload.method} ${milliseconds} ${workload.file}\n`);
  const { value } = await answers.next();
  if (value === undefined || value.startsWith("error")) throw new Error(`native-timer: ${value}`);
  return Number(value);
}

/** Nanoseconds per call of `call(text)`, over about `milliseconds`. */
function timed(call, text) {
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < milliseconds) {
    for (let repeat = 0; repeat < 16; repeat++) call(text);
    calls += 16;
    elapsed = performance.now() - start;
  }
  return (elapsed * 1e6) / calls;
}

function module(workload, instance = core) {
  return timed((text) => instance.call(workload.method, text), workload.text);
}

/** The module's exports, in an instance of its own with minimal system functions (no stdio). */
const bare = await bareInstance(wasmPath);

/** The workload's method name and request bytes written into the bare instance's memory once. */
function placed(workload) {
  const bytes = new TextEncoder().encode(`${workload.method}\0${workload.text}`);
  const address = bare.malloc(bytes.length + 4) >>> 0;
  new Uint8Array(bare.memory.buffer).set(bytes, address + 4);
  return { name: address + 4, request: address + 4 + workload.method.length + 1, length: bytes.length - workload.method.length - 1, lengthSlot: address };
}

/** Nanoseconds per tc_call_n of the bare instance on the placed request, its response freed. */
function alone(workload) {
  const { name, request, length, lengthSlot } = workload.placed;
  return timed(() => {
    const response = bare.tc_call_n(name, request, length, lengthSlot);
    if (response === 0) throw new Error(`${workload.method}: tc_call_n returned NULL`);
    bare.tc_string_free(response);
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
};

for (const workload of workloads) {
  workload.native = [];
  workload.module = [];
  workload.other = [];
  workload.plain = [];
  workload.alone = [];
  workload.placed = placed(workload);
  module(workload); // (once before timing: the JIT's first compilation of the call path)
  alone(workload);
  if (other) module(workload, other);
  const peer = plain[workload.method];
  if (peer) {
    const expected = core.call(workload.method, workload.text);
    if (peer(workload.text) !== expected) {
      console.error(`plain JavaScript answers ${workload.method} (${workload.size}) differently from the module`);
      process.exit(1);
    }
    workload.peer = peer;
    timed(peer, workload.text);
  }
}
for (let round = 0; round < rounds; round++) {
  for (const workload of workloads) {
    workload.native.push(await native(workload));
    workload.module.push(module(workload));
    workload.alone.push(alone(workload));
    if (other) workload.other.push(module(workload, other));
    if (workload.peer) workload.plain.push(timed(workload.peer, workload.text));
  }
}
timer.stdin.end();

const micro = (nanoseconds) => (nanoseconds / 1000).toLocaleString("en-US", { maximumFractionDigits: nanoseconds < 100_000 ? 2 : 0 });
const size = (bytes) => (bytes < 10_000 ? `${bytes} B` : bytes < 1e6 ? `${Math.round(bytes / 1000)} KB` : `${(bytes / 1e6).toFixed(1)} MB`);
console.log(`JavaScript (Node ${process.versions.node}): the module through core.call against the native library (${rounds} interleaved rounds)`);
console.log("");
if (other) console.log(`(other module: ${path.basename(otherPath)}, ${size(readFileSync(otherPath).length)}; module: ${size(readFileSync(wasmPath).length)})\n`);
console.log("| workload | request | native µs | module µs | module ÷ native | module alone µs | alone ÷ native | crossing µs |" + (other ? " other µs | other ÷ module |" : ""));
console.log("|---|---:|---:|---:|---:|---:|---:|---:|" + (other ? "---:|---:|" : ""));
for (const workload of workloads) {
  const ratios = workload.native.map((native, index) => workload.module[index] / native);
  const aloneRatios = workload.native.map((native, index) => workload.alone[index] / native);
  const crossings = workload.module.map((time, index) => time - workload.alone[index]);
  const versus = workload.other.map((time, index) => time / workload.module[index]);
  console.log(`| ${workload.method} (${workload.size}) | ${size(Buffer.byteLength(workload.text))} | ${micro(median(workload.native))} | ${micro(median(workload.module))} | ${median(ratios).toFixed(2)} |`
    + ` ${micro(median(workload.alone))} | ${median(aloneRatios).toFixed(2)} | ${micro(median(crossings))} |`
    + (other ? ` ${micro(median(workload.other))} | ${median(versus).toFixed(2)} |` : ""));
}

console.log("");
console.log("Plain JavaScript (JSON.parse, the rules, JSON.stringify: Benchmarks/plain/methods.mjs) against the module, the same rounds:");
console.log("");
console.log("| workload | request | module µs | plain JavaScript µs | plain ÷ module |");
console.log("|---|---:|---:|---:|---:|");
for (const workload of workloads.filter((entry) => entry.peer)) {
  const ratios = workload.plain.map((time, index) => time / workload.module[index]);
  console.log(`| ${workload.method} (${workload.size}) | ${size(Buffer.byteLength(workload.text))} | ${micro(median(workload.module))} | ${micro(median(workload.plain))} | ${median(ratios).toFixed(2)} |`);
}
