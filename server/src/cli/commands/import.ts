import * as fs from "fs";
import * as path from "path";
import { type Behaviour, printable } from "resource-routes/internal";

import { loadRoutingFile } from "../../analysis/routingFile";
import { expectedRoutes, routeDifferences } from "../../import/importCheck";
import { railsRoutes } from "../../import/railsRoutes";
import { importedFileText } from "../../import/typescriptText";
import { importedOutline, statementDifference } from "../../import/writtenStatements";
import { besideRoutes } from "../../ruby/besideRoutes";
import { withRailsNames } from "../../ruby/railsNames";
import { readInWorker } from "../../ruby/readInWorker";
import { type ImportedRoutes, ImportError, mapperMethodsOf } from "../../ruby/routesRb";
import { rubyDeclarations } from "../../ruby/rubyDeclarations";
import { importedSettings, railsBehaviour } from "../../ruby/rubyRoutingFile";
import { rubyLiteral } from "../../ruby/rubyValues";
import { ParsedArguments, UsageError } from "../args";
import { environmentOf, readRuby } from "../rubyFiles";
import { writeOrRefuse } from "./generatedOutput";
import { CommandResult } from "./result";

/**
 * `resource-routes import ROUTES.rb`: a Rails 2 routes.rb as the TypeScript routing file of the
 * DSL, read with Prism (Ruby's own parser) and never run; every part it cannot read statically
 * kept as a comment and reported. The written file is read back through the analyser and its routes
 * compared with the routes the imported calls draw.
 */
export async function importCommand(args: ParsedArguments): Promise<CommandResult> {
  const [file, ...extra] = args.positional;
  if (!file || extra.length) throw new UsageError("import takes one ROUTES.rb");
  const source = readRuby(file);
  const env = args.env ?? "production";
  // Rails 2's version (environment.rb, a vendored Rails) is not asked where --behaviour gives the behaviour.
  const { drawnFiles, ...beside } = besideRoutes(file, { behaviourGiven: !!args.behaviour, readEnvironment: environmentOf });
  const environment = beside.environment;
  let read;
  try {
    read = await readInWorker({ routes: source, ...beside, options: { env, constants: new Map(Object.entries(args.constants)), drawnFiles } });
  } catch (error) {
    if (error instanceof ImportError)
      return { stdout: [], stderr: [printable(`${file}:${error.line === undefined ? "" : `${error.line}:`} ${error.message}`)], exitCode: 1 };
    throw error;
  }
  const modern = read.imported.modern === true;
  if (modern && args.behaviour && args.behaviour !== "C")
    throw new UsageError(`${file} draws modern Rails' routes, which import as behaviour C: --behaviour ${args.behaviour} does not apply`);
  const decided: ReturnType<typeof railsBehaviour> = modern
    ? { behaviour: "C" as const, why: "modern Rails' routes: routes.draw with no mapper variable" }
    : args.behaviour
      ? { behaviour: args.behaviour, why: "--behaviour" }
      : railsBehaviour(environment !== undefined, read.railsGemVersion, undefined, read.vendoredRails);
  const { behaviour, why, defaulted } = decided;
  // Rails 2.3.4 and later drew a resource's nested routes first: written as the file's setting where the application runs one.
  const settings = importedSettings(decided, read.imported);
  // Each name where Rails 2's named-route table put it (the later of two routes named alike), or said where it cannot be; modern Rails refuses a name used twice.
  const named = modern ? { body: read.imported.body, kept: [], moved: [] } : withRailsNames(read.imported.body, settings);
  const imported = { ...read.imported, body: named.body };
  // Nothing the application holds decided it: said, since Rails 2.2 and earlier draw other routes.
  const guessed = defaulted ? [printable(`${file}: behaviour ${behaviour} (${why}): give --behaviour A if the application runs Rails 2.2 or earlier`)] : [];
  const text = importedFileText(imported, { from: path.basename(file), behaviour, why, env, nestedRoutesFirst: settings.nested_routes_first === true });
  const out = args.stdout ? undefined : (args.out ?? path.join(path.dirname(file), "routes.ts"));
  // What the file alone cannot tell, and calls whose values the DSL cannot take (kept as comments too), in file order.
  const unwritable = rubyDeclarations(imported.body, modern).refused.filter((call) => call.unwritable);
  const unreadLines = [
    ...imported.unread.map((u) => ({ line: u.line, why: u.reason })),
    ...unwritable.map((call) => ({ line: call.line, why: call.message })),
    ...named.kept.map((kept) => ({ line: kept.line, why: kept.message })),
  ]
    .sort((a, b) => a.line - b.line)
    .map(({ line, why }) => printable(`${file}:${line}: not imported: ${why}`));
  const partial = unreadLines.length > 0 && !args.allowPartial;
  const said = [...guessed, ...unreadLines];

  const expected = {
    routes: expectedRoutes(imported.body, settings),
    statements: importedOutline(imported.body, mapperMethodsOf(imported)),
    mapperFunction: imported.mapperFunction,
    unset: imported.unset,
  };
  if (args.check) {
    if (!out || !fs.existsSync(out)) throw new UsageError(`import --check reads the written file: ${out ?? "--out"} does not exist`);
    const written = fs.readFileSync(out, "utf8");
    return againstRails(args, file, behaviour, written, out, proof(written, out, expected, said, partial), imported).result;
  }
  // A text that Rails draws otherwise is disproved too: it is not written.
  const { result, disproved } = againstRails(
    args,
    file,
    behaviour,
    text,
    out ?? "the output",
    proof(text, out ?? "the output", expected, said, partial),
    imported,
  );
  // A text that does not parse, or reads as other routes, is neither printed nor written.
  if (disproved) return result;
  if (!out) return { ...result, stdout: [text.replace(/\n$/, "")] };
  // An import that fails writes nothing, as `types` does: --allow-partial writes a partial one, marked.
  if (result.exitCode !== 0) return { ...result, stderr: [...result.stderr, printable(`${out}: not written`)] };
  const written = writeOrRefuse(out, text, file, args.force);
  return { ...result, stdout: [printable(`${written} ${out} (${Array.isArray(expected.routes) ? expected.routes.length : 0} routes)`)] };
}

