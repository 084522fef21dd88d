// Types of tournamentcore.mjs, for TypeScript users (and editors' checking of JavaScript). The
// requests, results and typed functions are generated into types.d.ts.

import type { TournamentCoreMethods } from "./types.js";

export * from "./types.js";

/**
 * An error response of the core, thrown by the typed functions and `invoke`.
 */
export declare class TournamentCoreError extends Error {
  constructor(code: string, message: string, path?: string);
  readonly name: "TournamentCoreError";
  /** The error code, such as "INVALID_REQUEST" (docs/API.md, "Errors"). */
  readonly code: string;
  /** The JSONPath of the request member at fault, such as "$.tournaments[3].status", when there is one. */
  readonly path: string | undefined;
}

/**
 * A loaded TournamentCore module: one typed function per method (TournamentCoreMethods:
 * `core.tournamentsFilter(request)` returns the result or throws TournamentCoreError), `invoke`
 * for a method by name, and `call` for the raw envelope text.
 */
export interface TournamentCore extends TournamentCoreMethods {
  /** The library's version, "MAJOR.MINOR.PATCH" (tc_version). */
  readonly version: string;
  /**
   * Calls `method` with `request` (serialized with JSON.stringify; undefined is `{}`) and returns
   * the response's `result`, parsed with JSON.parse.
   *
   * @throws TournamentCoreError for an error response.
   * @throws TypeError when JSON.stringify cannot serialize the request (a BigInt, a cycle).
   */
  invoke(method: string, request?: unknown): unknown;
  /**
   * Calls `method` (such as "tournaments.filter") with `requestJson` (JSON text, or its UTF-8
   * bytes) and returns the response envelope's text, the same bytes as tc_call's:
   * `{"ok":true,"result":...}` or `{"ok":false,"error":{"code":...,"message":...,"path"?:...}}`.
   *
   * @throws TypeError for a method name that is not a string or contains a NUL character, or a
   *   request that is neither a string nor a Uint8Array.
   * @throws RangeError when the module's memory could not grow for the call: the call had no
   *   effect, and the instance goes on (a later call with memory to spare is answered as ever).
   * @throws Error when the module has trapped otherwise (a bug: then every later call throws
   *   too: load another).
   */
  call(method: string, requestJson: string | Uint8Array): string;
}

/** The response envelope `call` returns, once parsed with JSON.parse. */
export type Envelope<Result = unknown> =
  | { ok: true; result: Result }
  | { ok: false; error: { code: string; message: string; path?: string } };

/**
 * Loads tournamentcore.wasm: from a file path or URL in Node (`file:`, `http:`, `https:`), a URL
 * in a browser, its bytes, a fetch() response, or a compiled module; by default, the
 * tournamentcore.wasm beside tournamentcore.mjs (where `cmake --install` puts both).
 *
 * @throws Error when the module cannot be read, compiled or instantiated, or is not a
 *   TournamentCore module.
 */
export function load(
  source?: string | URL | ArrayBuffer | ArrayBufferView | Response | WebAssembly.Module,
): Promise<TournamentCore>;
