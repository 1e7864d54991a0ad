import * as fs from "fs";
import * as path from "path";
import { GENERATED_MARK } from "../files/generatedFile";
import { filesBelow } from "../files/filesBelow";
import { clientFilesOf, clientModuleOf } from "./browserClient";
import { helpersDeclarationFileOf, type HelpersModule } from "./browserHelpers";

/** One file of a helpers module's set: where it goes, its text, and whether it is a declaration file or a module. */
export interface HelpersFile {
  file: string;
  text: string;
  declarations: boolean;
}

/**
 * Every file a helpers module is written as, each declaration file before its module (whoever sees
 * a new module finds its types current): the main module at `out`, the controllers' own modules in
 * the folder of its name (`--split`: `web/routes.js` → `web/routes/posts.js`), and with `client`
 * the typed client beside each (`routes.client.js`, `routes/posts.client.js`). `routingFile` is the
 * routing file's path, which the client's types come from.
 */
export function helpersFilesOf(made: HelpersModule, out: string, routingFile: string, client: boolean): HelpersFile[] {
  const extension = path.extname(out);
  const modules = [
    { js: out, module: made },
    ...made.controllers.map((module) => ({ js: path.join(path.dirname(out), ...`${module.path}${extension}`.split("/")), module })),
  ];
  const files: HelpersFile[] = [];
  const mainClient = clientFilesOf(out);
  for (const { js, module } of modules) {
    files.push({ file: helpersDeclarationFileOf(js)!, text: module.dts, declarations: true }, { file: js, text: module.js, declarations: false });
    const clientFiles = client ? clientFilesOf(js) : undefined;
    if (!clientFiles || !mainClient) continue;
    const core = module === made ? { export: made.controllers.length > 0 } : { importFrom: mainClient.js };
    const typed = clientModuleOf(module.targetRoutes, made.shapeOf, js, routingFile, core);
    files.push({ file: clientFiles.dts, text: typed.dts, declarations: true }, { file: clientFiles.js, text: typed.js, declarations: false });
  }
  return files;
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
