import * as v8 from "v8";

/**
 * How far V8 lets the heap grow past what survived the last full collection before it collects
 * again, in percent. Left to itself V8 grows it up to fourfold while a program allocates fast,
 * which an editing session does (each edit of a large routing file leaves megabytes of garbage,
 * some of it large arrays and texts that only a full collection frees): measured on 50,000 routes,
 * 400–500 MB resident after a minute of edits for under 100 MB live. At 50% the same session stays
 * near 230–270 MB, and completion's p95 stays within its budget (at 20% the extra collections cost
 * it 10–15 ms). Figures in the README, Benchmarks.
 */
export const HEAP_GROWING_PERCENT = 50;

/**
 * The young generation keeps the size it has when this is set (serverProcess.ts sets it before
 * TypeScript loads, so the size V8 starts with) instead of doubling as allocation goes on: V8
 * keeps both semi-spaces resident, so a server that parses and expands large files held 33 MB for
 * a young generation that is empty between requests. Measured on 50,000 routes: 20–25 MB less
 * resident memory at every point of a session when set after loading (16 MB held), and 5–28 MB
 * less again when set before it.
 */
export const SEMI_SPACE_GROWTH = 1;

/**
 * Sets the server's V8 flags for this process, without a launch flag (so every editor's launch
 * gets them): the heap's growth and the young generation's (they apply from the next collection
 * on). serverProcess.ts chooses when; the idle collection exposes gc() itself.
 */
export function setServerFlags(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  v8.setFlagsFromString(`--semi-space-growth-factor=${SEMI_SPACE_GROWTH}`);
}
