import type { Match } from "resource-routes";
import { type PathSegment, positionalKeys, type Route, routePath, type RouteSet } from "resource-routes/internal";

import { KeptFor } from "../incremental/keptFor";
import { reachingHelpers } from "../routing/reachingHelpers";
import { isIdentifier } from "../text/javascriptNames";
import { matchAmongCandidates } from "./literalRecognition";
import type { Substitution, UrlLiteral } from "./urlLiterals";

/** A URL literal's route, and the helper call that generates exactly the same URL. */
export interface LiteralMatch {
  /** The routing file whose routes recognise it. */
  uri: string;
  route: Route;
  /** The route's place in its route set (recognition order). */
  index: number;
  helper: string;
  /** `post_comments_path(post.id, { page: "2" })`: the call, without how the file reaches the helpers. */
  call: string;
  /**
   * Why the call is not known to write what the literal writes for every value of its
   * substitutions (a value written raw that the helper escapes): then nothing replaces the literal.
   */
  unproven?: string;
}

/** Numbers standing for the substitutions while the literal is recognised: digits match a default segment and most requirements. */
const PLACEHOLDER = 7_309_418_265_000;

/**
 * A routing file's routes to match literals against; `match`, where given, answers as
 * `routes.match` does (a kept match's owner knows where the answer must be, see KeptLiteralMatches).
 */
export interface LiteralRoutes {
  uri: string;
  routes: RouteSet;
  match?: (method: string, path: string) => Pick<Match, "route" | "index" | "recognition">;
}

/**
 * The route a literal names and its helper call, or undefined: recognised by the facility itself
 * (the first route set that recognises it with a named route), then generated back through the
 * helper, which must give the very text written (its query in the order the helper writes it),
 * so a rewrite never changes a URL.
 */
export function matchLiteral(literal: UrlLiteral, sets: readonly LiteralRoutes[]): LiteralMatch | undefined {
  const url = writtenUrl(literal);
  const named = queryValues(url.query);
  if (!named) return undefined;
  if (url.fragment !== undefined) named.push(["anchor", decodeURIComponent(url.fragment)]);
  const match = matchWith(literal, url, named, literal.method, sets);
  if (!match || literal.methodKnown) return match;
  // Sent by code that does not say how (`post(url)`, a project's own Ajax helper): GET is a guess, and no guess is written.
  const others = ["POST", "PUT", "PATCH", "DELETE"].flatMap((verb) => {
    const other = matchWith(literal, url, named, verb, sets);
    return other && other.route !== match.route && other.call !== match.call ? [`${verb} ${other.route.path} → ${other.route.target} (${other.call})`] : [];
  });
  if (others.length === 0) return match;
  const unproven = `the request's verb is not known, and the path's routes differ by verb: GET ${match.route.path} → ${match.route.target} (${match.call}), ${others.join(", ")}`;
  return { ...match, unproven };
}

/** The literal's match with `method`, its URL and named values read once for every method tried. */
function matchWith(
  literal: UrlLiteral,
  { written, substitutions, path }: ReturnType<typeof writtenUrl>,
  named: ReadonlyArray<[string, string]>,
  method: string,
  sets: readonly LiteralRoutes[],
): LiteralMatch | undefined {
  for (const { uri, routes, match } of sets) {
    let route: Route;
    let index: number;
    let params: Record<string, string>;
    try {
      const matched = match ? match(method, path) : matchAmongCandidates(routes, method, path);
      ({ route, index } = matched);
      params = matched.recognition.params;
    } catch {
      continue;
    }
    // A route without a name (POST /posts) is written by the helper of the named route of its path, as Rails' forms did.
    const name = helperNameOf(routes, route);
    if (!name) continue;
    const helper = `${name}_path`;
    const args: string[] = [];
    const values: unknown[] = [];
    // For each value, the substitution it stands for (its index), or -1 for text of the literal.
    const positions: number[] = [];
    for (const key of positionalKeys(route)) {
      const value = params[key];
      if (value === undefined) break;
      const index = Number(value) - PLACEHOLDER - 1;
      const isExpression = /^\d+$/.test(value) && index >= 0 && index < substitutions.length;
      args.push(isExpression ? substitutions[index].argument : JSON.stringify(value));
      values.push(value);
      positions.push(isExpression ? index : -1);
    }
    const rest = named.length ? [Object.fromEntries(named)] : [];
    if (named.length) args.push(`{ ${named.map(([key, value]) => `${isIdentifier(key) ? key : JSON.stringify(key)}: ${JSON.stringify(value)}`).join(", ")} }`);
    // Exact or nothing: the helper must write back what the literal holds (its route's alone: a route set's every helper is not made for it).
    const holder = routes.table.named.get(name)!;
    const fn = (...a: unknown[]) => routePath(holder, helper, a);
    if (generatedBy(fn, [...values, ...rest]) !== written) continue;
    // Every substitution is an argument, each once.
    if (substitutions.some((_, i) => positions.filter((at) => at === i).length !== 1)) continue;
    const unproven = substitutions.length
      ? unprovenFor(literal, substitutions, (probe) =>
          generatedBy(fn, [...values.map((v, j) => (positions[j] < 0 ? v : probe(substitutions[positions[j]]))), ...rest]),
        )
      : undefined;
    return { uri, route, index, helper, call: `${helper}(${args.join(", ")})`, ...(unproven ? { unproven: `${helper}: ${unproven}` } : {}) };
  }
  return undefined;
}

