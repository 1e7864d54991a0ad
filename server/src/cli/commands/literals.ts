import * as fs from "fs";
import * as path from "path";
import { printable } from "resource-routes/internal";

import { GENERATED_MARK, projectRoot, UnsafeWrite, writeGeneratedFile } from "../../files/generatedFile";
import { helpersRecipeOf } from "../../format/helpersRecipe";
import { addedSyntaxError, DEFAULT_ASSET_GLOBS, DEFAULT_FRONT_END_GLOBS, globTest, rewriteLiterals, type RoutingFiles } from "../../literals/literalRewrites";
import { requiredExtension } from "../../literals/moduleResolution";
import { UsageError } from "../args";
import { ParsedArguments } from "../args";
import { discoverRoutingFile } from "../discover";
import { loadFile } from "../load";
import { literalSourceFiles } from "../sourceFiles";
import { defaultHelpersModule } from "./helpers";
import { CommandResult } from "./result";

/**
 * `resource-routes literals [PATHS…]`: the URLs written by hand in the project's code, each with
 * the route that recognises it and the helper call that generates exactly the same URL; `--fix`
 * writes the calls in their place.
 */
export function literalsCommand(args: ParsedArguments): CommandResult {
  const routingFile = args.routes ?? discoverRoutingFile(process.cwd());
  const routes = loadFile(routingFile, args.behaviour).routes;
  const routing: RoutingFiles = [
    { file: path.resolve(routingFile), routes, ...routingFileHelpers(args.helpersModule ?? defaultHelpersModule(routingFile), routingFile) },
  ];
  const frontEnd = globTest(args.frontEnd.length ? args.frontEnd : DEFAULT_FRONT_END_GLOBS);
  const stdout: string[] = [];
  const stderr: string[] = [];
  const document: { literals: unknown[]; unknown: unknown[] } = { literals: [], unknown: [] };
  let unscanned = 0;
  const files = literalSourceFiles(args.positional, routingFile, args.include, args.exclude, (file, bytes) => {
    unscanned++;
    stderr.push(printable(`${relative(file)}: not scanned: ${(bytes / (1024 * 1024)).toFixed(1)} MB, over the 5 MB of code written by hand (a bundle?)`));
  });
  const configs = new Map<string, "js" | "ts" | undefined>();
  let remaining = 0;
  let replaced = 0;
  let rewritten = 0;
  let failed = false;
  for (const file of files) {
    const bytes = fs.readFileSync(file);
    const text = decoded(bytes, args.encoding);
    if (text?.startsWith(GENERATED_MARK)) continue;
    const rewrite = rewriteLiterals(path.resolve(file), text ?? bytes.toString("utf8"), routing, {
      assetGlobs: args.assets.length ? args.assets : DEFAULT_ASSET_GLOBS,
      frontEnd: (name) => frontEnd(relative(name)),
      importExtension: (name) => requiredExtension(name, configs),
    });
    if (rewrite.unparsable) {
      unscanned++;
      stderr.push(printable(`${relative(file)}: not scanned: nested too deeply for TypeScript's parser`));
    }
    for (const found of rewrite.found) {
      if (!found.match && !args.unknown) continue;
      const where = `${relative(file)}:${found.line}`;
      if (args.json) {
        const place = { file: relative(file), line: found.line, column: found.column, text: found.text };
        if (!found.match) document.unknown.push(place);
        else {
          const { name, controller, action, path: routePath, verb } = found.match.route;
          const route = { name: name ?? null, controller, action, path: routePath };
          document.literals.push({
            ...place,
            verb,
            route,
            replacement: found.replacement ?? null,
            ...(found.unreplaced ? { unreplaced: found.unreplaced } : {}),
          });
        }
      } else if (found.match && found.replacement) stdout.push(printable(`${where}: ${found.text} → ${found.replacement} (${found.match.route.target})`));
      else if (found.match) stdout.push(printable(`${where}: ${found.text}: not replaced: ${found.unreplaced} (${found.match.route.target})`));
      else stdout.push(printable(`${where}: ${found.text}: ${found.recognised ? "its route has no name, so no helper writes it" : "no route recognises it"}`));
      if (found.match) remaining++;
    }
    const changed = rewrite.text !== text;
    if (!args.fix || !changed) continue;
    // Another encoding read as UTF-8 would have its other bytes written back as U+FFFD.
    if (text === undefined) {
      stderr.push(printable(`${relative(file)}: not rewritten: it is not UTF-8 text (give --encoding latin1 or utf16le to read and write it in its own)`));
      failed = true;
      continue;
    }
    // Written only over the text that was read: a file changed meanwhile is left for the next run.
    if (!fs.readFileSync(file).equals(bytes)) {
      stderr.push(printable(`${file} changed while it was read: not rewritten`));
      continue;
    }
    const broken = addedSyntaxError(file, text, rewrite.text);
    if (broken) {
      stderr.push(printable(`${file}: not rewritten: the rewritten text would not parse (${broken})`));
      failed = true;
      continue;
    }
    try {
      // Through the guarded writer: inside the project, never through a link, at once; over the user's own file, as asked.
      writeGeneratedFile(file, args.encoding ? Buffer.from(rewrite.text, args.encoding) : rewrite.text, projectRoot(file), true);
    } catch (error) {
      stderr.push(printable(`${file}: not rewritten: ${error instanceof UnsafeWrite ? error.message : (error as Error).message}`));
      failed = true;
      continue;
    }
    rewritten++;
    replaced += rewrite.found.filter((found) => found.replacement).length;
  }
  if (args.json) stdout.push(JSON.stringify(document));
  if (args.fix) stderr.push(`${rewritten} file(s) rewritten, ${replaced} literal(s) replaced by helper calls`);
  else
    stderr.push(`${remaining} literal(s) a helper call can replace, in ${files.length} file(s) scanned${remaining ? " (--fix replaces those it proves)" : ""}`);
  // A file not scanned may hold literals: --fail-on-literals cannot say there are none.
  return { stdout, stderr, exitCode: failed || (args.failOnLiterals && ((!args.fix && remaining > 0) || unscanned > 0)) ? 1 : 0 };
}

function relative(file: string): string {
  return path.relative(process.cwd(), file).replace(/\\/g, "/");
}

/** A file's text: UTF-8 (a BOM kept as U+FEFF), or in the encoding given; undefined for bytes that are not UTF-8 when none is given. */
function decoded(bytes: Buffer, encoding: ParsedArguments["encoding"]): string | undefined {
  if (encoding) return bytes.toString(encoding);
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The routing file's helpers module where front-end files import helpers from: the one named, which
 * must be one made from this routing file, or the one `helpers` writes by default, if it is there.
 */
function routingFileHelpers(module: string, routingFile: string): { helpersModule: string; splitHelpers: boolean } | undefined {
  let text: string;
  try {
    text = fs.readFileSync(module, "utf8").slice(0, 4096);
  } catch {
    return undefined;
  }
  const recipe = helpersRecipeOf(text);
  if (recipe && path.resolve(path.dirname(module), recipe.routes) === path.resolve(routingFile))
    return { helpersModule: path.resolve(module), splitHelpers: recipe.split ?? false };
  throw new UsageError(`${module} is not the helpers module of ${routingFile} (write it with \`resource-routes helpers\`)`);
}
