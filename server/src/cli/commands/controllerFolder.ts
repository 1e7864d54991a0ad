import * as fs from "fs";
import * as path from "path";
import { type Diagnostic, type Route } from "resource-routes/internal";
import { URI } from "vscode-uri";

import { readControllerModule } from "../../analysis/controllerModule";
import { readRegularFileSync } from "../../files/regularFile";
import { actionOf, ControllerFolder, controllerFolderOf, missingTargetDiagnostics } from "../../service/controllers";
import { CliRoutingFile } from "../load";

/* A routing file's controllers folder as the commands read it: from the disk, statically, as the language server does. */

/**
 * missing-controller and missing-action, as the language server reports them: the controller
 * modules of the routing file's controllers folder read from the disk (statically, never run).
 */
export function controllerDiagnostics(f: CliRoutingFile): Diagnostic[] {
  const found = controllersOnDisk(f);
  if (!found) return [];
  const shown = path.relative(process.cwd(), found.folder) || ".";
  return missingTargetDiagnostics(f.routes.table, found.controllers, shown.startsWith("..") || path.isAbsolute(shown) ? shown : `./${shown}`);
}

/** The routes whose controller module or action the controllers folder lacks (none when the folder holds no module). */
export function missingActionRoutes(f: CliRoutingFile): Route[] {
  const found = controllersOnDisk(f);
  if (!found) return [];
  return f.routes.routes.filter((route) => route.controller !== null && route.action !== null && !actionOf(found.controllers, route));
}

/** The routing file's controllers folder: its `controllers` setting (default `./controllers`) beside it. */
export function controllersPath(f: CliRoutingFile): string {
  return path.resolve(path.dirname(f.file), f.analysis.tree?.settings.controllers ?? "./controllers");
}

/** The routing file's controllers folder read from the disk as the language server reads it; undefined when it holds no module. */
export function controllersOnDisk(f: CliRoutingFile): { folder: string; controllers: ControllerFolder } | undefined {
  const folder = controllersPath(f);
  const modules = moduleFiles(folder);
  if (!modules?.length) return undefined;
  const files = new Map(modules.map((module) => [URI.file(path.join(folder, module)).toString(), path.join(folder, module)]));
  const read = (uri: string) => {
    let text = "";
    try {
      text = readRegularFileSync(files.get(uri)!);
    } catch {
      // An unreadable module defines nothing that can be read: its routes are reported.
    }
    return readControllerModule(text, files.get(uri)!);
  };
  return { folder, controllers: controllerFolderOf(URI.file(folder).path, files.keys(), read) };
}

/** The module files below `folder` (paths relative to it, with `/`), or undefined when it is not a folder. Links are not followed. */
export function moduleFiles(folder: string): string[] | undefined {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(folder, { withFileTypes: true, recursive: true });
  } catch {
    return undefined;
  }
  return entries
    .filter((entry) => entry.isFile() && /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(entry.name) && !/\.d\.[cm]?ts$/.test(entry.name))
    .map((entry) =>
      path
        .relative(folder, path.join(entry.parentPath ?? (entry as { path?: string }).path ?? folder, entry.name))
        .split(path.sep)
        .join("/"),
    )
    .sort();
}
