// The module's exports in an instance of its own with minimal system functions (no stdio): what
// the benchmarks time as "the module alone" (tc_call_n on a request already in its memory).
import { readFileSync } from "node:fs";

/** The exports of a fresh instance of the module at `wasmPath`. */
export async function bareInstance(wasmPath) {
  let memory;
  const imports = {
    clock_time_get: (id, precision, address) => {
      new DataView(memory.buffer).setBigUint64(address >>> 0, BigInt(Date.now()) * 1_000_000n, true);
      return 0;
    },
    random_get: (address, length) => {
      crypto.getRandomValues(new Uint8Array(memory.buffer, address >>> 0, length >>> 0));
      return 0;
    },
    fd_write: () => 8, // EBADF: nothing is written to standard error here
    fd_close: () => 0,
    fd_seek: () => 70,
  };
  const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), { wasi_snapshot_preview1: imports });
  memory = instance.exports.memory;
  return instance.exports;
}
