import * as assert from "assert";
import { processHeap } from "../../../server/out/lsp/idleCollection";

/**
 * Heap bytes held by what `make` returns, the collector run before and after: the median of
 * `runs`, as garbage other tests left may be freed while one is measured. (String identity and
 * spare room in a list cannot be seen from JavaScript: the heap tells.)
 */
export function heldBy(make: () => unknown, runs = 3): number {
  const heap = processHeap();
  assert.ok(heap, "V8 refused to expose gc()");
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    heap.collect();
    const before = heap.usage().heapUsed;
    let kept = make();
    heap.collect();
    samples.push(heap.usage().heapUsed - before);
    assert.ok(kept !== null);
    kept = null;
  }
  return samples.sort((a, b) => a - b)[Math.floor(runs / 2)];
}
