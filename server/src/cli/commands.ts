import * as fs from "fs";
import * as path from "path";
import { moduleSyntaxError } from "../files/moduleSyntax";
import { compareGeneratedFile, projectRoot, UnsafeWrite, writeGeneratedFile } from "../files/generatedFile";
import { controllerMapOf } from "../format/controllerMap";
import {
  type Diagnostic,
  explainRecognition,
  type Helper,
  nearest,
  own,
  printable,
  type Route,
  routedMethod,
  RoutingError,
  shortened,
} from "resource-routes/internal";
import { routeTypesOf, typesFileOf } from "../format/routeTypes";
import { unreachableDiagnostics } from "../routing/unreachableDiagnostics";
import { ParsedArguments, UsageError } from "./args";
import { CliRoutingFile, loadFile } from "./load";
import { routesTable } from "../format/routesTable";
import { diagnosticJSON, diagnosticLine, styleFor } from "./output";
import { discoverRoutingFile } from "./discover";
import { diffRoutes, fileAtRevision, routesOfText } from "./diff";
import { routeDifferences, runtimeRoutes, runtimeSchemas, RuntimeSchemas } from "./runtimeRoutes";
import { watching } from "./watch";
import { URI } from "vscode-uri";
import { readControllerModule } from "../analysis/controllerModule";
import { readRegularFileSync } from "../files/regularFile";
import { ControllerFolder, controllerFolderOf, missingTargetDiagnostics } from "../service/controllers";
import { openApiDocument } from "../format/openapi";
import { helpersDeclarationFileOf, helpersModuleOf } from "../format/browserHelpers";

/** What a command writes and its exit code; main() does the writing. */
export interface CommandResult {
  stdout: string[];
  stderr: string[];
  exitCode: number;
}

const hasErrors = (f: CliRoutingFile) => f.diagnostics.some((d) => d.severity === "error");

export async function routesCommand(args: ParsedArguments): Promise<CommandResult> {
  if (args.runtime) return runtimeRoutesCommand(args, args.runtime);
  const files = requireFiles(args);
  const loaded = files.map((f) => loadFile(f, args.behaviour));
  const result: CommandResult = { stdout: [], stderr: [], exitCode: loaded.some(hasErrors) ? 1 : 0 };
  for (const f of loaded) {
    const routes = selected(f.routes.routes, args);
    const unread = notStatic(f);
    if (args.json) {
      result.stdout.push(
        JSON.stringify({
          file: f.file,
          behaviour: f.behaviour,
          routes: routes.map((r) => r.toJSON()),
          diagnostics: f.diagnostics.map((d) => diagnosticJSON(d, f.lines)),
          notStatic: { count: unread.length, at: unread.map((d) => diagnosticJSON(d, f.lines).range.start) },
        }),
      );
    } else {
      if (loaded.length > 1) result.stdout.push(`${result.stdout.length ? "\n" : ""}# ${printable(f.file)} (behaviour ${f.behaviour})`);
      result.stdout.push(routesTable(routes, styleFor(process.stdout), { optionalFormat: args.format }));
    }
    for (const d of f.diagnostics) result.stderr.push(diagnosticLine(f.file, d, f.lines));
    const summary = partialSummary(f, unread);
    if (summary) result.stderr.push(summary);
  }
  return result;
}

/** routes --runtime FILE: the table of the application's routing module, run (what it really routes). */
async function runtimeRoutesCommand(args: ParsedArguments, module: string): Promise<CommandResult> {
  const routes = await runtimeRoutes(module, args.runtimeTimeout);
  const kept = routes.filter(
    (route) =>
      (!args.controller || route.controller === args.controller) &&
      (!args.grep || grepMatches(args.grep, [route.name ?? "", route.verb, route.path, `${route.controller}#${route.action}`])),
  );
  if (args.json) return { stdout: [JSON.stringify({ file: module, runtime: true, routes: kept })], stderr: [], exitCode: 0 };
  const rows = kept.map((route) => ({
    ...route,
    target: `${route.controller ?? ":controller"}#${route.action ?? ":action"}`,
    optionalFormat: /\.:format$/.test(route.path),
  }));
  return { stdout: [routesTable(rows, styleFor(process.stdout), { optionalFormat: args.format })], stderr: [], exitCode: 0 };
}

