import * as v8 from "v8";
import * as vm from "vm";
import { compactingFewPages } from "./heapGrowth";

/** How long the server must have had nothing to do before it collects. */
const IDLE_MS = 2_000;
/**
 * The most full collections one idle moment runs: each compacts a few megabytes of objects
 * (heapGrowth.compactingFewPages), and they go on while the heap holds WORTH_BYTES beyond what
 * lives and the last one gave back STEP_WORTH_BYTES of pages.
 */
const IDLE_COLLECTIONS = 8;
/** Heap pages a collection must have given back for the idle moment to run another. */
const STEP_WORTH_BYTES = 1024 * 1024;
/** Heap pages held beyond what lived after the last collection, below which a collection is not worth its pause. */
const WORTH_BYTES = 8 * 1024 * 1024;

/** What the collection needs of the process: its heap's size and a way to collect it. */
export interface Heap {
  /** Bytes of heap pages V8 holds, and bytes of them in use (live or garbage not yet collected). */
  usage(): { heapTotal: number; heapUsed: number };
  /** A full collection that also compacts, so that emptied pages go back to the system. */
  collect(): void;
}

export interface IdleOptions {
  /** The heap to collect: this process's when left out; given as undefined, none (only `atIdle` runs). */
  heap?: Heap;
  /** How long nothing must happen first. */
  idleMs?: number;
  /** Work for the moments nobody waits (drop what is kept only for speed, prepare what the next request needs); runs before the heap is measured. */
  atIdle?: () => void;
}

/**
 * Full, compacting garbage collections once the server is idle after work, after the caller's own
 * idle work (see IdleOptions.atIdle). Each edit of a large routing file leaves tens of megabytes of
 * garbage (the previous analysis, its routes); V8 lets the heap grow with it rather than collect,
 * and its own full collections leave half-empty pages in place, so a long session held two to three
 * times the memory it uses (measured: 433 MB resident after a minute of edits on 50,000 routes, 43
 * MB of it live). Compacting moves what lives onto fewer pages and returns the rest: on 50,000
 * routes the pause after a session went from 198 to 177 MB resident against a collection that does
 * not compact, for 130 ms instead of 70 ms of work done when nobody waits for an answer (a
 * collection that compacted every page then; this process's heap now runs collections that each
 * compact a few megabytes, as many as give pages back: see collectInTurns, processHeap).
 */
export class IdleCollection {
  private timer: NodeJS.Timeout | undefined;
  private liveAfterLast: number;
  private readonly heap: Heap | undefined;
  private readonly idleMs: number;
  private readonly atIdle: () => void;

  constructor(options: IdleOptions = {}) {
    this.heap = "heap" in options ? options.heap : processHeap();
    this.idleMs = options.idleMs ?? IDLE_MS;
    this.atIdle = options.atIdle ?? (() => undefined);
    this.liveAfterLast = this.heap?.usage().heapUsed ?? 0;
  }

  /** Something happened: the idle period starts again. */
  touch(): void {
    if (this.timer) this.timer.refresh();
    else this.timer = setTimeout(() => this.idle(), this.idleMs).unref();
  }

  /**
   * Does the idle work now, without waiting for the idle period: for the end of a batch of work
   * nobody waits on, whose garbage is the most the server will hold (indexing a workspace leaves its
   * routing files' syntax trees and the expander's temporaries: 30 MB on 100,000 routes), and after
   * which the first request would otherwise pay for the idle work itself.
   */
  settle(): void {
    if (this.timer) clearTimeout(this.timer);
    this.idle();
  }

  private idle(): void {
    this.timer = undefined;
    this.atIdle();
    const heap = this.heap;
    if (!heap || heap.usage().heapTotal - this.liveAfterLast < WORTH_BYTES) return;
    this.collectInTurns(heap, IDLE_COLLECTIONS);
  }

  /**
   * A collection now, then one per turn of the event loop while the heap still holds pages well
   * beyond what lives, the last collection gave some back, and no new work came (touch), `most` in
   * all: a request that arrives meanwhile is answered between two collections instead of after
   * all of them.
   */
  private collectInTurns(heap: Heap, most: number): void {
    const before = heap.usage().heapTotal;
    heap.collect();
    const after = heap.usage();
    this.liveAfterLast = after.heapUsed;
    if (most <= 1 || this.timer || after.heapTotal - after.heapUsed < WORTH_BYTES || before - after.heapTotal < STEP_WORTH_BYTES) return;
    setImmediate(() => {
      if (!this.timer) this.collectInTurns(heap, most - 1);
    }).unref();
  }
}

/**
 * This process's heap, collected with V8's gc(), which Node hides unless started with --expose-gc
 * (the server is often started by an editor, without flags); undefined where V8 refuses.
 */
export function processHeap(): Heap | undefined {
  let gc: unknown;
  try {
    v8.setFlagsFromString("--expose-gc");
    gc = vm.runInNewContext("gc");
  } catch {
    return undefined;
  }
  if (typeof gc !== "function") return undefined;
  return {
    usage: () => process.memoryUsage(),
    // A few megabytes of objects moved per collection (see compactingFewPages), without holding
    // two copies of the heap at once; the idle moment runs as many as give pages back.
    collect: () => compactingFewPages(gc as () => void),
  };
}
