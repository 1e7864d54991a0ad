/** Timing and size helpers (heap held: test/support/heap.ts): every figure is reported next to a baseline measured in the same process. */
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

export function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}
