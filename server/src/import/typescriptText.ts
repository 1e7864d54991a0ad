import { type Behaviour, commentLines, type DrawSettings } from "resource-routes/internal";

import { PARTIAL_IMPORT_MARK } from "../analysis/partialImport";
import { argumentsText, UnwritableValue, valueText } from "../ruby/dslValues";
import { type ImportedRoutes, type ImportedStatement, mapperMethodsOf } from "../ruby/routesRb";
import { importedSettings } from "../ruby/rubyRoutingFile";
import { RubyCode, RubyHash, RubyRedirect, type RubyValue } from "../ruby/rubyValues";
import { isBindingName, isIdentifier } from "../text/javascriptNames";

/** How an import was made, said in the written file's first lines. */
export interface ImportTerms {
  /** The routes.rb's file name. */
  from: string;
  behaviour: Behaviour;
  /** Where the behaviour came from (`--behaviour`, RAILS_GEM_VERSION 2.3.2, the default …). */
  why: string;
  /** What `Rails.env` was taken as. */
  env: string;
  /** Rails 2.3.4 and later's order: a resource's nested routes before its own (the draw() setting nested_routes_first). */
  nestedRoutesFirst?: boolean;
}

/** The routing file an import writes: its header, then the calls (see typescriptRoutingFile). */
export function importedFileText(imported: ImportedRoutes, terms: ImportTerms): string {
  const left = imported.unread.length + unwritableCalls(imported.body);
  const unset = imported.unset?.length ?? 0;
  const code = writtenValues(imported.body, (value) => value instanceof RubyCode);
  const parts = [
    ...(left ? [`${left} part(s) could not be imported: each is below as a comment, with why`] : []),
    ...(code
      ? [
          `${code} constraint(s), redirect(s), Rack application(s), custom helper(s) or polymorphic mapping(s) are the application's Ruby code: each is written as a function that throws (unset()) when a request reaches its routes, its helper is called or its mapping is used, until it is written in TypeScript`,
        ]
      : []),
    ...(unset
      ? [
          `${unset} constant(s) the routes use are not set: each is declared below with unset(), and the declarations using them draw nothing until it has its value`,
        ]
      : []),
  ];
  const header = [
    `Imported from ${terms.from} by \`resource-routes import\`: behaviour ${terms.behaviour} (${terms.why}), Rails.env taken as ${terms.env}.`,
    ...(parts.length ? [`${PARTIAL_IMPORT_MARK}: ${parts.join("; ")}.`] : []),
    // The application's values the routes took: where each came from, for the reader to keep in step.
    ...(imported.fromApplication ?? []).map(({ name, value, from }) => `${name} is ${constantText(value)}, read from the application's ${from}.`),
  ];
  return typescriptRoutingFile(imported, header, terms.behaviour, terms.nestedRoutesFirst === true);
}

/** A constant's value as the header says it: as the DSL writes it, or said otherwise where it cannot. */
function constantText(value: RubyValue): string {
  try {
    return valueText(value);
  } catch (error) {
    if (error instanceof UnwritableValue) return "a value the DSL cannot take";
    throw error;
  }
}

/** draw()'s settings as the file writes them: `{ behaviour: "C", api_only: true, default_url_options: { host: "example.com" } }`. */
function settingsText(settings: DrawSettings): string {
  const text = (value: unknown): string =>
    typeof value === "object" && value !== null
      ? `{ ${Object.entries(value)
          .map(([key, item]) => `${isIdentifier(key) ? key : JSON.stringify(key)}: ${text(item)}`)
          .join(", ")} }`
      : JSON.stringify(value);
  return text(settings);
}

/**
 * The placeholders of the constants nothing gave, one a line: `unset()` throws, naming the constant,
 * when the file runs, and the analyser reports each use, until the line gives the value.
 */
function placeholderLines(unset: ImportedRoutes["unset"]): string[] {
  if (!unset?.length) return [];
  return [
    "// Not in the routes.rb, the application or --const: give each its value here (a regexp, a string…), or import again with --const NAME=VALUE.",
    ...unset.map((constant) => `const ${constant.identifier} = unset(${JSON.stringify(constant.unset)});`),
    "",
  ];
}

/** How many values of the calls written (not kept as comments) pass `test`: a redirect, and the file imports redirect(); code, and it imports unset(). */
function writtenValues(body: readonly ImportedStatement[], test: (value: RubyValue) => boolean): number {
  let count = 0;
  const visit = (value: RubyValue): void => {
    if (test(value)) count++;
    else if (value instanceof RubyRedirect) visit(value.to);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value instanceof RubyHash) for (const [, item] of value.entries) visit(item);
  };
  for (const statement of body) {
    if (statement.kind !== "call" || argumentsText(statement) instanceof UnwritableValue) continue;
    statement.args.forEach(visit);
    if (statement.block) count += writtenValues(statement.block.body, test);
  }
  return count;
}

