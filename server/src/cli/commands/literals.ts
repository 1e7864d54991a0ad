import * as fs from "fs";
import * as path from "path";
import { printable } from "resource-routes/internal";
import { GENERATED_MARK, projectRoot, UnsafeWrite, writeGeneratedFile } from "../../files/generatedFile";
import { helpersRecipeOf } from "../../format/browserHelpers";
import { addedSyntaxError, DEFAULT_ASSET_GLOBS, DEFAULT_FRONT_END_GLOBS, globTest, rewriteLiterals, type RoutingFiles } from "../../literals/literalRewrites";
import { UsageError } from "../args";
import { defaultHelpersModule } from "./helpers";
import { ParsedArguments } from "../args";
import { discoverRoutingFile } from "../discover";
import { loadFile } from "../load";
import { CommandResult } from "./result";
import { literalSourceFiles } from "../sourceFiles";

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
  const files = literalSourceFiles(args.positional, routingFile, args.include, args.exclude);
  const stdout: string[] = [];
  const stderr: string[] = [];
  let remaining = 0;
  let rewritten = 0;
  let failed = false;
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    if (text.startsWith(GENERATED_MARK)) continue;
    const rewrite = rewriteLiterals(path.resolve(file), text, routing, {
      assetGlobs: args.assets.length ? args.assets : DEFAULT_ASSET_GLOBS,
      frontEnd: (name) => frontEnd(path.relative(process.cwd(), name).replace(/\\/g, "/")),
    });
    if (rewrite.unparsable) stderr.push(printable(`${path.relative(process.cwd(), file)}: not scanned: nested too deeply for TypeScript's parser`));
    for (const found of rewrite.found) {
      if (!found.match && !args.unknown) continue;
      const where = `${path.relative(process.cwd(), file)}:${found.line}`;
      if (args.json)
        stdout.push(
          JSON.stringify({
            file: where,
            literal: found.text,
            route: found.match ? `${found.match.route.verb} ${found.match.route.path}` : null,
            replacement: found.replacement ?? null,
          }),
        );
      else if (found.match) stdout.push(printable(`${where}: ${found.text} → ${found.replacement} (${found.match.route.target})`));
      else stdout.push(printable(`${where}: ${found.text}: ${found.recognised ? "its route has no name, so no helper writes it" : "no route recognises it"}`));
      if (found.match) remaining++;
    }
    if (args.fix && rewrite.text !== text) {
      // Written only over the text that was read: a file changed meanwhile is left for the next run.
      if (fs.readFileSync(file, "utf8") !== text) {
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
        writeGeneratedFile(file, rewrite.text, projectRoot(file), true);
      } catch (error) {
        stderr.push(printable(`${file}: not rewritten: ${error instanceof UnsafeWrite ? error.message : (error as Error).message}`));
        failed = true;
        continue;
      }
      rewritten++;
    }
  }
  if (args.fix) stderr.push(`${rewritten} file(s) rewritten, ${remaining} literal(s) replaced by helper calls`);
  else stderr.push(`${remaining} literal(s) a helper call can replace, in ${files.length} file(s) scanned${remaining ? " (--fix replaces them)" : ""}`);
  return { stdout, stderr, exitCode: failed || (args.failOnLiterals && remaining > 0 && !args.fix) ? 1 : 0 };
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
