import { baseName, commentText, controllerNameOf } from "resource-routes/internal";

import { GENERATED_MARK } from "../files/generatedFile";

/**
 * The text of a static controller map: one import per controller module of the controllers
 * folder, and `controllers` mapping each controller name to its module, so that a bundle, Deno,
 * Bun or a worker gets every controller without a folder to look in. `files` are the modules'
 * paths relative to the folder (`admin/posts.ts`), `folder` the folder's path from the map's own
 * folder (`./controllers`). A TypeScript source is imported with `.js`, as compilers and bundlers
 * resolve it (`importExtension` says otherwise: `ts` for Deno, `none` to leave it off).
 */
export function controllerMapOf(files: readonly string[], folder: string, routingFile: string, importExtension: "js" | "ts" | "none" = "js"): string {
  const byName = new Map<string, string>();
  for (const file of [...files].sort()) {
    const name = controllerNameOf(file);
    // `posts.ts` wins over `posts/index.ts`, as the adapters look them up.
    if (name !== undefined && (!byName.has(name) || /(^|\/)index\.[a-z]+$/.test(byName.get(name)!))) byName.set(name, file);
  }
  const entries = [...byName].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const base = folder.replace(/\/$/, "");
  const specifier = (file: string) => {
    const stem = file.replace(/\.[cm]?[jt]sx?$/, "");
    const extension = /\.[cm]?jsx?$/.test(file)
      ? file.slice(stem.length)
      : importExtension === "none"
        ? ""
        : importExtension === "ts"
          ? file.slice(stem.length)
          : file.slice(stem.length).replace(/t(sx?)$/, "j$1");
    return `${base.startsWith(".") ? base : `./${base}`}/${stem}${extension}`;
  };
  return [
    `${GENERATED_MARK} from ${commentText(baseName(routingFile))}. Do not edit: \`resource-routes controllers\` writes it again.`,
    "// Every controller module of the controllers folder, for runtimes and bundles that have no folder to look in:",
    "//   fetchHandler(routes, controllers)",
    'import type { Controllers } from "resource-routes/http";',
    ...entries.map(([, file], i) => `import * as controller${i} from ${JSON.stringify(specifier(file))};`),
    "",
    "export const controllers: Controllers = {",
    ...entries.map(([name], i) => `  ${JSON.stringify(name)}: controller${i},`),
    "};",
    "",
  ].join("\n");
}
