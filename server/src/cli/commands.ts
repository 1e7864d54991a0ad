import * as fs from "fs";
import * as path from "path";
import { projectRoot, UnsafeWrite, writeGeneratedFile } from "../files/generatedFile";
import { controllerMapOf } from "../format/controllerMap";
import { nearest } from "../routing/validate";
import { routeTypesOf, typesFileOf } from "../format/routeTypes";
import { RoutingError } from "../routing/errors";
import { unreachableDiagnostics } from "../routing/unreachable";
import { ParsedArguments, UsageError } from "./args";
import { CliRoutingFile, loadFile } from "./load";
import { routesTable } from "../format/routesTable";
import { diagnosticJSON, diagnosticLine, styleFor } from "./output";
import { printable } from "../text/escape";
import { own } from "../routing/values";

/** What a command writes and its exit code; main() does the writing. */
export interface CommandResult {
  stdout: string[];
  stderr: string[];
  exitCode: number;
}

const hasErrors = (f: CliRoutingFile) => f.diagnostics.some((d) => d.severity === "error");

export function routesCommand(args: ParsedArguments): CommandResult {
  const files = requireFiles(args);
  const loaded = files.map((f) => loadFile(f, args.behaviour));
  const result: CommandResult = { stdout: [], stderr: [], exitCode: loaded.some(hasErrors) ? 1 : 0 };
  for (const f of loaded) {
    if (args.json) {
      result.stdout.push(
        JSON.stringify({
          file: f.file,
          behaviour: f.behaviour,
          routes: f.routes.toJSON().routes,
          diagnostics: f.diagnostics.map((d) => diagnosticJSON(d, f.lines)),
        }),
      );
      continue;
    }
    if (loaded.length > 1) result.stdout.push(`${result.stdout.length ? "\n" : ""}# ${printable(f.file)} (behaviour ${f.behaviour})`);
    result.stdout.push(routesTable(f.routes.routes, styleFor(process.stdout)));
    for (const d of f.diagnostics) result.stderr.push(diagnosticLine(f.file, d, f.lines));
  }
  return result;
}

export function checkCommand(args: ParsedArguments): CommandResult {
  const loaded = requireFiles(args).map((f) => loadFile(f, args.behaviour));
  const result: CommandResult = { stdout: [], stderr: [], exitCode: loaded.some(hasErrors) ? 1 : 0 };
  for (const f of loaded) {
    // What the analyser found, then the routes an earlier route captures, in file order.
    const diagnostics = [...f.diagnostics, ...unreachableDiagnostics(f.routes.table)].sort((a, b) => (a.span?.start ?? -1) - (b.span?.start ?? -1));
    if (args.json) {
      result.stdout.push(JSON.stringify({ file: f.file, behaviour: f.behaviour, diagnostics: diagnostics.map((d) => diagnosticJSON(d, f.lines)) }));
    } else {
      for (const d of diagnostics) result.stdout.push(diagnosticLine(f.file, d, f.lines));
    }
  }
  return result;
}

