import * as vm from "vm";

import { Clock, SYSTEM_CLOCK, Timer } from "./clock";

/** How long the server must have had nothing to do before it collects. */
const IDLE_MS = 2_000;
/**
 * The most full collections one idle moment runs: they go on while the heap holds WORTH_BYTES
 * beyond what lives and the last one gave back STEP_WORTH_BYTES of pages.
 */
const IDLE_COLLECTIONS = 8;
/** Heap pages a collection must have given back for the idle moment to run another. */
const STEP_WORTH_BYTES = 1024 * 1024;
/** Heap pages held beyond what lived after the last collection, below which a collection is not worth its pause. */
const WORTH_BYTES = 8 * 1024 * 1024;
/**
 * How long after the idle collection one more runs, if nothing happened meanwhile: V8 shrinks the
 * young generation a burst of work grew (by default up to 16 MB a semi-space, held resident) only in
 * a collection that finds the allocation rate of its last 5 s low.
 */
const SETTLED_MS = 6_000;

/** What the collection needs of the process: its heap's size and a way to collect it. */
export interface Heap {
  /** Bytes of heap pages V8 holds, and bytes of them in use (live or garbage not yet collected). */
  usage(): { heapTotal: number; heapUsed: number };
  /** A full collection (V8 compacts the pages it finds fragmented), so that emptied pages go back to the system; now, or when the promise settles. */
  collect(): void | Promise<void>;
}

export interface IdleOptions {
  /** The heap to collect: this process's when left out (where its launcher exposed gc); given as undefined, none (only `atIdle` runs). */
  heap?: Heap;
  /** How long nothing must happen first. */
  idleMs?: number;
  /** How long after the idle moment, with nothing happening, the settled collection runs (see SETTLED_MS). */
  settledMs?: number;
  /** Work for the moments nobody waits (drop what is kept only for speed, prepare what the next request needs); runs before the heap is measured. */
  atIdle?: () => void;
  /** The timers it waits with (default SYSTEM_CLOCK). */
  clock?: Clock;
}

/**
 * Idle work once the server has had nothing to do for a while (see IdleOptions.atIdle), then full
 * collections (processHeap): each edit of a large routing file leaves the previous analysis as
 * garbage, and V8 lets the heap grow with it rather than collect while nobody waits. The server never
 * changes V8's flags itself (Node documents changing them after start-up as undefined behaviour).
 */
export class IdleCollection {
  private timer: Timer | undefined;
  private settled: Timer | undefined;
  private liveAfterLast: number;
  private readonly heap: Heap | undefined;
  private readonly idleMs: number;
  private readonly settledMs: number;
  private readonly atIdle: () => void;
  private readonly clock: Clock;

  constructor(options: IdleOptions = {}) {
    this.heap = "heap" in options ? options.heap : processHeap();
    this.idleMs = options.idleMs ?? IDLE_MS;
    this.settledMs = options.settledMs ?? SETTLED_MS;
    this.atIdle = options.atIdle ?? (() => undefined);
    this.clock = options.clock ?? SYSTEM_CLOCK;
    this.liveAfterLast = this.heap?.usage().heapUsed ?? 0;
  }

  /** Something happened: the idle period starts again. */
  touch(): void {
    this.settled?.cancel();
    this.settled = undefined;
    if (this.timer) this.timer.refresh();
    else this.timer = this.clock.after(this.idleMs, () => this.idle());
  }

  /**
   * Does the idle work now, without waiting for the idle period: for the end of a batch of work
   * nobody waits on, whose garbage is the most the server will hold (indexing a workspace leaves its
   * routing files' syntax trees and the expander's temporaries), and after
   * which the first request would otherwise pay for the idle work itself.
   */
  settle(): void {
    this.timer?.cancel();
    this.idle();
  }

  private idle(): void {
    this.timer = undefined;
    this.atIdle();
    const heap = this.heap;
    if (!heap) return;
    if (heap.usage().heapTotal - this.liveAfterLast >= WORTH_BYTES) this.collectInTurns(heap, IDLE_COLLECTIONS);
    if (!this.settled) {
      this.settled = this.clock.after(this.settledMs, () => {
        this.settled = undefined;
        if (!this.timer) void Promise.resolve(heap.collect()).catch(() => undefined);
      });
    }
  }

  /**
   * A collection now, then one per turn of the event loop while the heap still holds pages well
   * beyond what lives, the last collection gave some back, and no new work came (touch), `most` in
   * all: a request that arrives meanwhile is answered between two collections instead of after
   * all of them.
   */
  private collectInTurns(heap: Heap, most: number): void {
    const before = heap.usage().heapTotal;
    const collected = () => {
      const after = heap.usage();
      this.liveAfterLast = after.heapUsed;
      if (most <= 1 || this.timer || after.heapTotal - after.heapUsed < WORTH_BYTES || before - after.heapTotal < STEP_WORTH_BYTES) return;
      this.clock.soon(() => {
        if (!this.timer) this.collectInTurns(heap, most - 1);
      });
    };
    const pending = heap.collect();
    if (pending) pending.then(collected, () => undefined);
    else collected();
  }
}

/**
 * This process's heap, collected with the gc() its launcher exposed (`node --expose-gc`, as the VS
 * Code extension launches the server), else through `vm.measureMemory` with eager execution, the
 * public API that has V8 collect the whole heap before it measures: a plain launch gives an edit
 * session's garbage back when the user pauses too, with no flag set. Undefined where neither is.
 */
export function processHeap(): Heap | undefined {
  const usage = () => process.memoryUsage();
  const gc = (globalThis as { gc?: unknown }).gc;
  if (typeof gc === "function") return { usage, collect: () => (gc as () => void)() };
  const measure = (vm as { measureMemory?: (options: object) => Promise<unknown> }).measureMemory;
  if (typeof measure !== "function") return undefined;
  return { usage, collect: () => quietly(() => measure({ mode: "summary", execution: "eager" })).then(() => undefined) };
}

/**
 * Runs `call` without Node's one-time "experimental feature" warning for it on stderr, which a
 * language server's client would show as if something had gone wrong; other warnings pass.
 */
function quietly<T>(call: () => T): T {
  const emit = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const type = typeof rest[0] === "string" ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    if (type === "ExperimentalWarning" && String(warning).includes("measureMemory")) return;
    (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return call();
  } finally {
    process.emitWarning = emit;
  }
}
