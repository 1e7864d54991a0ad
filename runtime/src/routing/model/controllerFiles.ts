/** Where controller modules live (docs/serving.md): shared by the adapters, which import them, and the editor, which reads them. */

/** The extensions a controller module may have, in the order they are looked for. */
export const CONTROLLER_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"] as const;

const EXTENSION = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** The controller a file in the controllers folder is (`admin/posts.ts` → `admin/posts`, `posts/index.js` → `posts`), or undefined. */
export function controllerNameOf(relativePath: string): string | undefined {
  if (!EXTENSION.test(relativePath)) return undefined;
  return relativePath.replace(EXTENSION, "").replace(/(^|\/)index$/, "") || undefined;
}

/**
 * Whether a controller name can only name a module inside its controllers folder: parts between
 * slashes, none empty, `.` or `..`, and nothing a file system reads as a separator, a drive or an
 * end of string (backslash, colon, NUL). Names come from routing files and `:controller` segments.
 */
export function isSafeControllerName(name: string): boolean {
  return !/[\\:\0]/.test(name) && name.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}
