import * as fs from "fs";
import * as path from "path";

import { filesBelow } from "../files/filesBelow";
import { GENERATED_MARK } from "../files/generatedFile";
import { declarationSyntaxError, moduleSyntaxErrors } from "../files/moduleSyntax";
import { clientFilesOf, clientModuleOf } from "./browserClient";
import { type HelpersModule } from "./browserHelpers";
import { controllerModuleFile, helpersDeclarationFileOf } from "./helpersRecipe";

/** One file of a helpers module's set: where it goes, its text, whether it is a declaration file or a module, and whose (a controller's, with `--split`). */
export interface HelpersFile {
  file: string;
  text: string;
  declarations: boolean;
  controller?: string;
}

/**
 * Every file a helpers module is written as, each declaration file before its module (whoever sees
 * a new module finds its types current): the main module at `out`, the controllers' own modules in
 * the folder of its name (`--split`: `web/routes.js` → `web/routes/posts.js`), and with `client`
 * the typed client beside each (`routes.client.js`, `routes/posts.client.js`). `routingFile` is the
 * routing file's path, which the client's types come from.
 */
export function helpersFilesOf(made: HelpersModule, out: string, routingFile: string, client: boolean): HelpersFile[] {
  const modules = [
    { js: out, module: made, controller: undefined },
    ...made.controllers.map((module) => ({ js: path.normalize(controllerModuleFile(out, module.controller)), module, controller: module.controller })),
  ];
  const files: HelpersFile[] = [];
  const mainClient = clientFilesOf(out);
  for (const { js, module, controller } of modules) {
    const own = controller === undefined ? {} : { controller };
    files.push(
      { file: helpersDeclarationFileOf(js)!, text: module.dts, declarations: true, ...own },
      { file: js, text: module.js, declarations: false, ...own },
    );
    const clientFiles = client ? clientFilesOf(js) : undefined;
    if (!clientFiles || !mainClient) continue;
    const core = module === made ? { export: made.controllers.length > 0 } : { importFrom: mainClient.js };
    const typed = clientModuleOf(module.targetRoutes, made.shapeOf, js, routingFile, core, module.targetAlternatives);
    files.push({ file: clientFiles.dts, text: typed.dts, declarations: true, ...own }, { file: clientFiles.js, text: typed.js, declarations: false, ...own });
  }
  return files;
}

/**
 * The first syntax error of a set's files, judged as they will be read: each module by Node's
 * parser (all in one process), each declaration file by TypeScript's. Undefined when all parse.
 */
export function firstSyntaxError(files: readonly HelpersFile[]): { file: string; error: string } | undefined {
  const modules = files.filter((f) => !f.declarations);
  const moduleErrors = moduleSyntaxErrors(modules.map((f) => f.text));
  const judged = [
    ...modules.map((f, i) => ({ file: f.file, error: moduleErrors[i] })),
    ...files.filter((f) => f.declarations).map((f) => ({ file: f.file, error: declarationSyntaxError(f.text) })),
  ];
  const failed = judged.find((f) => f.error !== undefined);
  return failed && { file: failed.file, error: failed.error! };
}

/**
 * The files in the controllers' folder of a helpers module (`web/routes/` beside `web/routes.js`)
 * that resource-routes generated and `files` no longer holds: a controller that went, or a split
 * module made whole again. Only JavaScript and declaration files that begin with its mark; at most
 * `limit` entries are looked at, so a folder that is not ours costs little.
 */
export function staleHelpersFiles(out: string, files: readonly HelpersFile[], limit = 100_000): string[] {
  const folder = out.replace(/\.m?js$/, "");
  if (folder === out) return [];
  const kept = new Set(files.map((f) => path.resolve(f.file)));
  const stale = filesBelow(folder, { limit }).filter((file) => /\.(m?js|d\.m?ts)$/.test(file) && !kept.has(path.resolve(file)) && beginsWithMark(file));
  return stale.sort();
}

function beginsWithMark(file: string): boolean {
  let handle: number | undefined;
  try {
    handle = fs.openSync(file, "r");
    const head = Buffer.alloc(GENERATED_MARK.length);
    fs.readSync(handle, head, 0, head.length, 0);
    return head.toString("utf8") === GENERATED_MARK;
  } catch {
    return false;
  } finally {
    if (handle !== undefined) fs.closeSync(handle);
  }
}
