import { type Behaviour, commentText, helperNames, inOptionalGroup, positionalKeys, Route } from "resource-routes/internal";

import { isBindingName, isIdentifier } from "../text/javascriptNames";

/**
 * The types of a route set's helpers in a declaration file (routeTypes.ts), written one of two ways
 * that type every helper alike (tested so):
 * - written out: a member per helper, with the route in its comment and B's formatted_ aliases
 *   marked deprecated, so TypeScript's own hover and strike-through tell them;
 * - compact, above COMPACT_ABOVE named routes: one line a named route (its shape's number) and one
 *   mapped type that makes the helpers from it. A program then reads a sixth of the text, and the
 *   helpers' members only when it first reads one (draw<Routes> relates the route set without them).
 */
export const COMPACT_ABOVE = 2_000;

/** What a helper's parameters are: its segment keys in path order, and which of them it cannot do without. */
export interface HelperShape {
  keys: string[];
  required: boolean[];
}

export function helperShape(route: Route): HelperShape {
  // A key that stands twice (duplicate-segment-key) is one parameter: a signature cannot name it twice.
  const keys = [...new Set(positionalKeys(route))];
  return { keys, required: keys.map((key) => isRequired(route, key)) };
}

/** A helper's shape with the keys segment defaults fill made optional. */
export function withDefaults(shape: HelperShape, defaults: readonly string[]): HelperShape {
  return defaults.length ? { keys: shape.keys, required: shape.required.map((required, i) => required && !defaults.includes(shape.keys[i])) } : shape;
}

/** A segment value the helper cannot do without: before the optional tail, not B's optional format, with no default. */
export function isRequired(route: Route, key: string): boolean {
  if (key === "format" && route.optionalFormat) return false;
  if (Object.prototype.hasOwnProperty.call(route.defaults, key)) return false;
  const index = route.segments.findIndex((segment) => segment.some((part) => part.kind !== "static" && part.key === key));
  return index >= 0 && index < route.requiredSegments && !inOptionalGroup(route, key);
}

/**
 * The helpers' parameter shapes of a declaration file, each written once (`Helper3<Result>`, or
 * member 3 of the compact form's `Shapes<Result>`), so that a helper is one line however many ways
 * it can be called: many routes share a shape.
 */
export class HelperShapes {
  private readonly shapes = new Map<string, HelperShape & { number: number }>();

  /** The shape's number, the same for every route that shares it. */
  numberOf(shape: HelperShape): number {
    const id = shape.keys.map((key, i) => `${key}${shape.required[i] ? "" : "?"}`).join(",");
    let known = this.shapes.get(id);
    if (!known) this.shapes.set(id, (known = { number: this.shapes.size, ...shape }));
    return known.number;
  }

  /** The shape's generic type (`Helper3`), declared by lines(). */
  nameOf(shape: HelperShape): string {
    return `Helper${this.numberOf(shape)}`;
  }

  lines(): string[] {
    return [...this.shapes.values()].map((shape) => `type Helper${shape.number}<Result> = ${signatures(shape)};`);
  }

  /** The shapes as the members of an interface over the result, by number (`3: { … };`). */
  members(): string[] {
    return [...this.shapes.values()].map((shape) => `  ${shape.number}: ${signatures(shape)};`);
  }
}

/** The named routes a declaration file types, and how. */
export interface HelperTypesSource {
  named: Iterable<[string, Route]>;
  /** Whether a name is a named route's: B gives no formatted_ alias to a name whose alias is a route of its own. */
  isNamed(name: string): boolean;
  behaviour: Behaviour;
  /** Segment keys the context's `urls` fill (`types --default KEY`): optional in RouteUrls' name_path and name_url. */
  defaults: readonly string[];
  /** The custom helpers (behaviour C's `direct`): a name_path and a name_url each, taking nothing, or what a function of the application's takes. */
  directs: ReadonlyArray<{ name: string; computed: boolean }>;
}