export function typesCommand(args: ParsedArguments): CommandResult {
  const [file, ...extra] = args.positional;
  if (!file || extra.length) throw new UsageError("types takes one FILE");
  const f = loadFile(file, args.behaviour);
  const out = args.out ?? typesFileOf(file);
  const text = routeTypesOf(f.routes, file);
  let written: "wrote" | "unchanged";
  try {
    written = writeGeneratedFile(out, text, projectRoot(file));
  } catch (error) {
    throw new UsageError(error instanceof UnsafeWrite ? error.message : `cannot write ${out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const helpers = f.routes.table.named.size * 4;
  const result: CommandResult = { stdout: [printable(`${written} ${out} (${helpers} helpers)`)], stderr: [], exitCode: hasErrors(f) ? 1 : 0 };
  for (const d of f.diagnostics) if (d.severity === "error") result.stderr.push(diagnosticLine(f.file, d, f.lines));
  return result;
}

export function controllersCommand(args: ParsedArguments): CommandResult {
  const [file, ...extra] = args.positional;
  if (!file || extra.length) throw new UsageError("controllers takes one FILE");
  const f = loadFile(file, args.behaviour);
  const folder = path.resolve(path.dirname(file), f.analysis.tree?.settings.controllers ?? "./controllers");
  const out = args.out ?? path.join(path.dirname(file), "controllers.generated.ts");
  const modules = moduleFiles(folder);
  if (modules === undefined) throw new UsageError(`no controllers folder at ${folder}`);
  let relative = path.relative(path.dirname(path.resolve(out)), folder).split(path.sep).join("/");
  if (!relative.startsWith(".")) relative = `./${relative}`;
  const text = controllerMapOf(modules, relative, file, args.importExtension);
  let written: "wrote" | "unchanged";
  try {
    written = writeGeneratedFile(out, text, projectRoot(file));
  } catch (error) {
    throw new UsageError(error instanceof UnsafeWrite ? error.message : `cannot write ${out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return { stdout: [printable(`${written} ${out} (${modules.length} controller modules)`)], stderr: [], exitCode: hasErrors(f) ? 1 : 0 };
}

/** The module files below `folder` (paths relative to it, with `/`), or undefined when it is not a folder. Links are not followed. */
function moduleFiles(folder: string): string[] | undefined {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(folder, { withFileTypes: true, recursive: true });
  } catch {
    return undefined;
  }
  return entries
    .filter((entry) => entry.isFile() && /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(entry.name) && !/\.d\.[cm]?ts$/.test(entry.name))
    .map((entry) => path.relative(folder, path.join(entry.parentPath ?? (entry as { path?: string }).path ?? folder, entry.name)).split(path.sep).join("/"))
    .sort();
}

export function recognizeCommand(args: ParsedArguments): CommandResult {
  const [file, method, path, ...extra] = args.positional;
  if (!file || !method || !path || extra.length) throw new UsageError("recognize takes FILE METHOD PATH");
  const f = loadFile(file, args.behaviour);
  try {
    const seen = f.routes.recognize(method, path, args.params);
    const out = args.json
      ? JSON.stringify(seen)
      : [`route:      ${seen.route ?? "(unnamed)"}`, `controller: ${seen.controller}`, `action:     ${seen.action}`, `params:     ${JSON.stringify(seen.params)}`].map(printable).join("\n");
    return { stdout: [out], stderr: [], exitCode: 0 };
  } catch (error) {
    if (error instanceof RoutingError) return { stdout: [], stderr: [printable(error.message)], exitCode: 1 };
    throw error;
  }
}

export function generateCommand(args: ParsedArguments): CommandResult {
  const [file, helper, ...values] = args.positional;
  if (!file || !helper) throw new UsageError("generate takes FILE HELPER [ARG]...");
  const f = loadFile(file, args.behaviour);
  const fn = own(f.routes.helpers, helper);
  if (!fn) {
    const suggestion = nearest(helper, Object.keys(f.routes.helpers));
    return { stdout: [], stderr: [printable(`Unknown helper ${JSON.stringify(helper)}${suggestion ? `; did you mean ${JSON.stringify(suggestion)}?` : ""}`)], exitCode: 1 };
  }
  const named: Record<string, unknown> = { ...args.params };
  if (args.host) named.host = args.host;
  try {
    const generated = fn(...values, named);
    const out = args.json ? JSON.stringify(generated) : printable(typeof generated === "string" ? generated : JSON.stringify(generated));
    return { stdout: [out], stderr: [], exitCode: 0 };
  } catch (error) {
    if (error instanceof RoutingError) return { stdout: [], stderr: [printable(error.message)], exitCode: 1 };
    throw error;
  }
}

function requireFiles(args: ParsedArguments): string[] {
  if (args.positional.length === 0) throw new UsageError("no routing file given");
  return args.positional;
}
