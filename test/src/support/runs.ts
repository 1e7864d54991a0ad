/**
 * How many cases a property test runs: its own count, times `FUZZ_RUNS` (a whole number, 1 unless
 * set). `npm test` runs the counts each test names, sized for a run before every commit; CI, or
 * anyone hunting a rare case, raises them all at once (`FUZZ_RUNS=10 npm test`).
 */
export function runs(count: number): number {
  const factor = Number(process.env.FUZZ_RUNS ?? 1);
  return Number.isInteger(factor) && factor > 0 ? count * factor : count;
}
