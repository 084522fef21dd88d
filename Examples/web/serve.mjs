// Serves the web example: node Examples/web/serve.mjs [--port N] [--wasm PATH] [--lib FOLDER]
// (default port 8080, default module build/tournamentcore.wasm), then open http://localhost:N/.
//   /                     Examples/web/
//   /lib/                 the JavaScript package: bindings/javascript/, or --lib (an installed
//                         node_modules/tournamentcore)
//   /data/                Examples/data/
//   /tournamentcore.wasm  the module CMake built
// Dependency-free (node:http); for the example and its test, not for production.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const types = { ".html": "text/html; charset=utf-8", ".mjs": "text/javascript", ".js": "text/javascript",
  ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm" };

/** Starts the server; resolves to it once it listens (port 0: any free port). */
export function serve({ port = 8080, wasm = path.join(root, "build/tournamentcore.wasm"), lib = path.join(root, "bindings/javascript") } = {}) {
  const mounts = [["/lib/", lib], ["/data/", path.join(root, "Examples/data")],
    ["/", path.join(root, "Examples/web")]];
  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url, "http://localhost");
      let file;
      if (url.pathname === "/tournamentcore.wasm") {
        file = wasm;
      } else {
        const [prefix, folder] = mounts.find(([prefix]) => url.pathname.startsWith(prefix));
        const relative = decodeURIComponent(url.pathname.slice(prefix.length)) || "index.html";
        file = path.join(folder, relative);
        // No "..": only the mounted folders.
        if (!file.startsWith(folder + path.sep)) throw new Error("outside the served folders");
      }
      const body = await readFile(file);
      response.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not found\n");
    }
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const option = (name) => { const index = process.argv.indexOf(name); return index > 0 ? process.argv[index + 1] : undefined; };
  const server = await serve({ port: Number(option("--port") ?? 8080), wasm: option("--wasm") && path.resolve(option("--wasm")),
    lib: option("--lib") && path.resolve(option("--lib")) });
  console.log(`TournamentCore web example: http://localhost:${server.address().port}/`);
}