/** The members of the custom helpers (`direct`), each answering its fixed URL or path, or its function's for the arguments given. */
function directLines(directs: HelperTypesSource["directs"]): string[] {
  return directs.flatMap(({ name, computed }) => {
    const parameters = computed ? "...args: unknown[]" : "";
    return [
      `  /** ${commentText(`direct ${name}`)} */`,
      `  ${property(`${name}_path`)}(${parameters}): string;`,
      `  ${property(`${name}_url`)}(${parameters}): string;`,
    ];
  });
}

/** The lines that declare `RouteHelpers` and `RouteUrls`, written out. */
export function writtenOutHelpers({ named, isNamed, behaviour, defaults, directs }: HelperTypesSource): string[] {
  const shapes = new HelperShapes();
  const helpers: string[] = [];
  // Behaviour B's deprecated formatted_ aliases, after every named route's own helpers.
  const aliases: string[] = [];
  // The context's urls where segment defaults fill a key: those helpers take it optionally.
  const urls: string[] = [];
  for (const [name, route] of named) {
    const shape = shapes.nameOf(helperShape(route));
    const aliased = behaviour === "B" && !isNamed(`formatted_${name}`);
    const filled = defaults.length ? shapes.nameOf(withDefaults(helperShape(route), defaults)) : shape;
    if (filled !== shape) {
      for (const helper of aliased ? [name, `formatted_${name}`] : [name]) {
        urls.push(`  ${property(`${helper}_path`)}: ${filled}<string>;`, `  ${property(`${helper}_url`)}: ${filled}<string>;`);
      }
    }
    helpers.push(`  /** ${commentText(`${route.verb} ${route.path} → ${route.target}`)} */`, ...helperLines(name, shape));
    if (!aliased) continue;
    aliases.push(`  /** @deprecated B's formatted_ aliases: use ${commentText(name)}_path with a format. */`, ...helperLines(`formatted_${name}`, shape));
  }
  return [
    HASH,
    ...shapes.lines(),
    "",
    "export interface RouteHelpers {",
    ...helpers,
    ...aliases,
    ...directLines(directs),
    "}",
    "",
    URLS_ABOUT,
    ...(urls.length ? ["export interface RouteUrls extends RouteHelpers {", ...urls, "}"] : ["export type RouteUrls = RouteHelpers;"]),
  ];
}

