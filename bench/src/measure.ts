import * as v8 from "v8";
import * as vm from "vm";

/** Timing and heap helpers: every figure is reported next to a baseline measured in the same process. */
export interface Timing {
  /** Median seconds of one run. */
  seconds: number;
}

export function time(run: () => void, { warmup = 2, runs = 7 } = {}): Timing {
  for (let i = 0; i < warmup; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e9);
  }
  samples.sort((a, b) => a - b);
  return { seconds: samples[Math.floor(samples.length / 2)] };
}

export function rate(count: number, timing: Timing): string {
  return `${Math.round(count / timing.seconds).toLocaleString("en-US")}/s`;
}

export function ratio(ours: Timing, baseline: Timing): string {
  return times(ours.seconds, baseline.seconds);
}

/** How many times `baseline` is `ours` (of any quantity: time, bytes). */
export function times(ours: number, baseline: number): string {
  return `${(ours / baseline).toFixed(2)}×`;
}

/**
 * Bytes of heap that what `make` returns holds, after full collections before and after (the
 * median of `runs`).
 */
export function heldBy(make: () => unknown, runs = 3): number {
  const collect = fullCollection();
  const samples: number[] = [];
  const held: unknown[] = [];
  for (let i = 0; i < runs; i++) {
    collect();
    const before = process.memoryUsage().heapUsed;
    held.push(make());
    collect();
    samples.push(process.memoryUsage().heapUsed - before);
    held.pop();
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

function fullCollection(): () => void {
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as () => void;
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}
