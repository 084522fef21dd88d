// TournamentCore for JavaScript: the core's WebAssembly module (tournamentcore.wasm, built by
// CMake from the same Swift sources as the C library) in any host with WebAssembly (browsers,
// Node 18+, Deno, Bun). Dependency-free; types in tournamentcore.d.ts and types.d.ts.
//
//   import { load } from "tournamentcore";
//   const core = await load();  // tournamentcore.wasm beside this file, as installed
//   const result = core.guestsCheck(request);  // or throws TournamentCoreError
//
// One typed function per method (methods.mjs, generated from schemas/) over invoke(), which
// writes the request with JSON.stringify and parses the response; call() gives the envelope text
// tc_call gives, byte for byte: `{"ok":true,"result":...}` or
// `{"ok":false,"error":{"code","message","path"?}}`. Requests and responses cross the module's
// memory as UTF-8: a request is encoded straight into a buffer the instance keeps for the next
// call (up to 1 MiB; a larger one is freed when its call ends), and each response is freed once
// decoded.

import { CONTRACT_VERSION, Methods } from "./methods.mjs";

export { CONTRACT_VERSION };

const encoder = new TextEncoder();
/** The largest request buffer kept between calls; a larger one is freed when its call ends. */
const KEPT_BUFFER_BYTES = 1 << 20;
const decoder = new TextDecoder("utf-8");
/** The smallest response that Node decodes through Buffer when it is all ASCII (responseDecoder). */
const NODE_ASCII_BYTES = 16384;

/** The exports a TournamentCore module has (the rest are the per-method tc_* functions). */
const REQUIRED_EXPORTS = ["memory", "malloc", "free", "tc_version", "tc_call_n", "tc_string_free"];

/**
 * Loads the module and returns a core to call.
 *
 * @param {string | URL | ArrayBuffer | ArrayBufferView | Response | WebAssembly.Module} source
 *   The module: a file path or URL in Node (`file:`, `http:`, `https:`), a URL in a browser,
 *   its bytes, a fetch() response, or a compiled module. Default: tournamentcore.wasm in this
 *   file's folder, where `cmake --install` puts both.
 * @returns {Promise<import("./tournamentcore").TournamentCore>}
 * @throws {Error} when the module cannot be read, compiled or instantiated, or is not a
 *   TournamentCore module (the message says which; `cause` holds the underlying error).
 */
export async function load(source = new URL("./tournamentcore.wasm", import.meta.url)) {
  let module;
  try {
    module = await compile(source);
  } catch (error) {
    throw new Error(`TournamentCore: cannot load the WebAssembly module from ${describe(source)}: ${error.message}`, { cause: error });
  }
  const exported = new Set(WebAssembly.Module.exports(module).map((entry) => entry.name));
  const missing = REQUIRED_EXPORTS.filter((name) => !exported.has(name));
  if (missing.length > 0) {
    throw new Error(`TournamentCore: ${describe(source)} is not a TournamentCore module (no ${missing.join(", ")} export)`);
  }
  // (Node 18 has Web Crypto only as node:crypto's webcrypto, not as a global.)
  const crypto = globalThis.crypto ?? (await import("node:crypto")).webcrypto;
  const system = new SystemInterface(crypto);
  let instance;
  try {
    instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: system.imports() });
  } catch (error) {
    throw new Error(`TournamentCore: cannot instantiate the WebAssembly module: ${error.message}`, { cause: error });
  }
  system.memory = instance.exports.memory;
  return new Core(instance.exports, await responseDecoder());
}

/**
 * An error response of the core, thrown by the typed functions: `code` (such as
 * "INVALID_REQUEST"), `message`, and `path`, the JSONPath of the request member at fault when
 * there is one (docs/API.md, "Errors").
 */
export class TournamentCoreError extends Error {
  constructor(code, message, path) {
    super(message);
    this.name = "TournamentCoreError";
    /** The error code, such as "INVALID_REQUEST". */
    this.code = code;
    /** The JSONPath of the request member at fault, such as "$.tournaments[3].status", or undefined. */
    this.path = path;
  }

  toString() {
    return `${this.name}: ${this.code}: ${this.message}${this.path === undefined ? "" : ` (at ${this.path})`}`;
  }
}

