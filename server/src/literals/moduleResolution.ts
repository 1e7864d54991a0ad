import * as path from "path";
import ts = require("typescript");

/*
 * The extension an import added to a file must carry for the project's module resolution: Node's
 * ES modules (`module`/`moduleResolution` node16 or nodenext) refuse a relative import without one
 * (TS2835), where a bundler or CommonJS takes it bare.
 */

/** `js` or `ts` where the file's tsconfig resolves modules as Node's ES modules do, else undefined (the file's own imports decide). */
export function requiredExtension(fileName: string, configs = new Map<string, "js" | "ts" | undefined>()): "js" | "ts" | undefined {
  const config = ts.findConfigFile(path.dirname(fileName), ts.sys.fileExists);
  if (!config) return undefined;
  if (configs.has(config)) return configs.get(config);
  let extension: "js" | "ts" | undefined;
  const read = ts.readConfigFile(config, ts.sys.readFile);
  if (!read.error) {
    // Read with its `extends`, as tsc reads it.
    const { options } = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(config), undefined, config);
    const resolution =
      options.moduleResolution ??
      (options.module === ts.ModuleKind.Node16 || options.module === ts.ModuleKind.NodeNext ? ts.ModuleResolutionKind.Node16 : undefined);
    if (resolution === ts.ModuleResolutionKind.Node16 || resolution === ts.ModuleResolutionKind.NodeNext)
      extension = options.allowImportingTsExtensions ? "ts" : "js";
  }
  configs.set(config, extension);
  return extension;
}