/**
 * The statements and routes the analyser reads from `text` against those the import wrote and
 * draws: `disproved` when the text does not parse, holds a statement the import did not write, or
 * its routes differ (a declaration the facility refuses is said, not a disproof: the file is what
 * routes.rb says).
 */
function proof(
  text: string,
  name: string,
  expected: { routes: ReturnType<typeof expectedRoutes>; statements: string[]; mapperFunction?: string; unset?: ImportedRoutes["unset"] },
  unread: string[],
  partial: boolean,
): { result: CommandResult; disproved: boolean } {
  const failed = (lines: string[], disproved: boolean) => ({ result: { stdout: [], stderr: [...unread, ...lines.map(printable)], exitCode: 1 }, disproved });
  const loaded = loadRoutingFile(text, name);
  // A file that does not parse is never proved: its routes could be read around the error.
  const syntax = loaded?.diagnostics.find((d) => d.code === "syntax-error");
  if (syntax) return failed([`${name} does not parse: ${syntax.message}`], true);
  const statement = statementDifference(text, expected.statements, expected.mapperFunction, expected.unset);
  if (statement) return failed([`${name}: ${statement}`], true);
  if (!Array.isArray(expected.routes)) return failed([`the imported declarations are refused: ${expected.routes.error}`], false);
  const differences = routeDifferences(expected.routes, loaded?.routes.routes.map((route) => route.toJSON()) ?? []);
  if (differences.length) return failed([`${name}: the routes read from it differ from the import's:`, ...differences], true);
  const stderr = [...unread, `${expected.routes.length} routes: the analyser reads from ${name} the routes the import draws, in order`];
  return {
    result: { stdout: [], stderr: partial ? [...stderr, "exit 1: parts were not imported (--allow-partial accepts that)"] : stderr, exitCode: partial ? 1 : 0 },
    disproved: false,
  };
}

/**
 * With `--rails PATH`, the proof goes on against Rails itself: the routes Rails' own routing code
 * draws from the routes.rb against those the analyser reads from the TypeScript text, in order.
 */
function againstRails(
  args: ParsedArguments,
  file: string,
  behaviour: Behaviour,
  text: string,
  name: string,
  proved: { result: CommandResult; disproved: boolean },
  { fromApplication, devise }: Pick<ImportedRoutes, "fromApplication" | "devise">,
): { result: CommandResult; disproved: boolean } {
  const { result } = proved;
  if (!args.rails) return proved;
  const fail = (lines: string[]) => ({ result: { ...result, stderr: [...result.stderr, ...lines.map(printable)], exitCode: 1 }, disproved: true });
  // Rails draws with the values the import used: the application's constants, then those given.
  const application = Object.fromEntries((fromApplication ?? []).map(({ name, value }) => [name, rubyLiteral(value)]));
  const rails = railsRoutes(args.rails, file, args.env ?? "production", { ...application, ...args.constants }, behaviour === "C", devise);
  if ("error" in rails) return fail([`${args.rails}: ${rails.error}`]);
  const railsBehaviourOf = rails.rails === "2.2" ? "A" : rails.rails === "2.3" ? "B" : "C";
  if (railsBehaviourOf !== behaviour)
    return fail([
      `${args.rails} holds Rails ${rails.rails}, whose routes are behaviour ${railsBehaviourOf}; the import is ${behaviour}: give --behaviour ${railsBehaviourOf}, or a Rails ${behaviour === "A" ? "2.2" : "2.3"} checkout`,
    ]);
  const differences = routeDifferences(rails.routes, loadRoutingFile(text, name)?.routes.routes.map((route) => route.toJSON()) ?? []);
  if (differences.length)
    return fail([`${name}: the routes read from it differ from those Rails ${rails.rails} drew from ${path.basename(file)}:`, ...differences]);
  const agreed = `${rails.routes.length} routes: Rails ${rails.rails}'s own routing code draws from ${path.basename(file)} the routes the analyser reads from ${name}, in order`;
  return { result: { ...result, stderr: [...result.stderr, agreed] }, disproved: proved.disproved };
}