/** The core over one instance of the module. */
class Core extends Methods {
  #exports;
  #broken = null;
  #methods = new Set(); // the module's methods (library.info)
  #names = new Map(); // a method's name -> the address of its NUL-terminated UTF-8 (#name)
  #transientName = 0; // any other name, freed when its call ends
  #entered = false; // true while the module runs (a throw then leaves it mid-call)
  #buffer = 0; // the kept request buffer: the response length's 4 bytes, then the request
  #capacity = 0;
  #view = new Uint8Array(0);
  #stackTop; // the module's stack pointer between calls (restored after a failed allocation)
  #decode; // a response's UTF-8 bytes -> its text (responseDecoder)

  constructor(exports, decode) {
    super();
    this.#exports = exports;
    this.#decode = decode;
    this.#stackTop = exports.__stack_pointer?.value;
    /** The library's version, "MAJOR.MINOR.PATCH" (tc_version). */
    this.version = this.#readCString(exports.tc_version() >>> 0);
    this.#methods = new Set(JSON.parse(this.call("library.info", "{}")).result.methods);
    Object.freeze(this);
  }

  /**
   * Calls `method` with `requestJson` and returns the response envelope's text.
   *
   * @param {string} method  A method name, such as "tournaments.filter".
   * @param {string | Uint8Array} requestJson  The request: JSON text, or its UTF-8 bytes.
   * @returns {string} The envelope, the same bytes as tc_call's, decoded from UTF-8.
   * @throws {TypeError} for a method that is not a string or has a NUL character in it (C would
   *   read it only up to the NUL), or a request that is neither a string nor a Uint8Array.
   * @throws {RangeError} when the module's memory could not grow for the call (an allocation
   *   failed: tc_call_n's NULL, or the module's recovery from it). The call had no effect, and
   *   the instance goes on: a later call with memory to spare is answered as ever.
   * @throws {Error} when the module failed inside the call otherwise (a trap, a bug: the
   *   instance is then unusable, and every later call says so; load another).
   */
  call(method, requestJson) {
    let name = this.#names.get(method);
    if (name === undefined) {
      if (typeof method !== "string") throw new TypeError("TournamentCore: the method name must be a string");
      if (method.includes("\0")) throw new TypeError("TournamentCore: a method name cannot contain a NUL character");
    }
    const isText = typeof requestJson === "string";
    if (!isText && !(requestJson instanceof Uint8Array)) {
      throw new TypeError("TournamentCore: the request must be a JSON string or a Uint8Array of its UTF-8 bytes");
    }
    if (this.#broken) throw this.#broken;
    try {
      if (name === undefined) name = this.#name(method);
      let response;
      try {
        response = this.#call(name, requestJson, isText);
      } finally {
        // A buffer grown for a large request is given back rather than kept for the next call
        // (not after a throw from inside the module: the module is then not called again).
        if (this.#capacity > KEPT_BUFFER_BYTES && !this.#entered) this.#release();
      }
      return response;
    } catch (error) {
      // A failed allocation inside the call: the module trapped, as it was built to
      // (embedded/call_scope.c), and tc_wasm_recover freed what the call held; with the stack
      // pointer back where calls start, the instance is whole again.
      if (this.#entered && this.#recovered()) throw outOfMemory();
      // A trap or an exception while the module ran (from an import, or the host's stack): it
      // was left mid-call, its stack and heap in an unknown state, and the instance is unusable
      // from now on. (An error this class throws between calls into the module leaves it whole.)
      if (this.#entered) {
        this.#broken = new Error(`TournamentCore: the WebAssembly module failed inside a call (${error.message}) and cannot be used again; load() a new one`, { cause: error });
        throw this.#broken;
      }
      throw error;
    }
  }

  /**
   * Calls `method` with `request` (an object, serialized with JSON.stringify) and returns the
   * response's `result`, parsed with JSON.parse. Each typed function (`core.guestsCheck(request)`)
   * is this with its method's name.
   *
   * @throws {TournamentCoreError} for an error response.
   * @throws {TypeError} when JSON.stringify cannot serialize `request` (a BigInt, a cycle).
   */
  invoke(method, request) {
    const text = this.call(method, JSON.stringify(request === undefined ? {} : request) ?? "null");
    const envelope = JSON.parse(text);
    if (envelope.ok) return envelope.result;
    const { code, message, path } = envelope.error;
    throw new TournamentCoreError(code, message, path);
  }

  /** After a trap: whether it was a failed allocation the module recovered from (then the
   * call's memory is freed, the stack pointer reset, and the buffers of this call released). */
  #recovered() {
    const { tc_wasm_recover, __stack_pointer } = this.#exports;
    if (typeof tc_wasm_recover !== "function" || __stack_pointer === undefined || this.#stackTop === undefined) return false;
    try {
      if (tc_wasm_recover() !== 1) return false;
    } catch {
      return false;
    }
    __stack_pointer.value = this.#stackTop;
    this.#entered = false;
    if (this.#transientName !== 0) {
      this.#exports.free(this.#transientName);
      this.#transientName = 0;
    }
    if (this.#capacity > KEPT_BUFFER_BYTES) this.#release();
    return true;
  }

  /** The address of `method`'s NUL-terminated UTF-8 in the module's memory: allocated once for
   * the instance's life for a method of the module; any other name (a misspelling, which the
   * module answers with UNKNOWN_METHOD) is allocated and freed by the call that uses it. */
  #name(method) {
    const bytes = encoder.encode(method + "\0");
    this.#entered = true;
    const address = this.#exports.malloc(bytes.length) >>> 0; // (pointers come back as signed i32)
    this.#entered = false;
    if (address === 0) throw outOfMemory();
    this.#bytes().set(bytes, address);
    if (this.#methods.has(method)) this.#names.set(method, address);
    else this.#transientName = address;
    return address;
  }

  /**
   * One call: the request written into the kept buffer after a 4-byte slot for the response's
   * length (text encoded straight into the module's memory), tc_call_n, the response decoded,
   * tc_string_free.
   */
  #call(name, request, isText) {
    const { tc_call_n, tc_string_free } = this.#exports;
    try {
      let length;
      if (isText) {
        // Most text is ASCII: room for its length first, and for three bytes per UTF-16 unit
        // (the most UTF-8 takes) only when it did not fit.
        this.#reserve(4 + request.length + (request.length >>> 3) + 16);
        let written = encoder.encodeInto(request, this.#bytes().subarray(this.#buffer + 4, this.#buffer + this.#capacity));
        if (written.read < request.length) {
          this.#reserve(4 + 3 * request.length);
          written = encoder.encodeInto(request, this.#bytes().subarray(this.#buffer + 4, this.#buffer + this.#capacity));
        }
        length = written.written;
      } else {
        this.#reserve(4 + request.length);
        this.#bytes().set(request, this.#buffer + 4);
        length = request.length;
      }
      this.#entered = true;
      const response = tc_call_n(name, this.#buffer + 4, length, this.#buffer) >>> 0;
      this.#entered = false;
      if (response === 0) throw outOfMemory();
      try {
        // (Views anew: the call may have grown the memory, detaching earlier ones.)
        const bytes = this.#bytes();
        const responseLength = (bytes[this.#buffer] | (bytes[this.#buffer + 1] << 8) | (bytes[this.#buffer + 2] << 16) | (bytes[this.#buffer + 3] << 24)) >>> 0;
        return this.#decode(new Uint8Array(bytes.buffer, response, responseLength));
      } finally {
        this.#entered = true;
        tc_string_free(response);
        this.#entered = false;
      }
    } finally {
      if (this.#transientName !== 0 && !this.#entered) {
        this.#entered = true;
        this.#exports.free(this.#transientName);
        this.#entered = false;
        this.#transientName = 0;
      }
    }
  }

  /** The kept buffer made at least `size` bytes: a power of two from 4 KiB up to the largest
   * buffer kept, the size itself past it (freed after the call: nothing to grow into). */
  #reserve(size) {
    if (size <= this.#capacity) return;
    let capacity = Math.max(4096, this.#capacity);
    while (capacity < size) capacity *= 2;
    if (capacity > KEPT_BUFFER_BYTES) capacity = size;
    this.#release();
    this.#entered = true;
    const address = this.#exports.malloc(capacity) >>> 0;
    this.#entered = false;
    if (address === 0) throw outOfMemory();
    this.#buffer = address;
    this.#capacity = capacity;
  }

  #release() {
    if (this.#buffer !== 0) {
      this.#entered = true;
      this.#exports.free(this.#buffer);
      this.#entered = false;
    }
    this.#buffer = 0;
    this.#capacity = 0;
  }

  /** A view of the module's whole memory, made anew when the memory has grown. */
  #bytes() {
    const buffer = this.#exports.memory.buffer;
    if (this.#view.buffer !== buffer) this.#view = new Uint8Array(buffer);
    return this.#view;
  }

  #readCString(address) {
    const bytes = new Uint8Array(this.#exports.memory.buffer);
    let end = address;
    while (end < bytes.length && bytes[end] !== 0) end++;
    return decoder.decode(bytes.subarray(address, end));
  }
}

/** What a call that ran out of memory throws. */
function outOfMemory() {
  return new RangeError("TournamentCore: out of memory: the module's memory could not grow for this call (the call had no effect; the instance remains usable)");
}

/**
 * The five WASI functions the module imports: the clock (an omitted `now`), random bytes
 * (guest IDs), and the stdio calls through which a fatal error's message would reach standard
 * error (shown with console.error).
 */
class SystemInterface {
  memory = null;
  #crypto;
  #errors = new TextDecoder("utf-8"); // (streaming: a character may be split across writes)
  #pending = "";

  constructor(crypto) {
    this.#crypto = crypto;
  }

  imports() {
    // (Addresses arrive as signed i32: `>>> 0` makes those past 2 GiB positive.)
    return {
      clock_time_get: (clockId, precision, timeAddress) => {
        const nanoseconds = BigInt(Date.now()) * 1_000_000n;
        new DataView(this.memory.buffer).setBigUint64(timeAddress >>> 0, nanoseconds, true);
        return 0;
      },
      random_get: (address, length) => {
        // (getRandomValues fills at most 65,536 bytes at a time.)
        for (let offset = 0; offset < length >>> 0; offset += 65536) {
          this.#crypto.getRandomValues(new Uint8Array(this.memory.buffer, (address >>> 0) + offset, Math.min(65536, (length >>> 0) - offset)));
        }
        return 0;
      },
      fd_write: (fd, vectors, count, writtenAddress) => {
        const view = new DataView(this.memory.buffer);
        let written = 0;
        for (let index = 0; index < count >>> 0; index++) {
          const base = view.getUint32((vectors >>> 0) + 8 * index, true);
          const length = view.getUint32((vectors >>> 0) + 8 * index + 4, true);
          this.#pending += this.#errors.decode(new Uint8Array(this.memory.buffer, base, length), { stream: true });
          written += length;
        }
        const lines = this.#pending.split("\n");
        this.#pending = lines.pop();
        for (const line of lines) console.error(line);
        view.setUint32(writtenAddress >>> 0, written, true);
        return 0;
      },
      fd_close: () => 0,
      fd_seek: () => 70, // ESPIPE: standard error is not seekable
    };
  }
}

/**
 * How responses are decoded: with TextDecoder, except in Node for a response of 16 KiB or more
 * that is all ASCII (most are: only texts taken from the request, such as names, can bring
 * characters past ASCII, which the core writes as UTF-8). There node:buffer's isAscii check
 * (vectorized) and its latin1 decoding make the same string (ASCII is the same bytes in both),
 * and faster than TextDecoder once the text is large: BENCHMARKS.md, "What the work found".
 */
async function responseDecoder() {
  const utf8 = (bytes) => decoder.decode(bytes);
  if (!isNode()) return utf8;
  const { Buffer, isAscii } = await import("node:buffer");
  if (typeof isAscii !== "function") return utf8; // (Node before 18.15)
  return (bytes) => (bytes.length >= NODE_ASCII_BYTES && isAscii(bytes)
    ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("latin1")
    : decoder.decode(bytes));
}

function isNode() {
  return typeof process !== "undefined" && process.versions != null && process.versions.node != null;
}

async function compile(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  if (typeof Response !== "undefined" && source instanceof Response) {
    if (!source.ok) throw new Error(`HTTP ${source.status} ${source.statusText}`);
    // (Compile the bytes rather than stream: a server may not send application/wasm.)
    return WebAssembly.compile(await source.arrayBuffer());
  }
  if (typeof source === "string" || source instanceof URL) {
    const text = String(source);
    if (isNode() && (source instanceof URL ? source.protocol === "file:" : !/^(https?|data|blob):/i.test(text))) {
      const { readFile } = await import("node:fs/promises");
      return WebAssembly.compile(await readFile(source instanceof URL || text.startsWith("file:") ? new URL(text) : text));
    }
    return compile(await fetch(text));
  }
  throw new TypeError("the source must be a path, a URL, bytes, a Response or a WebAssembly.Module");
}

function describe(source) {
  if (typeof source === "string" || source instanceof URL) return String(source);
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return `${source.byteLength} bytes`;
  return Object.prototype.toString.call(source);
}