/** The lines that declare `RouteHelpers` and `RouteUrls`, compact: a table of names and the mapped type that reads it. */
export function compactHelpers({ named, isNamed, behaviour, defaults, directs }: HelperTypesSource): string[] {
  const shapes = new HelperShapes();
  const table: string[] = [];
  // Names whose formatted_ alias is a route of its own (B): no alias for them.
  const unaliased: string[] = [];
  // The shapes segment defaults change: those of RouteUrls' name_path and name_url.
  const filled: string[] = [];
  for (const [name, route] of named) {
    const shape = shapes.numberOf(helperShape(route));
    table.push(`  ${property(name)}: ${shape};`);
    if (behaviour === "B" && isNamed(`formatted_${name}`)) unaliased.push(JSON.stringify(name));
    const urlShape = defaults.length ? shapes.numberOf(withDefaults(helperShape(route), defaults)) : shape;
    if (urlShape !== shape) filled.push(`  ${property(name)}: ${urlShape};`);
  }
  const names = "keyof RouteNames & string";
  const aliased = behaviour === "A" ? "never" : unaliased.length ? `Exclude<${names}, ${unaliased.join(" | ")}>` : names;
  return [
    HASH,
    "/** The helpers' parameter lists by shape: positional values named after the path's segments, the required ones by name otherwise. */",
    "interface Shapes<Result> {",
    ...shapes.members(),
    "}",
    "/** Every named route, with its helpers' shape. */",
    "export interface RouteNames {",
    ...table,
    "}",
    "/** A named route's helpers: name_path and name_url, the hash_for_ ones (the options) and, for the names in Aliased, B's deprecated formatted_ aliases of all four. */",
    'type HelperNames<Name extends string, Aliased extends string> = `${"" | "hash_for_"}${Name | `formatted_${Aliased}`}_${"path" | "url"}`;',
    "/** A helper by its name less _path or _url: a route's own and its alias by Url's shape, the hash_for_ ones by the route's. */",
    "type HelperOf<Name, Names extends Record<keyof Names, keyof Shapes<unknown>>, Url extends Record<keyof Names, keyof Shapes<unknown>>> = Name extends keyof Names",
    "  ? Shapes<string>[Url[Name]]",
    "  : Name extends `hash_for_${infer Own extends keyof Names & string}` ? Shapes<Hash>[Names[Own]]",
    "  : Name extends `formatted_${infer Own extends keyof Names & string}` ? Shapes<string>[Url[Own]]",
    "  : Name extends `hash_for_formatted_${infer Own extends keyof Names & string}` ? Shapes<Hash>[Names[Own]]",
    "  : never;",
    // One mapped type, not an interface or an intersection: TypeScript relates it to another type without listing its members.
    "/** A route set's helpers from its names' shapes (Url: those of name_path and name_url). */",
    "type HelpersFrom<Names extends Record<keyof Names, keyof Shapes<unknown>>, Url extends Record<keyof Names, keyof Shapes<unknown>>, Aliased extends string> = {",
    "  [Helper in HelperNames<keyof Names & string, Aliased>]: HelperOf<Helper extends `${infer Name}_path` | `${infer Name}_url` ? Name : never, Names, Url>;",
    "};",
    "",
    ...(directs.length ? ["/** The custom helpers (`direct`). */", "interface DirectHelpers {", ...directLines(directs), "}"] : []),
    `export type RouteHelpers = HelpersFrom<RouteNames, RouteNames, ${aliased}>${directs.length ? " & DirectHelpers" : ""};`,
    "",
    URLS_ABOUT,
    ...(filled.length
      ? [
          "interface FilledNames {",
          ...filled,
          "}",
          `export type RouteUrls = HelpersFrom<RouteNames, Omit<RouteNames, keyof FilledNames> & FilledNames, ${aliased}>${directs.length ? " & DirectHelpers" : ""};`,
        ]
      : ["export type RouteUrls = RouteHelpers;"]),
  ];
}

const HASH = "/** What a hash_for_ helper gives: the options the route stands for. */\ntype Hash = Record<string, unknown>;";
const URLS_ABOUT = "/** The helpers of an action's context: the route set's, with the keys of HttpOptions.urlDefaults optional (`types --default KEY`). */";

function helperLines(name: string, shape: string): string[] {
  const [path, url, hashPath, hashUrl] = helperNames(name);
  return [
    `  ${property(path)}: ${shape}<string>;`,
    `  ${property(url)}: ${shape}<string>;`,
    `  ${property(hashPath)}: ${shape}<Hash>;`,
    `  ${property(hashUrl)}: ${shape}<Hash>;`,
  ];
}

/** A shape's call signatures over its result. */
function signatures(shape: HelperShape): string {
  return `{ ${parameterLists(shape)
    .map((list) => `${list}: Result;`)
    .join(" ")} }`;
}

/**
 * A helper's parameter lists, one per number of values given by position (all of them, down to
 * none): the required segments not given by position must be in the named values.
 */
function parameterLists({ keys, required }: HelperShape): string[] {
  const lists: string[] = [];
  for (let given = keys.length; given >= 0; given--) {
    const positional = keys.slice(0, given).map((key) => `${parameter(key)}: RouteValue`);
    const byName = keys.slice(given).filter((_, i) => required[given + i]);
    const options = byName.length ? `options: NamedValues & { ${byName.map((key) => `${property(key)}: RouteValue;`).join(" ")} }` : "options?: NamedValues";
    lists.push(`(${[...positional, options].join(", ")})`);
  }
  return lists;
}

/** A key as a property name: quoted unless it is a plain identifier. */
export function property(key: string): string {
  return isIdentifier(key) ? key : JSON.stringify(key);
}

/** A key as a parameter name: reserved words get a trailing underscore. */
function parameter(key: string): string {
  return isIdentifier(key) && !isBindingName(key) ? `${key}_` : key;
}
