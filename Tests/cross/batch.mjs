// The WebAssembly module's side of the cross-architecture differential (Tests/cross/batch.c's
// twin): each line of REQUESTS is `method<TAB>request`, each line of OUTPUT the envelope the
// module answers, through the JavaScript binding's call().
//
//   node batch.mjs tournamentcore.wasm REQUESTS OUTPUT
import { readFileSync, writeFileSync } from "node:fs";
import { load } from "../../bindings/javascript/tournamentcore.mjs";

const [wasm, requests, output] = process.argv.slice(2);
const core = await load(readFileSync(wasm));
const answers = [];
for (const line of readFileSync(requests, "utf8").split("\n")) {
  if (line === "") continue;
  const tab = line.indexOf("\t");
  answers.push(core.call(line.slice(0, tab), line.slice(tab + 1)));
}
writeFileSync(output, answers.join("\n") + "\n");
console.error(`batch.mjs: ${answers.length} requests answered`);
