import Module from "module";
import * as path from "path";
import * as ts from "typescript";

import { ROOT } from "./fixtures";

interface InternalModule extends Module {
  _compile(code: string, filename: string): void;
}

/**
 * Runs a routing file's text for real, as an application would: transpiled, then loaded as a
 * module from the project root so that `import { draw } from "resource-routes"` is this package.
 * Returns its default export.
 */
export function runRoutingFile<T = unknown>(source: string, name = "routes.ts"): T {
  return runModule<{ default: T }>(source, name).default;
}

/** A TypeScript module's text run as a CommonJS module beside the project's packages: its exports. */
export function runModule<T>(source: string, name = "routes.ts"): T {
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const filename = path.join(ROOT, ".test-routing", name.replace(/\.ts$/, ".js"));
  const mod = new Module(filename) as InternalModule;
  mod.filename = filename;
  mod.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(filename));
  mod._compile(js, filename);
  return mod.exports as T;
}
