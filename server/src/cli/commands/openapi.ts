import * as fs from "fs";
import * as path from "path";
import { own, printable } from "resource-routes/internal";

import { openApiDocument } from "../../format/openapi";
import { ParsedArguments, UsageError } from "../args";
import { CliRoutingFile, loadFile } from "../load";
import { RuntimeSchemas, runtimeSchemas } from "../runtimeRoutes";
import { controllersOnDisk } from "./controllerFolder";
import { writeOrRefuse } from "./generatedOutput";
import { CommandResult, errorLines, hasErrors, notStatic, partialSummary, requireFiles } from "./result";

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
