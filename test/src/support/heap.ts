import * as assert from "assert";
import { processHeap } from "../../../server/out/lsp/idleCollection";

/** Heap bytes held by what `make` returns, the collector run before and after (string identity and spare room cannot be seen from JavaScript: the heap tells). */
export function heldBy(make: () => unknown): number {
  const heap = processHeap();
  assert.ok(heap, "V8 refused to expose gc()");
  heap.collect();
  const before = heap.usage().heapUsed;
  const kept = make();
  heap.collect();
  const bytes = heap.usage().heapUsed - before;
  assert.ok(kept !== null);
  return bytes;
}
