/**
 * How the VS Code extension launches its language server beyond the editor's own environment: the
 * launch flags and environment variables below. Other editors run `resource-routes lsp --stdio` on
 * Node's defaults and may add the same (docs/editor.md). No module here may import `vscode`: the
 * benchmark and the tests launch the bundle with them too.
 */

/**
 * glibc's malloc raises its mmap threshold each time a large block is freed (up to 32 MB), after
 * which large blocks come from the heap and stay resident once freed: the blocks V8 frees after
 * compiling TypeScript (9 MB of source) are then held for the life of the process. A fixed
 * threshold (its default value, set explicitly) gives them back to the system. Other C libraries
 * ignore the variable.
 */
export const SERVER_ENVIRONMENT: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: "131072" };

/**
 * Node flags the server process starts with. `--expose-gc` lets the server collect while the user
 * is idle (lsp/idleCollection.ts) instead of holding an edit session's garbage until V8's next
 * collection; `--max-semi-space-size=2` keeps V8's young generation at 2 MB, where it would grow to
 * 16 MB and more while TypeScript loads and stay resident (both semi-spaces) for the life of the
 * process. Launch flags only: the server never changes V8's flags while it runs.
 */
export const SERVER_EXEC_ARGV: readonly string[] = ["--expose-gc", "--max-semi-space-size=2"];
