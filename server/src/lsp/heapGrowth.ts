import { constants, PerformanceObserver } from "perf_hooks";
import * as v8 from "v8";

/**
 * How far V8 lets the heap grow past what survived the last full collection before it collects
 * again, in percent, once the workspace is indexed (holdHeapGrowth). Left to itself V8 grows it up
 * to fourfold while a program allocates fast:
 * measured on 50,000 routes, 400–500 MB resident after a minute of edits for under 100 MB live.
 * While each edit left its document's whole text as garbage (a megabyte on 100,000 routes, freed
 * only by a full collection), 50% was the least that kept completion within its budget (at 20% the
 * extra collections cost it 10–15 ms at p95). Open documents are kept in chunks now (see
 * lsp/openDocument.ts), a full collection comes every few seconds instead of twice a second, and
 * in alternating 60 s runs on 100,000 routes 20% held 187–191 MB at the end of a session against
 * 206–208 MB at 50%, with completion's p95 the same (5.2–6.5 against 4.7–6.5 ms); at 10%, 184–185
 * MB for a p95 of 9.4–10.0 ms. Figures in the README, Benchmarks.
 */
export const HEAP_GROWING_PERCENT = 20;

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
 * Sets the server's young generation for this process, without a launch flag (so every editor's
 * launch gets it): serverProcess.ts sets it before TypeScript loads. The idle collection exposes
 * gc() itself.
 */
export function setServerFlags(): void {
  v8.setFlagsFromString(`--semi-space-growth-factor=${SEMI_SPACE_GROWTH}`);
}

/**
 * From now on, the heap grows by HEAP_GROWING_PERCENT past what lives, and a full collection
 * compacts once the pages hold much more than lives (compactWhenFragmented): called when the
 * workspace's first indexing has ended, before the collection that follows it. While indexing, the
 * heap grows from nothing to what the routes need; held to 20% over what lived, V8 collected the
 * whole heap every few megabytes of that growth, compacting as it went, and on 99,980 routes the
 * cold start to the first diagnostics took 2.0–2.4 s against 1.7–2.1 with V8's own limits until
 * then (alternating runs, README, Benchmarks). Once only: later calls change nothing.
 */
export function holdHeapGrowth(): void {
  if (holding) return;
  holding = true;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  compactWhenFragmented();
}

let holding = false;

/**
 * Pages of the old generation held beyond what is live, past which the next full collection
 * compacts: a share of what lives, and at least a floor (below it a compaction is not worth its
 * pause). V8's own heuristics leave half-empty pages in place: over a 60 s burst of edits on
 * 100,000 routes the old generation grew to 110 MB of pages for 66–75 MB live, and only the idle
 * collection, once the burst ended, gave them back. Compacting once the waste has grown past
 * this, in alternating runs: 141–153 MB at the end of the session against 179–184, completion's
 * p95 within 1 ms, its longest answer 79–90 ms against 43–45 (a compacting collection is slower).
 * Compacting at every full collection held as little but slowed a cold start, whose collections
 * come often while the heap grows from nothing. Figures in the README, Benchmarks.
 */
const FRAGMENTED = { share: 0.1, floorBytes: 8 * 1024 * 1024 };

/** Whether the next full collection should compact, from the old generation's pages and their use after the last. */
export function worthCompacting(oldSpace: { size: number; used: number }): boolean {
  return oldSpace.size - oldSpace.used > Math.max(FRAGMENTED.floorBytes, oldSpace.used * FRAGMENTED.share);
}

/**
 * V8's memory-saving choice of pages for a full collection to compact: the pages at least a fifth
 * empty, emptiest first, up to a few megabytes of objects moved per collection (its heuristics
 * under `--optimize-for-size`), instead of nothing from pages under 70% empty. Compacting every
 * page (`--compact-on-every-full-gc`, which the server used before) moved all that lives at once,
 * and a collection holds the pages it moves objects from and to until it ends: on 99,980 routes
 * resident memory rose from 135 to 205–212 MB for a moment every few seconds of a session of
 * edits; in this mode it stayed under 165 MB (figures in the README, Benchmarks). While set, the
 * flag also steers V8's compilers toward smaller code: latencies measured the same.
 */
function compactFewPages(on: boolean): void {
  v8.setFlagsFromString(on ? "--optimize-for-size" : "--no-optimize-for-size");
}

/** The old generation's pages held much more than lived at the last full collection (worthCompacting). */
let fragmented = false;

/** Runs `collect` (full collections) compacting as compactFewPages does, then leaves the mode as the heap's fragmentation wants it. */
export function compactingFewPages(collect: () => void): void {
  compactFewPages(true);
  try {
    collect();
  } finally {
    compactFewPages(fragmented);
  }
}

/** After each full collection, tells V8 whether the next ones compact fragmented pages (worthCompacting). */
function compactWhenFragmented(): void {
  new PerformanceObserver((list) => {
    const major = list.getEntries().some((entry) => (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
    if (!major) return;
    const old = v8.getHeapSpaceStatistics().find((space) => space.space_name === "old_space");
    const compact = !!old && worthCompacting({ size: old.space_size, used: old.space_used_size });
    if (compact === fragmented) return;
    fragmented = compact;
    compactFewPages(compact);
  }).observe({ entryTypes: ["gc"] });
}
