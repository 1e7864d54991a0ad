import * as path from "path";
import ts = require("typescript");

/*
 * The extension an import added to a file must carry for the project's module resolution: Node's
 * ES modules (`module`/`moduleResolution` node16 or nodenext) refuse a relative import without one
 * (TS2835), where a bundler or CommonJS takes it bare. Read from the tsconfig.json (or
 * jsconfig.json) as written, its `extends` followed, by the CLI from disk and by the editor from
 * the workspace's documents: one rule for both.
 */

type Extension = "js" | "ts" | undefined;

/** What compilerOptions, as written, require of a relative import: `js`, `ts` (allowImportingTsExtensions), or nothing. */
function extensionRequiredBy(options: Record<string, unknown>): Extension {
  const lower = (value: unknown) => (typeof value === "string" ? value.toLowerCase() : undefined);
  const resolution = lower(options.moduleResolution) ?? (["node16", "nodenext"].includes(lower(options.module) ?? "") ? "node16" : undefined);
  if (resolution !== "node16" && resolution !== "nodenext") return undefined;
  return options.allowImportingTsExtensions === true ? "ts" : "js";
}

/** How configs are found: read one by its name, and name the one a relative `extends` gives. */
interface Configs {
  read(config: string): string | undefined;
  resolve(config: string, base: string): string;
}

/** A config's compilerOptions with those of the configs it extends under them (relative `extends` only, a few levels). */
function compilerOptionsOf(config: string, configs: Configs, depth = 0): Record<string, unknown> {
  const text = configs.read(config);
  if (text === undefined || depth > 8) return {};
  const json = (ts.parseConfigFileTextToJson(config, text).config ?? {}) as { extends?: unknown; compilerOptions?: Record<string, unknown> };
  const bases = (Array.isArray(json.extends) ? json.extends : [json.extends]).filter(
    (base): base is string => typeof base === "string" && base.startsWith("."),
  );
  const inherited = bases.map((base) => compilerOptionsOf(configs.resolve(config, base.endsWith(".json") ? base : `${base}.json`), configs, depth + 1));
  return Object.assign({}, ...inherited, json.compilerOptions ?? {});
}

/** For a file on disk (the CLI): the extension its nearest config requires, each config read once per `configs`. */
export function requiredExtension(fileName: string, configs = new Map<string, Extension>()): Extension {
  const config = ts.findConfigFile(path.dirname(fileName), ts.sys.fileExists);
  if (!config) return undefined;
  const onDisk: Configs = { read: ts.sys.readFile, resolve: (from, base) => path.resolve(path.dirname(from), base) };
  if (!configs.has(config)) configs.set(config, extensionRequiredBy(compilerOptionsOf(config, onDisk)));
  return configs.get(config);
}

/** For a file of the editor's workspace, by its URI: the nearest tsconfig.json or jsconfig.json the workspace holds above it, read as `text` gives it. */
export function requiredExtensionIn(uri: string, text: (uri: string) => string | undefined): Extension {
  let folder: URL;
  try {
    folder = new URL(".", uri);
  } catch {
    return undefined;
  }
  for (;;) {
    for (const name of ["tsconfig.json", "jsconfig.json"]) {
      const config = new URL(name, folder).toString();
      if (text(config) !== undefined)
        return extensionRequiredBy(compilerOptionsOf(config, { read: text, resolve: (from, base) => new URL(base, from).toString() }));
    }
    if (folder.pathname === "/") return undefined;
    folder = new URL("..", folder);
  }
}