/** The routes `-c CONTROLLER` and `-g PATTERN` keep. */
function selected(routes: readonly Route[], args: ParsedArguments): readonly Route[] {
  if (!args.controller && !args.grep) return routes;
  return routes.filter(
    (route) =>
      (!args.controller || route.controller === args.controller) &&
      (!args.grep || grepMatches(args.grep, [route.name ?? "", route.verb, route.path, route.target])),
  );
}

/** `-g`: a case-insensitive regular expression (a plain word is one; an invalid one is matched as text) against the route's line: name, verb, path and controller#action. */
function grepMatches(pattern: string, fields: string[]): boolean {
  const line = fields.join(" ");
  try {
    return new RegExp(pattern, "i").test(line);
  } catch {
    return line.toLowerCase().includes(pattern.toLowerCase());
  }
}

/** The not-static diagnostics of a file: parts the analyser could not read, which the running app may route otherwise. */
function notStatic(f: CliRoutingFile): Diagnostic[] {
  return f.diagnostics.filter((d) => d.code === "not-static");
}

/** One stderr line saying that what was printed or written may differ from the running app, and where; nothing when all was read. */
function partialSummary(f: CliRoutingFile, unread: Diagnostic[]): string | undefined {
  if (!unread.length) return undefined;
  const where = unread.map((d) => diagnosticLine(f.file, d, f.lines).split(": ")[0]);
  return printable(
    `${f.file}: ${unread.length} part${unread.length === 1 ? "" : "s"} could not be read statically (not-static): ${where.slice(0, 10).join(", ")}${where.length > 10 ? ", …" : ""}; ` +
      `the running app may route otherwise (\`resource-routes check ${f.file} --runtime COMPILED_FILE\` compares them)`,
  );
}

export async function checkCommand(args: ParsedArguments): Promise<CommandResult> {
  const loaded = requireFiles(args).map((f) => loadFile(f, args.behaviour));
  const strictFailure = args.strict && loaded.some((f) => notStatic(f).length > 0);
  const result: CommandResult = { stdout: [], stderr: [], exitCode: loaded.some(hasErrors) || strictFailure ? 1 : 0 };
  for (const f of loaded) {
    // A route to a controller or action that does not exist answers 404 in production: a failure in CI terms.
    const targets = args.noControllers ? [] : controllerDiagnostics(f).map((d): Diagnostic => ({ ...d, severity: "error" }));
    if (targets.length) result.exitCode = 1;
    // What the analyser found, the routes an earlier route captures and the actions no module defines, in file order.
    const diagnostics = [...f.diagnostics, ...unreachableDiagnostics(f.routes.table), ...targets].sort((a, b) => (a.span?.start ?? -1) - (b.span?.start ?? -1));
    if (args.json) {
      result.stdout.push(JSON.stringify({ file: f.file, behaviour: f.behaviour, diagnostics: diagnostics.map((d) => diagnosticJSON(d, f.lines)) }));
    } else {
      for (const d of diagnostics) result.stdout.push(diagnosticLine(f.file, d, f.lines));
    }
    if (args.strict && notStatic(f).length)
      result.stderr.push(printable(`${f.file}: --strict: ${notStatic(f).length} not-static part(s): the editor's routes may not be the app's`));
  }
  if (args.runtime) {
    if (loaded.length !== 1) throw new UsageError("check --runtime compares one routing file with its compiled module");
    let running: Awaited<ReturnType<typeof runtimeRoutes>>;
    try {
      running = await runtimeRoutes(args.runtime, args.runtimeTimeout);
    } catch (error) {
      // The static reading stands: its diagnostics are printed, and the command fails.
      if (!(error instanceof UsageError)) throw error;
      result.stderr.push(printable(error.message));
      result.exitCode = 1;
      return result;
    }
    const differences = routeDifferences(loaded[0].routes.toJSON().routes, running);
    for (const line of differences) result.stdout.push(printable(`${loaded[0].file}: ${line}`));
    result.stderr.push(
      differences.length
        ? `${differences.length} difference(s) between the static reading and the running app`
        : "the static reading and the running app have the same routes",
    );
    if (differences.length) result.exitCode = 1;
  }
  return result;
}