function generatedBy(helper: (...a: unknown[]) => string, args: unknown[]): string | undefined {
  try {
    return helper(...args);
  } catch {
    return undefined;
  }
}

/** Values the proof gives a substitution: any text (a slash, a query, a percent, a space, a non-ASCII letter, a dot, marks), or a number. */
const TEXT_PROBES = ["a/b", "a?b#c", "100%", "a b", "é", "a.b", "~!*'()", "7"];
const NUMBER_PROBES = [0, 7, 1_234_567_890, 42];

/**
 * Why the helper may write another URL than the literal for some value of its substitutions, or
 * undefined: each probe value (a number's for a number, any text's for anything else) written as
 * the literal writes it (raw, or through encodeURIComponent) against the helper's URL for it.
 */
function unprovenFor(
  literal: UrlLiteral,
  substitutions: readonly Substitution[],
  generate: (probe: (s: Substitution) => unknown) => string | undefined,
): string | undefined {
  for (let round = 0; round < TEXT_PROBES.length; round++) {
    const probe = (s: Substitution): unknown => (s.form === "number" ? NUMBER_PROBES[round % NUMBER_PROBES.length] : TEXT_PROBES[round]);
    let at = 0;
    const written = literal.pieces
      .map((piece) => {
        if ("text" in piece) return piece.text;
        const value = probe(substitutions[at++]);
        return piece.form === "encoded" ? encodeURIComponent(String(value)) : String(value);
      })
      .join("");
    const generated = generate(probe);
    if (generated === written) continue;
    const given = substitutions.map((s) => `${s.argument} = ${JSON.stringify(probe(s))}`).join(", ");
    const raw = substitutions.find((s) => s.form === "raw");
    return (
      `with ${given} the literal writes ${written} and the helper ${generated ?? "refuses it"}` +
      (raw && generated !== undefined ? ` (\`${raw.expression}\` is written as it is, and the helper escapes it)` : "")
    );
  }
  return undefined;
}

/**
 * The name whose helper writes a route's path: its own, or the first named route's of its path (as
 * reachingHelpers says; looked up per path asked, since a new version of the routes asks for few).
 */
function helperNameOf(routes: RouteSet, route: Route): string | undefined {
  if (route.name) return route.name;
  const byPath = namesOfPaths.get(routes, () => new Map());
  const path = route.path;
  if (!byPath.has(path)) byPath.set(path, reachingHelpers(routes.routes.filter((r) => sameSegments(r.segments, route.segments)))(route)[0]);
  return byPath.get(path);
}

/** Whether two routes' paths are the same, compared part by part: a pass over tens of thousands of routes writes none of their paths out. */
function sameSegments(a: readonly PathSegment[], b: readonly PathSegment[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i].length !== b[i].length) return false;
    for (let j = 0; j < a[i].length; j++) {
      const x = a[i][j];
      const y = b[i][j];
      if (x.kind !== y.kind || (x.kind === "static" ? x.text !== (y as typeof x).text : x.key !== (y as typeof x).key)) return false;
    }
  }
  return true;
}

const namesOfPaths = new KeptFor<RouteSet, Map<string, string | undefined>>();

