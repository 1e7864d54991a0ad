import * as assert from "assert";

/**
 * Heap bytes held by what `make` returns, the collector run before and after: the median of
 * `runs`, as garbage other tests left may be freed while one is measured. (String identity and
 * spare room in a list cannot be seen from JavaScript: the heap tells.)
 */
export function heldBy(make: () => unknown, runs = 3): number {
  // A collection that has finished when it returns: the launch flag's gc(), not an asynchronous one.
  const gc = (globalThis as { gc?: () => void }).gc;
  assert.ok(typeof gc === "function", "heldBy needs node --expose-gc");
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    gc();
    const before = process.memoryUsage().heapUsed;
    let kept = make();
    gc();
    samples.push(process.memoryUsage().heapUsed - before);
    assert.ok(kept !== null);
    kept = null;
  }
  return samples.sort((a, b) => a - b)[Math.floor(runs / 2)];
}
