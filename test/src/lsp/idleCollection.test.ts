import * as assert from "assert";
import * as cp from "child_process";
import * as path from "path";

import { Heap, IdleCollection, processHeap } from "../../../server/out/lsp/idleCollection";
import { ROOT } from "../support/fixtures";
import { ManualClock } from "../support/manualClock";

const IDLE_MODULE = path.join(ROOT, "server", "out", "lsp", "idleCollection.js");

const MB = 1024 * 1024;
const IDLE_MS = 20;
/**
 * A heap whose sizes the test sets, counting collections; a collection leaves `live` bytes, and
 * pages a megabyte beyond them once `compactingFor` collections have run (8 MB more for each
 * collection still to run: each gives back 8 MB).
 */
function fakeHeap(heapTotal: number, heapUsed: number, live: number, compactingFor = 0) {
  const heap = {
    heapTotal,
    heapUsed,
    collections: 0,
    usage: () => ({ heapTotal: heap.heapTotal, heapUsed: heap.heapUsed }),
    collect: () => {
      heap.collections++;
      heap.heapUsed = live;
      heap.heapTotal = live + MB + 8 * MB * Math.max(0, compactingFor - heap.collections);
    },
  };
  return heap satisfies Heap;
}

describe("idle collection", () => {
  let clock: ManualClock;
  beforeEach(() => (clock = new ManualClock()));

  it("collects once more when nothing has happened for a while after the idle moment (V8 then shrinks its young generation); new work cancels it", () => {
    const heap = fakeHeap(100 * MB, 60 * MB, 40 * MB);
    const idle = new IdleCollection({ heap, idleMs: IDLE_MS, settledMs: IDLE_MS * 5, clock });
    idle.touch();
    clock.advance(IDLE_MS - 1);
    assert.strictEqual(heap.collections, 0, "not before the idle period has passed");
    clock.advance(1);
    assert.strictEqual(heap.collections, 1, "the idle collection");
    clock.advance(IDLE_MS * 5);
    assert.strictEqual(heap.collections, 2, "the settled collection, with little beyond what lives");
    idle.touch();
    clock.advance(IDLE_MS * 3);
    idle.touch(); // work again after the idle moment, before the settled collection
    clock.advance(IDLE_MS * 3);
    idle.touch();
    clock.advance(IDLE_MS * 3);
    assert.strictEqual(heap.collections, 2, "no collection while work goes on, the heap holding little beyond what lives");
    clock.advance(IDLE_MS * 5);
    assert.strictEqual(heap.collections, 3, "the settled collection once work stops");
    clock.advance(IDLE_MS * 100);
    assert.strictEqual(heap.collections, 3, "and no other");
  });

  it("collects once after work, when the heap holds pages well beyond what lived after the last collection", () => {
    const heap = fakeHeap(40 * MB, 30 * MB, 30 * MB);
    const idle = new IdleCollection({ heap, idleMs: IDLE_MS, settledMs: IDLE_MS * 1000, clock });
    heap.heapTotal = 80 * MB;
    heap.heapUsed = 70 * MB;
    idle.touch();
    clock.advance(IDLE_MS);
    assert.strictEqual(heap.collections, 1);
    // Nothing happened since: no further collection until the settled one.
    clock.advance(IDLE_MS * 8);
    assert.strictEqual(heap.collections, 1);
  });

  it("waits while work goes on: each touch starts the idle period again", () => {
    const heap = fakeHeap(80 * MB, 70 * MB, 30 * MB);
    const idle = new IdleCollection({ heap, idleMs: IDLE_MS * 25, clock });
    heap.heapTotal = 200 * MB;
    for (let i = 0; i < 100; i++) {
      idle.touch();
      clock.advance(IDLE_MS);
    }
    assert.strictEqual(heap.collections, 0);
    clock.advance(IDLE_MS * 24);
    assert.strictEqual(heap.collections, 1);
  });

  it("leaves a heap that holds little beyond what lived after the last collection", () => {
    const heap = fakeHeap(40 * MB, 30 * MB, 30 * MB);
    const idle = new IdleCollection({ heap, idleMs: IDLE_MS, settledMs: IDLE_MS * 1000, clock });
    heap.heapTotal = 34 * MB;
    idle.touch();
    clock.advance(IDLE_MS * 4);
    assert.strictEqual(heap.collections, 0);
  });

  it("measures against what lived after its own last collection", () => {
    const heap = fakeHeap(40 * MB, 30 * MB, 10 * MB);
    const idle = new IdleCollection({ heap, idleMs: IDLE_MS, clock });
    heap.heapTotal = 60 * MB;
    idle.touch();
    clock.advance(IDLE_MS);
    assert.strictEqual(heap.collections, 1);
    // 10 MB lived; 16 MB of pages now is 6 MB beyond, not worth a pause.
    heap.heapTotal = 16 * MB;
    idle.touch();
    clock.advance(IDLE_MS);
    assert.strictEqual(heap.collections, 1);
    heap.heapTotal = 24 * MB;
    idle.touch();
    clock.advance(IDLE_MS);
    assert.strictEqual(heap.collections, 2);
  });

  it("does the idle work at each idle moment, before it measures the heap, and with no heap to collect", () => {
    const heap = fakeHeap(40 * MB, 30 * MB, 30 * MB);
    const seen: number[] = [];
    // The idle work frees 20 MB of pages: the collection that follows counts them.
    const idle = new IdleCollection({ heap, idleMs: IDLE_MS, clock, atIdle: () => seen.push((heap.heapTotal += 20 * MB)) });
    idle.touch();
    clock.advance(IDLE_MS);
    assert.strictEqual(heap.collections, 1);
    assert.deepStrictEqual(seen, [60 * MB]);
    const alone: string[] = [];
    const without = new IdleCollection({ heap: undefined, idleMs: IDLE_MS, clock, atIdle: () => alone.push("idle work") });
    without.touch();
    clock.advance(IDLE_MS);
    assert.deepStrictEqual(alone, ["idle work"]);
  });

  it("settles at once after a batch of work: the idle work and the collection now, and the idle period it replaces does not run them again", () => {
    const heap = fakeHeap(40 * MB, 30 * MB, 30 * MB);
    const seen: string[] = [];
    const idle = new IdleCollection({ heap, idleMs: IDLE_MS, settledMs: IDLE_MS * 1000, clock, atIdle: () => seen.push("idle work") });
    heap.heapTotal = 80 * MB;
    idle.touch();
    idle.settle();
    assert.deepStrictEqual([seen.length, heap.collections], [1, 1]);
    clock.advance(IDLE_MS * 8);
    assert.deepStrictEqual([seen.length, heap.collections], [1, 1]);
    // Settling a heap that holds little beyond what lived does the idle work but does not collect.
    heap.heapTotal = 32 * MB;
    idle.settle();
    assert.deepStrictEqual([seen.length, heap.collections], [2, 1]);
  });

  it("collects again, one collection per turn of the event loop, while the heap holds 8 MB beyond what lives and the last gave pages back, eight at most", () => {
    // After the first collection 17 MB beyond what lives, after the second 9, after the third 1.
    const heap = fakeHeap(40 * MB, 30 * MB, 30 * MB, 3);
    const idle = new IdleCollection({ heap, idleMs: IDLE_MS, clock });
    heap.heapTotal = 80 * MB;
    idle.settle();
    assert.strictEqual(heap.collections, 1, "one now, the others in later turns");
    assert.strictEqual(clock.turns(), 2, "one turn each");
    assert.strictEqual(heap.collections, 3, "none once the heap holds little beyond what lives");
    const always = fakeHeap(40 * MB, 30 * MB, 30 * MB, 10);
    always.heapTotal = 200 * MB;
    new IdleCollection({ heap: always, idleMs: IDLE_MS, clock }).settle();
    clock.turns();
    assert.strictEqual(always.collections, 8);
  });

  it("does not collect again when a collection gave no pages back, however much the heap holds beyond what lives", () => {
    const heap = fakeHeap(40 * MB, 30 * MB, 30 * MB);
    heap.collect = () => {
      heap.collections++;
      heap.heapUsed = 30 * MB;
      heap.heapTotal = 60 * MB;
    };
    const idle = new IdleCollection({ heap, idleMs: IDLE_MS, clock });
    heap.heapTotal = 80 * MB;
    idle.settle();
    clock.turns();
    // The first gave back 20 MB; the second none.
    assert.strictEqual(heap.collections, 2);
  });

  it("stops collecting in turns when new work comes, and collects again at the next idle moment", () => {
    const heap = fakeHeap(40 * MB, 30 * MB, 30 * MB, 10);
    const idle = new IdleCollection({ heap, idleMs: IDLE_MS * 5, clock });
    heap.heapTotal = 200 * MB;
    idle.settle();
    idle.touch();
    clock.turns();
    assert.strictEqual(heap.collections, 1, "the work that came stopped the collections");
    heap.heapTotal = 200 * MB;
    clock.advance(IDLE_MS * 5);
    assert.strictEqual(heap.collections, 9, "the next idle moment's collections");
  });

  it("collects this process's heap with the gc() its launcher exposed (the test runner starts with --expose-gc)", () => {
    const heap = processHeap();
    assert.ok(heap, "no gc(): the test runner was started without --expose-gc");
    let garbage: number[][] | undefined = Array.from({ length: 200 }, () => Array.from({ length: 20_000 }, (_, i) => i + 0.5));
    const before = heap.usage().heapUsed;
    assert.ok(garbage.length === 200 && before > 20 * MB);
    garbage = undefined;
    heap.collect();
    assert.ok(heap.usage().heapUsed < before - 20 * MB, `${heap.usage().heapUsed} after, ${before} before`);
  });

  it("in a process launched without --expose-gc, collects through vm.measureMemory, quietly, and never exposes gc() itself", () => {
    const script = `
      const idle = require(${JSON.stringify(IDLE_MODULE)});
      let garbage = Array.from({ length: 200 }, () => Array.from({ length: 20000 }, (_, i) => i + 0.5));
      const heap = idle.processHeap();
      const before = heap.usage().heapUsed;
      garbage = undefined;
      Promise.resolve(heap.collect()).then(() => process.stdout.write(JSON.stringify({ gc: typeof globalThis.gc, freed: before - heap.usage().heapUsed })));
    `;
    const run = cp.spawnSync(process.execPath, ["-e", script], { encoding: "utf8", timeout: 30_000 });
    const result = JSON.parse(run.stdout) as { gc: string; freed: number };
    assert.strictEqual(result.gc, "undefined");
    assert.ok(result.freed > 20 * MB, `${result.freed} bytes freed`);
    assert.strictEqual(run.stderr, "", "no experimental-feature warning on stderr");
  });
});
