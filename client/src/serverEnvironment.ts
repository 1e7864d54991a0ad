/**
 * What the language server's process gets in its environment beyond the editor's own.
 *
 * glibc's malloc raises its mmap threshold each time a large block is freed (up to 32 MB), after
 * which large blocks come from the heap and stay resident once freed: the blocks V8 frees after
 * compiling TypeScript (9 MB of source) are then held for the life of the process. A fixed
 * threshold (its default value, set explicitly) gives them back to the system: 12–16 MB less
 * resident memory at every point of the benchmark (README, Benchmarks). Other C libraries ignore
 * the variable. No module here may import `vscode`: the benchmark launches the bundle with it too.
 */
export const SERVER_ENVIRONMENT: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: "131072" };