export function typesCommand(args: ParsedArguments): CommandResult | Promise<CommandResult> {
  const [file, ...extra] = requireFiles(args);
  if (extra.length) throw new UsageError("types takes one FILE");
  if (args.watch) return watching(() => typesCommand({ ...args, watch: false }) as CommandResult, [file], []);
  const f = loadFile(file, args.behaviour);
  const out = args.out ?? typesFileOf(file);
  const unread = notStatic(f);
  const text = routeTypesOf(
    f.routes,
    file,
    unread.length
      ? `${unread.length} part${unread.length === 1 ? "" : "s"} of the routing file could not be read statically: the running app may have routes these types lack, or lack routes they have`
      : undefined,
  );
  // A partial file could type a link the app does not have: written only when asked for.
  if (unread.length && !args.allowPartial) {
    return notWrittenPartial(f, unread, `${out} not written: the types could differ from the running app (--allow-partial writes them, marked as partial)`);
  }
  if (args.check) return staleness(out, text, "types");
  const written = writeOrRefuse(out, text, file, args.force);
  const helpers = f.routes.table.named.size * 4;
  const result: CommandResult = {
    stdout: [printable(`${written} ${out} (${helpers} helpers${unread.length ? ", partial" : ""})`)],
    stderr: errorLines(f),
    exitCode: hasErrors(f) ? 1 : 0,
  };
  const summary = partialSummary(f, unread);
  if (summary) result.stderr.push(summary);
  return result;
}

/** helpers: the URL helpers as an ES module for the browser, with its declaration file beside it. */
export function helpersCommand(args: ParsedArguments): CommandResult | Promise<CommandResult> {
  const [file, ...extra] = requireFiles(args);
  if (extra.length) throw new UsageError("helpers takes one FILE");
  if (args.watch) return watching(() => helpersCommand({ ...args, watch: false }) as CommandResult, [file], []);
  const out = args.out ?? file.replace(/\.[cm]?[jt]sx?$/, "") + ".helpers.js";
  const declarations = helpersDeclarationFileOf(out);
  if (!declarations) throw new UsageError(`--out names the helpers module, a .js or .mjs file, got ${JSON.stringify(out)}`);
  const f = loadFile(file, args.behaviour);
  const unread = notStatic(f);
  // A partial file could give helpers the app does not have: written only when asked for, as types are.
  if (unread.length && !args.allowPartial) {
    return notWrittenPartial(f, unread, `${out} not written: the helpers could differ from the running app (--allow-partial writes them)`);
  }
  const routes = path
    .relative(path.dirname(path.resolve(out)), path.resolve(file))
    .split(path.sep)
    .join("/");
  const made = helpersModuleOf(f.routes, { routes, include: args.include, exclude: args.exclude });
  // Never said to be current or written unless it can be imported: a failure here is ours, said as one.
  const syntaxError = moduleSyntaxError(made.js);
  if (syntaxError) throw new Error(`the helpers module made for ${file} does not parse (${syntaxError}): nothing written`);
  const leftOut = made.leftOut.map((line) => printable(`${file}: ${line}`));
  if (args.check) {
    const checks = [staleness(out, made.js, "helpers"), staleness(declarations, made.dts, "helpers")];
    return {
      stdout: checks.flatMap((c) => c.stdout),
      stderr: [...leftOut, ...checks.flatMap((c) => c.stderr)],
      exitCode: Math.max(...checks.map((c) => c.exitCode)),
    };
  }
  const written = [writeOrRefuse(out, made.js, file, args.force), writeOrRefuse(declarations, made.dts, file, args.force)];
  const result: CommandResult = {
    stdout: [printable(`${written[0]} ${out} and ${written[1]} ${declarations} (${made.helpers} helpers, ${made.targets} targets)`)],
    stderr: [...errorLines(f), ...leftOut],
    exitCode: hasErrors(f) ? 1 : 0,
  };
  // A glob that keeps nothing is most likely a mistake (a quoted path, a misspelt name): said, not guessed at.
  if ((args.include.length || args.exclude.length) && made.helpers + made.targets === 0 && f.routes.routes.length > 0) {
    result.stderr.push(printable(`--include and --exclude left no route of ${f.routes.routes.length}: the module exports no helper`));
  }
  return result;
}