/** Whether any route, named or not, recognises the literal (with its substitutions as values). */
export function recognisesLiteral(literal: UrlLiteral, sets: ReadonlyArray<{ routes: RouteSet }>): boolean {
  return sets.some(({ routes }) => literalRoute(literal, { match: (method, path) => matchAmongCandidates(routes, method, path) }) !== undefined);
}

/** The route that recognises the literal (with its substitutions as values), named or not. */
export function literalRoute(literal: UrlLiteral, routes: Pick<RouteSet, "match">): Route | undefined {
  try {
    return routes.match(literal.method, writtenUrl(literal).path).route;
  } catch {
    return undefined;
  }
}

/** Whether a recogniser (of some routes alone) recognises the literal. */
export function literalRecognised(literal: UrlLiteral, recogniser: Pick<RouteSet, "match">): boolean {
  return literalRoute(literal, recogniser) !== undefined;
}

/**
 * The literal written for a route that moved (a rename changed its path): the values it holds in
 * the route `before` recognises it with, given in order to the helper of `to` (that route `after`),
 * its query and fragment as written; each substitution once, in a template literal where there are
 * any, else in the literal's own quotes. Undefined where the new route does not generate it.
 */
export function movedLiteral(literal: UrlLiteral, quote: string, before: RouteSet, after: RouteSet, to: Route): string | undefined {
  const { substitutions, path, query, fragment } = writtenUrl(literal);
  const expressions = substitutions.map((s) => s.expression);
  let generated: string;
  try {
    const { route, recognition } = before.match(literal.method, path);
    const values: string[] = [];
    for (const key of positionalKeys(route)) {
      if (recognition.params[key] === undefined) break;
      values.push(recognition.params[key]);
    }
    const name = helperNameOf(after, to);
    if (!name) return undefined;
    generated = routePath(after.table.named.get(name)!, `${name}_path`, values);
  } catch {
    return undefined;
  }
  const written = `${generated}${query !== undefined ? `?${query}` : ""}${fragment !== undefined ? `#${fragment}` : ""}`;
  // Back to pieces: each number that stood for a substitution is its expression again, each once.
  const pieces = written.split(PLACEHOLDER_NUMBER);
  const used = pieces.filter((_, i) => i % 2 === 1).map((n) => Number(n) - 1);
  if (used.length !== expressions.length || new Set(used).size !== used.length || used.some((i) => !(i >= 0 && i < expressions.length))) return undefined;
  if (!expressions.length) return quote === '"' || quote === "'" ? quoted(written, quote) : `\`${templateText(written)}\``;
  return `\`${pieces.map((piece, i) => (i % 2 === 0 ? templateText(piece) : `\${${expressions[Number(piece) - 1]}}`)).join("")}\``;
}

/** A number standing for a substitution in `writtenUrl`, its index (from 1) captured. */
const PLACEHOLDER_NUMBER = new RegExp(`${String(PLACEHOLDER).slice(0, -3)}(\\d{3})`);

function templateText(text: string): string {
  return text.replace(/[\\`]|\$\{/g, (c) => `\\${c}`);
}

function quoted(text: string, quote: string): string {
  return `${quote}${text.replace(/\\/g, "\\\\").replace(new RegExp(quote, "g"), `\\${quote}`)}${quote}`;
}

/** The literal's URL with a number standing for each substitution, and its parts. */
function writtenUrl(literal: UrlLiteral) {
  const substitutions: Substitution[] = [];
  let written = "";
  for (const piece of literal.pieces) {
    if ("text" in piece) written += piece.text;
    else written += String(PLACEHOLDER + substitutions.push(piece));
  }
  const [beforeFragment, fragment] = splitOnce(written, "#");
  const [path, query] = splitOnce(beforeFragment, "?");
  return { written, substitutions, path, query, fragment };
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** `page=2&q=x` as named values, in order; undefined where the query is not plain `key=value` pairs. */
function queryValues(query: string | undefined): Array<[string, string]> | undefined {
  if (query === undefined || query === "") return query === "" ? undefined : [];
  const pairs: Array<[string, string]> = [];
  for (const pair of query.split("&")) {
    const match = /^([A-Za-z_][\w]*)=([^=]*)$/.exec(pair);
    if (!match) return undefined;
    try {
      pairs.push([match[1], decodeURIComponent(match[2].replace(/\+/g, " "))]);
    } catch {
      return undefined;
    }
  }
  return pairs;
}
