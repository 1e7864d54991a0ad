/**
 * Makes this process the language server: loads the server (and with it TypeScript) and starts it
 * on the process's own connection. The server changes no V8 flag: whoever launches the process may
 * add launch flags (docs/editor.md lists the ones worth it and what they do).
 */
export function runServerProcess(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the server, and TypeScript with it, loads when the process becomes the server
  const server = require("./server") as typeof import("./server");
  server.startServer();
}