export function controllersCommand(args: ParsedArguments): CommandResult | Promise<CommandResult> {
  const [file, ...extra] = requireFiles(args);
  if (extra.length) throw new UsageError("controllers takes one FILE");
  const f = loadFile(file, args.behaviour);
  const folder = controllersPath(f);
  if (args.watch) return watching(() => controllersCommand({ ...args, watch: false }) as CommandResult, [file], [folder]);
  const out = args.out ?? path.join(path.dirname(file), "controllers.generated.ts");
  const modules = moduleFiles(folder);
  if (modules === undefined) throw new UsageError(`no controllers folder at ${folder}`);
  let relative = path
    .relative(path.dirname(path.resolve(out)), folder)
    .split(path.sep)
    .join("/");
  if (!relative.startsWith(".")) relative = `./${relative}`;
  const text = controllerMapOf(modules, relative, file, args.importExtension);
  if (args.check) return staleness(out, text, "controllers");
  const written = writeOrRefuse(out, text, file, args.force);
  return { stdout: [printable(`${written} ${out} (${modules.length} controller modules)`)], stderr: [], exitCode: hasErrors(f) ? 1 : 0 };
}

/**
 * missing-controller and missing-action, as the language server reports them: the controller
 * modules of the routing file's controllers folder read from the disk (statically, never run).
 */
function controllerDiagnostics(f: CliRoutingFile): Diagnostic[] {
  const found = controllersOnDisk(f);
  if (!found) return [];
  const shown = path.relative(process.cwd(), found.folder) || ".";
  return missingTargetDiagnostics(f.routes.table, found.controllers, shown.startsWith("..") || path.isAbsolute(shown) ? shown : `./${shown}`);
}

/** The routing file's controllers folder: its `controllers` setting (default `./controllers`) beside it. */
function controllersPath(f: CliRoutingFile): string {
  return path.resolve(path.dirname(f.file), f.analysis.tree?.settings.controllers ?? "./controllers");
}

/** The routing file's controllers folder read from the disk as the language server reads it; undefined when it holds no module. */
function controllersOnDisk(f: CliRoutingFile): { folder: string; controllers: ControllerFolder } | undefined {
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

/**
 * openapi: the routes as an OpenAPI 3.1 document, read statically; summaries from the actions' doc
 * comments; with `--runtime DIR`, the actions' schemas from the compiled controllers, run.
 */
export function openApiCommand(args: ParsedArguments): CommandResult | Promise<CommandResult> {
  const [file, ...extra] = requireFiles(args);
  if (extra.length) throw new UsageError("openapi takes one FILE");
  const f = loadFile(file, args.behaviour);
  if (args.runtime) return runtimeSchemas(args.runtime, args.runtimeTimeout).then(({ schemas, warnings }) => openApiOf(f, args, schemas, warnings));
  return openApiOf(f, args, undefined, []);
}

function openApiOf(f: CliRoutingFile, args: ParsedArguments, schemas: RuntimeSchemas | undefined, warnings: readonly string[]): CommandResult {
  const project = nearestPackage(path.dirname(path.resolve(f.file)));
  const controllers = controllersOnDisk(f)?.controllers;
  const text = openApiDocument(f.routes.routes, {
    title: args.title ?? project?.name ?? "Routes",
    version: args.version ?? project?.version ?? "0.0.0",
    basePath: args.basePath,
    docOf: (controller, action) => controllers?.modules.get(controller)?.info.actions.find((a) => a.name === action)?.doc,
    schemasOf: schemas && ((controller, action) => (own(schemas, controller) ? own(schemas[controller], action) : undefined)),
  });
  const unread = notStatic(f);
  const stderr = [...errorLines(f), ...(unread.length ? [partialSummary(f, unread)!] : []), ...warnings.map((line) => printable(`warning: ${line}`))];
  if (!args.out) return { stdout: [text.trimEnd()], stderr, exitCode: hasErrors(f) ? 1 : 0 };
  const written = writeOrRefuse(args.out, text, f.file, args.force);
  return { stdout: [printable(`${written} ${args.out} (${(text.match(/"operationId"/g) ?? []).length} operations)`)], stderr, exitCode: hasErrors(f) ? 1 : 0 };
}

/** The name and version of the nearest package.json at or above `dir`. */
function nearestPackage(dir: string): { name?: string; version?: string } | undefined {
  for (let at = dir; ; at = path.dirname(at)) {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(at, "package.json"), "utf8")) as { name?: unknown; version?: unknown };
      return {
        name: typeof manifest.name === "string" ? manifest.name : undefined,
        version: typeof manifest.version === "string" ? manifest.version : undefined,
      };
    } catch {
      if (path.dirname(at) === at) return undefined;
    }
  }
}

