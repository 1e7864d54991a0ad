import * as fs from "fs";
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

/** A process's resident memory in MB (Linux). */
export function rssOf(pid: number): number {
  return statusMegabytes(pid, "VmRSS");
}

/** The most resident memory a process has had, in MB (Linux). */
export function peakOf(pid: number): number {
  return statusMegabytes(pid, "VmHWM");
}

function statusMegabytes(pid: number, field: string): number {
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN) / 1024;
}

/** Each run of `run`, awaited one after another, in milliseconds. */
export async function latencies(count: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) samples.push(await elapsedMs(() => run(i)));
  return samples;
}

/** The p-th percentile of samples (nearest rank). */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The middle value (the upper one of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** How long awaiting `run` took, in milliseconds. */
export async function elapsedMs(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}
