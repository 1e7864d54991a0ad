/** Folders never scanned for code: dependencies, builds, version control. */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(["node_modules", ".git", "dist", "out", "build", "coverage"]);

/** A TS/JS module written by hand: a script's extension, and not a declaration file. */
export function isCodeFile(path: string): boolean {
  return /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(path) && !/\.d\.[cm]?ts$/.test(path);
}