/** The routing file's error diagnostics, a line each, for stderr. */
function errorLines(f: CliRoutingFile): string[] {
  return f.diagnostics.filter((d) => d.severity === "error").map((d) => diagnosticLine(f.file, d, f.lines));
}

/** A generating command's answer when a part of the routing file could not be read statically and --allow-partial was not given: nothing written, exit 1. */
function notWrittenPartial(f: CliRoutingFile, unread: Diagnostic[], why: string): CommandResult {
  return { stdout: [], stderr: [partialSummary(f, unread)!, printable(why)], exitCode: 1 };
}

/** A generated file written inside the routing file's project, or a usage error saying why not. */
function writeOrRefuse(out: string, text: string, file: string, force: boolean): "wrote" | "unchanged" {
  try {
    return writeGeneratedFile(out, text, projectRoot(file), force);
  } catch (error) {
    throw new UsageError(
      error instanceof UnsafeWrite ? error.message : `cannot write ${out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

/** `--check`: exit 1 when `out` is not what the command would write, with the lines that differ; nothing is written. */
function staleness(out: string, text: string, command: string): CommandResult {
  const found = compareGeneratedFile(out, text);
  if (found.state === "current") return { stdout: [printable(`current ${out}`)], stderr: [], exitCode: 0 };
  const rerun = `run \`resource-routes ${command}\` again`;
  if (found.state === "missing") return { stdout: [], stderr: [printable(`${out} is missing: ${rerun}`)], exitCode: 1 };
  const lines = [...found.added.map((line) => `+ ${line}`), ...found.removed.map((line) => `- ${line}`)];
  const shown = lines.slice(0, 20).map((line) => printable(shortened(line)));
  return {
    stdout: [],
    stderr: [
      printable(`${out} is stale (${found.added.length} line(s) to add, ${found.removed.length} to remove): ${rerun}`),
      ...shown,
      ...(lines.length > 20 ? [`… and ${lines.length - 20} more`] : []),
    ],
    exitCode: 1,
  };
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
    .map((entry) =>
      path
        .relative(folder, path.join(entry.parentPath ?? (entry as { path?: string }).path ?? folder, entry.name))
        .split(path.sep)
        .join("/"),
    )
    .sort();
}

export function recognizeCommand(args: ParsedArguments): CommandResult {
  const [file, method, path, ...extra] = args.positional;
  if (!file || !method || !path || extra.length) throw new UsageError("recognize takes FILE METHOD PATH");
  const f = loadFile(file, args.behaviour);
  // As the adapters route it: PATCH (and a POST's _method=patch) is PUT, unless --no-patch.
  if (args.params._method !== undefined) args.params._method = routedMethod(args.params._method, !args.noPatch);
  const routed = routedMethod(method, !args.noPatch);
  if (args.explain) return explainCommand(f, routed, path, args);
  try {
    const seen = f.routes.recognize(routed, path, args.params);
    const out = args.json
      ? JSON.stringify(seen)
      : [
          `route:      ${seen.route ?? "(unnamed)"}`,
          `controller: ${seen.controller}`,
          `action:     ${seen.action}`,
          `params:     ${JSON.stringify(seen.params)}`,
        ]
          .map(printable)
          .join("\n");
    return { stdout: [out], stderr: [], exitCode: 0 };
  } catch (error) {
    if (error instanceof RoutingError) return { stdout: [], stderr: [printable(error.message)], exitCode: 1 };
    throw error;
  }
}

/** recognize --explain: every route in order up to the one that matched, each with why the request passed it over. */
function explainCommand(f: CliRoutingFile, method: string, path: string, args: ParsedArguments): CommandResult {
  const explained = explainRecognition(f.routes, method, path, args.params);
  const exitCode = explained.error ? 1 : 0;
  if (args.json) {
    const routes = explained.routes.map(({ index, route, passedOver }) => ({
      index,
      name: route.name,
      verb: route.verb,
      path: route.path,
      target: route.target,
      ...(passedOver ? { passedOver } : { matched: true }),
    }));
    return {
      stdout: [
        JSON.stringify({
          explain: routes,
          more: explained.more,
          ...(explained.recognition ? { recognition: explained.recognition } : { error: explained.error!.message }),
        }),
      ],
      stderr: [],
      exitCode,
    };
  }
  const table = routesTable(explained.routes.map(({ route }) => route)).split("\n");
  const lines = explained.routes.map(({ index, passedOver }, i) =>
    printable(`${passedOver ? "  " : "→ "}${String(index + 1).padStart(4)}  ${table[i]}  ${passedOver ? `passed over: ${passedOver}` : "matched"}`),
  );
  if (explained.more) lines.push(`  … and ${explained.more} more route${explained.more === 1 ? "" : "s"}`);
  if (explained.recognition) lines.push(printable(`params: ${JSON.stringify(explained.recognition.params)}`));
  return { stdout: lines, stderr: explained.error ? [printable(explained.error.message)] : [], exitCode };
}

/** diff: the routes added, removed and changed between two revisions of a routing file (or a revision and the working tree). */
export function diffCommand(args: ParsedArguments): CommandResult {
  const [file, ...extra] = requireFiles(args);
  if (extra.length) throw new UsageError("diff takes one FILE");
  if (args.to && args.worktree) throw new UsageError("diff takes --to REV or --worktree, not both");
  const from = args.from ?? "HEAD";
  const to = args.to ?? "the working tree";
  const before = routesOfText(fileAtRevision(file, from), file, from, args.behaviour);
  const after = args.to ? routesOfText(fileAtRevision(file, args.to), file, to, args.behaviour) : loadFile(file, args.behaviour).routes.toJSON().routes;
  const diff = diffRoutes(before, after);
  const exitCode = args.failOnBreaking && diff.breaking ? 1 : 0;
  if (args.json) return { stdout: [JSON.stringify({ file, from, to: args.to ?? null, ...diff })], stderr: [], exitCode };
  const sign = { added: "+", removed: "-", changed: "~" } as const;
  const table = routesTable(diff.routes.map(({ route }) => ({ ...route, target: `${route.controller ?? ":controller"}#${route.action ?? ":action"}` }))).split(
    "\n",
  );
  const lines = diff.routes.map((change, i) =>
    printable(
      `${sign[change.kind]} ${table[i]}${change.kind === "changed" ? `  (was ${change.before!.name ?? "unnamed"} ${change.before!.controller ?? ":controller"}#${change.before!.action ?? ":action"})` : ""}${change.breaking ? `  BREAKING: ${change.breaking}` : ""}`,
    ),
  );
  for (const helper of diff.helpers) lines.push(printable(`! ${helper.name}: BREAKING: ${helper.breaking}`));
  const summary = `${diff.routes.filter((c) => c.kind === "added").length} added, ${diff.routes.filter((c) => c.kind === "removed").length} removed, ${diff.routes.filter((c) => c.kind === "changed").length} changed, ${diff.breaking} breaking (${from} → ${to})`;
  return { stdout: lines, stderr: [summary], exitCode };
}

export function generateCommand(args: ParsedArguments): CommandResult {
  const [file, helper, ...values] = args.positional;
  if (!file || !helper) throw new UsageError("generate takes FILE HELPER [ARG]...");
  const f = loadFile(file, args.behaviour);
  const fn = own(f.routes.helpers as Readonly<Record<string, Helper>>, helper);
  if (!fn) {
    const suggestion = nearest(helper, Object.keys(f.routes.helpers));
    return {
      stdout: [],
      stderr: [printable(`Unknown helper ${JSON.stringify(helper)}${suggestion ? `; did you mean ${JSON.stringify(suggestion)}?` : ""}`)],
      exitCode: 1,
    };
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

/** The routing files named, or the one discovered (package.json, else the only one under the current folder). */
function requireFiles(args: ParsedArguments): string[] {
  return args.positional.length ? args.positional : [discoverRoutingFile(process.cwd())];
}