/** How many calls hold a value the DSL cannot take (each written as a comment), blocks included. */
function unwritableCalls(body: readonly ImportedStatement[]): number {
  let count = 0;
  for (const statement of body) {
    if (statement.kind !== "call") continue;
    if (argumentsText(statement) instanceof UnwritableValue) count++;
    else if (statement.block) count += unwritableCalls(statement.block.body);
  }
  return count;
}

/**
 * The TypeScript routing file of imported mapper calls: `export default draw({ behaviour }, (map) =>
 * { … })`, each call as the DSL writes it, in the file's order, with its comments and blank lines,
 * and each part left unread as a comment saying why. A plugin's or an engine's routes are an
 * exported function of the mapper (`mapperFunction`) that the default export calls, so that the
 * file routes alone and the application's routing file can call it.
 */
function typescriptRoutingFile(imported: ImportedRoutes, header: readonly string[], behaviour: Behaviour, nestedRoutesFirst: boolean): string {
  const { body, preamble = [], mapperFunction } = imported;
  const methods = mapperMethodsOf(imported);
  const placeholders = imported.unset?.length || writtenValues(body, (value) => value instanceof RubyCode);
  const imports = [
    "draw",
    ...(writtenValues(body, (value) => value instanceof RubyRedirect) ? ["redirect"] : []),
    ...(placeholders ? ["unset"] : []),
    ...(mapperFunction ? ["type Mapper"] : []),
  ];
  const lines = [
    ...header.flatMap((line) => comments("", line)),
    ...preamble.flatMap((line) => comments("", line)),
    `import { ${imports.join(", ")} } from "resource-routes";`,
    "",
    ...placeholderLines(imported.unset),
  ];
  if (mapperFunction) {
    lines.push(`export function ${mapperFunction}(map: Mapper): void {`);
    statements(body, 1, lines, methods);
    lines.push("}", "");
  }
  const settings = settingsText(importedSettings({ behaviour, ...(nestedRoutesFirst ? { nestedRoutesFirst: true } : {}) }, imported));
  lines.push(`export default draw(${settings}, (${imported.modern ? "r" : "map"}) => {`);
  if (mapperFunction) lines.push(`  ${mapperFunction}(map);`);
  else statements(body, 1, lines, methods);
  lines.push("});", "");
  return lines.join("\n");
}

function statements(body: readonly ImportedStatement[], depth: number, lines: string[], methods: ReadonlySet<string>): void {
  const indent = "  ".repeat(depth);
  for (const statement of body) {
    switch (statement.kind) {
      case "blank":
        if (lines[lines.length - 1] !== "") lines.push("");
        break;
      case "comment":
        lines.push(...comments(indent, statement.text));
        break;
      case "note":
        lines.push(...comments(indent, `(import) ${statement.text}`));
        break;
      case "unread":
        lines.push(...comments(indent, `not imported (line ${statement.line}: ${statement.reason}):`));
        for (const text of commentLines(statement.text)) lines.push(`${indent}//   ${text}`);
        break;
      case "call": {
        const receiver = variableName(statement.receiver);
        const args = argumentsText(statement);
        if (args instanceof UnwritableValue) {
          lines.push(...comments(indent, `not imported (line ${statement.line}: ${args.message})`));
          break;
        }
        const call = methods.has(statement.method)
          ? `${receiver}.${statement.method}(${args.join(", ")}`
          : `${receiver}.named_route(${[JSON.stringify(statement.method), ...args].join(", ")}`;
        if (!statement.block) {
          lines.push(`${call});`);
          lines[lines.length - 1] = `${indent}${lines[lines.length - 1]}`;
          break;
        }
        // A modern block takes no variable: its calls are on the same mapper.
        const variable = statement.block.variable && variableName(statement.block.variable);
        lines.push(`${indent}${call}${args.length ? ", " : ""}(${variable}) => {`);
        statements(statement.block.body, depth + 1, lines, methods);
        lines.push(`${indent}});`);
        break;
      }
    }
  }
}

/**
 * `text` as `//` comments at `indent`, a comment a line: Ruby's comments and unread parts may hold
 * any character, and JavaScript ends a comment at U+2028 and U+2029 as at a newline.
 */
function comments(indent: string, text: string): string[] {
  return commentLines(text).map((line) => `${indent}//${line ? ` ${line}` : ""}`);
}

/** A Ruby block variable as a TypeScript parameter: a reserved word gets an underscore. */
export function variableName(name: string): string {
  return isBindingName(name) ? name : `${name}_`;
}
