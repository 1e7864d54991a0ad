import { holdHeapGrowth, setServerFlags } from "./heapGrowth";

/**
 * Makes this process the language server: sets its V8 flags, then loads the server (and with it
 * TypeScript), then starts it; the heap's growth is held once the workspace is indexed
 * (holdHeapGrowth). The order is chosen: set first, the flags hold the young generation
 * near the size V8 starts with (2 MB), where loading TypeScript's 9 MB would have grown it to 16 MB
 * (both semi-spaces stay resident). In alternating 60 s benchmark runs: 5–28 MB less resident memory at
 * every point (21–28 MB at the end of a session on 50,000 routes), for 1–2 ms more at p95 of
 * completion and keystroke-to-diagnostics, far within their goals (README, Benchmarks). An earlier
 * session measured the same trade when those latencies were at their goals, and chose latency.
 */
export function runServerProcess(): void {
  setServerFlags();
  const server = require("./server") as typeof import("./server");
  server.startServer(undefined, undefined, { indexed: holdHeapGrowth });
}
