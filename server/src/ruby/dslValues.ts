import { isIdentifier } from "../text/javascriptNames";
import type { ImportedCall } from "./routesRb";
import { RubyCode, RubyHash, RubyRedirect, RubyRegexp, RubySymbol, RubyTemplate, RubyUnset, type RubyValue, textOf } from "./rubyValues";

/*
 * Ruby values as the DSL's arguments: what the importer writes of a call, and what the reading of
 * a routes.rb declares (the same decision, so that the editor's routes are the written file's).
 */

/** A value the DSL cannot take as it is (Ruby-only regular expression syntax), with the reason. */
export class UnwritableValue extends Error {}

/**
 * A call holding a constant nothing gave (see RubyUnset): written whole with its placeholder, but
 * drawing no routes until the placeholder is given a value. Left out of the routes as an
 * unwritable call is, for the same reason: nothing can draw them.
 */
export class UnsetValue extends UnwritableValue {}

/**
 * A call's arguments as the DSL writes them, or why one cannot be: what decides, for the writer,
 * its proof and the declaration tree alike, whether a call is written or kept as a comment.
 */
export function argumentsText(call: ImportedCall): string[] | UnwritableValue {
  try {
    return call.args.map(valueText);
  } catch (error) {
    if (error instanceof UnwritableValue) return error;
    throw error;
  }
}

/** A Ruby value as the DSL takes it: symbols as strings, hashes as objects in their order. */
export function valueText(value: RubyValue): string {
  if (value === null) return "null";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof RubySymbol) return JSON.stringify(value.name);
  if (value instanceof RubyRegexp) return regexpText(value);
  // An unset constant is its placeholder's name, declared at the top of the written file.
  if (value instanceof RubyUnset) return value.identifier;
  if (value instanceof RubyTemplate) return templateText(value);
  if (Array.isArray(value)) return `[${value.map(valueText).join(", ")}]`;
  if (value instanceof RubyRedirect) return redirectText(value);
  if (value instanceof RubyCode) return codeText(value);
  if (value instanceof RubyHash) {
    if (value.entries.length === 0) return "{}";
    return `{ ${value.entries.map(([key, v]) => `${keyText(key)}: ${valueText(v)}`).join(", ")} }`;
  }
  throw new UnwritableValue("a value the DSL cannot take");
}

/**
 * The application's code (a constraint, a redirect's block, a Rack application), which only its
 * author can write in TypeScript: a function that throws, naming the Ruby it stands for, until it
 * is written. Its routes are drawn (the analyser knows a function and runs none); a request
 * reaches it only on them.
 */
function codeText({ code, line, role }: RubyCode, what: string = role === "application" ? "Rack application" : role): string {
  const shown = code.length > 80 ? `${code.slice(0, 77)}...` : code;
  return `() => unset(${JSON.stringify(`the ${what} of routes.rb line ${line}, \`${shown.replace(/\s+/g, " ")}\`, in TypeScript,`)})`;
}

/**
 * `redirect("/articles/%{id}", { status: 302 })`, the options form with its status among them
 * (`redirect({ path: "/help", status: 307 })`), or a block's placeholder (`redirect(() => unset("…"), { status: 302 })`).
 */
function redirectText({ to, status }: RubyRedirect): string {
  if (to instanceof RubyCode) return `redirect(${codeText(to, "redirect")}${status === null ? "" : `, { status: ${status} }`})`;
  if (to instanceof RubyHash) return `redirect(${valueText(status === null ? to : new RubyHash([...to.entries, [new RubySymbol("status"), status]]))})`;
  return `redirect(${valueText(to)}${status === null ? "" : `, { status: ${status} }`})`;
}

/** `"api/#{API_VERSION}/nodes"` as `` `api/${API_VERSION}/nodes` ``: the text escaped for a template, each unset constant its placeholder. */
function templateText(template: RubyTemplate): string {
  const text = template.parts.map((part) =>
    part instanceof RubyUnset ? `\${${part.identifier}}` : JSON.stringify(part).slice(1, -1).replace(/`/g, "\\`").replace(/\$\{/g, "\\${"),
  );
  return `\`${text.join("")}\``;
}

function keyText(key: RubyValue): string {
  const text = textOf(key) ?? (typeof key === "number" ? String(key) : undefined);
  if (text === undefined) throw new UnwritableValue("a hash key that is not a symbol, a string or a number");
  return isIdentifier(text) ? text : JSON.stringify(text);
}

/** A Ruby regular expression as the JavaScript literal that matches the same strings (see rubyRegexp.ts), or refused with the construct that has none. */
function regexpText(regexp: RubyRegexp): string {
  // Rails 2's RouteBuilder raises on it (ArgumentError): the routes.rb does not draw.
  if (regexp.flags.includes("m"))
    throw new UnwritableValue(`/${regexp.source}/${regexp.flags} has the multiline option, which Rails 2 refuses in routing requirements`);
  const javascript = regexp.javascript;
  if ("refused" in javascript)
    throw new UnwritableValue(`/${regexp.source}/ uses ${javascript.refused}, which JavaScript has not: write the requirement for JavaScript by hand`);
  return `/${javascript.source}/${javascript.flags}`;
}
