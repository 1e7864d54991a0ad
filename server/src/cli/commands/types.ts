import { printable } from "resource-routes/internal";
import { URI } from "vscode-uri";

import { declarationSyntaxError } from "../../files/moduleSyntax";
import { type ActionTypes, readControllerTypes, type TypesFile } from "../../format/controllerTypes";
import { typesFileOf } from "../../format/helpersRecipe";
import { controllerTypesPart, routeTypesOf } from "../../format/routeTypes";
import { ParsedArguments, UsageError } from "../args";
import type { CliRoutingFile } from "../load";
import { loadFile } from "../load";
import { watchedRouting } from "../load";
import { controllersOnDisk, controllersPath } from "./controllerFolder";
import { notWrittenPartial, staleness, writeOrRefuse } from "./generatedOutput";
import { CommandResult, errorLines, hasErrors, notStatic, partialSummary, requireFiles } from "./result";

export function typesCommand(args: ParsedArguments): CommandResult | Promise<CommandResult> {
  const [file, ...extra] = requireFiles(args);
  if (extra.length) throw new UsageError("types takes one FILE");
  const f = loadFile(file, args.behaviour);
  if (args.watch) {
    // The controllers' part reads the controllers: a change there writes the file again too.
    const folder = controllersPath(f);
    return watchedRouting(file, [folder], () => typesCommand({ ...args, watch: false }));
  }
  const out = args.out ?? typesFileOf(file);
  const unread = notStatic(f);
  const partial = unread.length
    ? `${unread.length} part${unread.length === 1 ? "" : "s"} of the routing file could not be read statically: the running app may have routes these types lack, or lack routes they have`
    : undefined;
  // A partial file could type a link the app does not have: written only when asked for.
  if (unread.length && !args.allowPartial) {
    return notWrittenPartial(f, unread, `${out} not written: the types could differ from the running app (--allow-partial writes them, marked as partial)`);
  }
  const controllers = controllerTypesOf(f, out);
  const text = routeTypesOf(f.routes, file, { partial, controllers: controllerTypesPart(controllers.read), defaults: args.defaults });
  // Never said to be current or written unless it parses: its controllers' part printed types read from user code.
  const syntaxError = declarationSyntaxError(text);
  if (syntaxError) throw new Error(`the declaration file made for ${file} does not parse (${syntaxError}): nothing written`);
  const problems = controllers.problem ? [printable(`${file}: ${controllers.problem}`)] : [];
  if (args.check) {
    const checked = staleness(out, text, "types");
    return { ...checked, stderr: [...problems, ...checked.stderr] };
  }
  const written = writeOrRefuse(out, text, file, args.force);
  const helpers = f.routes.table.named.size * 4;
  const result: CommandResult = {
    stdout: [printable(`${written} ${out} (${helpers} helpers${unread.length ? ", partial" : ""})`)],
    stderr: errorLines(f),
    exitCode: hasErrors(f) ? 1 : 0,
  };
  const summary = partialSummary(f, unread);
  if (summary) result.stderr.push(summary);
  result.stderr.push(...problems);
  return result;
}

/**
 * What the routing file's controllers say of the actions its routes reach, read with TypeScript's
 * checker (none without a controllers folder), the controllers seeing the declaration file as it will be written.
 */
function controllerTypesOf(f: CliRoutingFile, out: string): { read: ReadonlyMap<string, ActionTypes>; problem?: string } {
  const found = controllersOnDisk(f);
  const modules = new Map([...(found?.controllers.modules ?? [])].map(([name, entry]) => [name, URI.parse(entry.uri).fsPath]));
  // The actions of the controllers there are: the file the controllers see holds those alone, with the helpers untyped.
  const actions = new Set(
    f.routes.routes.flatMap((route) => (route.controller !== null && route.action !== null && modules.has(route.controller) ? [route.target] : [])),
  );
  const typesFile: TypesFile = { path: out, text: (read) => routeTypesOf(f.routes, f.file, { controllers: controllerTypesPart(read), only: actions }) };
  try {
    return { read: readControllerTypes(modules, actions, typesFile) };
  } catch (error) {
    // TypeScript failing on a controller costs the controllers' part, not the routes' types.
    return { read: new Map(), problem: `the controllers' types could not be read (${(error as Error).message}): the file types the routes alone` };
  }
}
