import {
  associationName,
  baseName,
  commentText,
  DirectCode,
  EMPTY_MAP,
  Inflector,
  positionalKeys,
  resourceSingular,
  Route,
  type RouteSet,
} from "resource-routes/internal";

import { GENERATED_MARK } from "../files/generatedFile";
import type { ActionTypes } from "./controllerTypes";
import { COMPACT_ABOVE, compactHelpers, isRequired, property, writtenOutHelpers } from "./helperTypes";

/**
 * The declaration file of docs/typed-routes.md for one routing file (named in it by its base name): every helper with its positional
 * parameters named after the path's segments (a required one missing is a compile error), and the
 * params of every `controller#action` (the helpers written out or compact: helperTypes.ts). The routing file opts in with `draw<Routes>(…)`, so a
 * program with two route sets types each with its own file, and a routing file that does not opt
 * in compiles as before. Same routes, same text: nothing in it depends on time or machine.
 */
export function routeTypesOf(
  source: Pick<RouteSet, "table" | "routes" | "behaviour" | "settings" | "directs">,
  routingFile: string,
  { partial, controllers = controllerTypesPart(new Map()), only, defaults = [], compact }: RouteTypesOptions = {},
): string {
  const named = only ? [] : [...source.table.namedRoutes()];
  const directs = only ? [] : source.directs.map(({ name, target }) => ({ name, computed: target instanceof DirectCode }));
  const helperSource = { named, isNamed: (name: string) => source.table.named.has(name), behaviour: source.behaviour, defaults, directs };
  const helpers = (compact ?? named.length > COMPACT_ABOVE) ? compactHelpers(helperSource) : writtenOutHelpers(helperSource);

  const params = actionParams(
    only ? source.routes.filter((route) => only.has(route.target)) : source.routes,
    new Inflector(source.settings.inflections, source.behaviour),
  );
  return [
    `${GENERATED_MARK} from ${commentText(baseName(routingFile))}. Do not edit: \`resource-routes types\` writes it again,`,
    "// and so does the language server when the routing file changes (resourceRoutes.types.enabled).",
    ...(partial ? [`// PARTIAL: ${commentText(partial)}.`] : []),
    ...(defaults.length ? [`${TYPES_RECIPE}${JSON.stringify({ defaults })}`] : []),
    '// The routing file opts in with `export default draw<Routes>(…)`; controllers with `ActionContext<"posts#show">`.',
    `import type { ${only ? "UntypedHelpers, " : ""}NamedValues, RouteValue, TypedRouteSet } from "resource-routes";`,
    'import type { Action, ActionContext as UntypedActionContext } from "resource-routes/http";',
    "",
    ...(only ? ["export type RouteHelpers = UntypedHelpers;", "export type RouteUrls = UntypedHelpers;"] : helpers),
    "",
    "export interface RouteParamsByAction {",
    ...[...params].map(
      ([action, keys]) =>
        `  ${JSON.stringify(action)}: {${[...keys].map(([key, type]) => ` ${property(key)}${type === "required" ? "" : "?"}: ${type === "body" ? "unknown" : "string"};`).join("")}${keys.size ? " " : ""}};`,
    ),
    "}",
    "",
    "/** The route set of this routing file, typed: `export default draw<Routes>(…)`. */",
    "export type Routes = TypedRouteSet<RouteHelpers>;",
    "/**",
    ' * The params of an action: `RouteParams<"posts#show">` is `{ id: string; format?: string }`; where its controller',
    " * has a params schema, the schema's output over the path's segments.",
    " */",
    "export type RouteParams<Action extends keyof RouteParamsByAction> = ControllerTypes extends { [A in Action]: { params: infer Output } }",
    "  ? Omit<RouteParamsByAction[Action], keyof Output> & Output",
    "  : RouteParamsByAction[Action];",
    "/** What a client sends an action besides its path's segments: its params schema's input, else any params. */",
    "export type ActionInput<Action extends string> = ControllerTypes extends { [A in Action]: { input: infer Input } } ? Input : { [key: string]: unknown };",
    "/** What an action answers, as a client reads it: the JSON of what it returns, a string for text, else unknown. */",
    "export type ActionAnswer<Action extends string> = ControllerTypes extends { [A in Action]: { answer: infer Answer } } ? Answer : unknown;",
    "/**",
    ' * What an action receives, typed: `export function show(context: ActionContext<"posts#show">)`. Its params are the',
    " * route's segments and the resource's body (`post` for posts#create); other keys (a query string's) are read",
    " * through the untyped context's `Params`. Its `urls` are this route set's helpers.",
    " */",
    'export type ActionContext<Action extends keyof RouteParamsByAction, Request = unknown> = Omit<UntypedActionContext<Request>, "params" | "urls"> & {',
    "  params: RouteParams<Action>;",
    "  urls: RouteUrls;",
    "};",
    "/** The controllers the routes name, each with its actions: `const controllers: RouteControllers = { posts, … }` makes a missing one a compile error. */",
    "export type RouteControllers = {",
    "  [Target in keyof RouteParamsByAction as Target extends `${infer Controller}#${string}` ? Controller : never]: {",
    "    [A in keyof RouteParamsByAction as A extends `${Target extends `${infer Controller}#${string}` ? Controller : never}#${infer Name}` ? Name : never]: RouteAction<ActionContext<A>>;",
    "  };",
    "};",
    "/** An action of a controller map: typed with its own ActionContext, or with the untyped one. */",
    "type RouteAction<Context> = ((context: Context) => unknown) | Action;",
    "",
    controllers,
  ].join("\n");
}

/** The line the controllers' part of a declaration file starts with. */
const CONTROLLERS_MARK = "// Read from the controllers with TypeScript's checker by `resource-routes types`";

/**
 * The part of the declaration file read from the controllers (controllerTypes.ts): per
 * `controller#action`, its params schema's output and input and what it answers. Only `resource-routes
 * types` reads controllers (a whole TypeScript program); the language server, which writes the file
 * again as the routes change, keeps this part as the file has it (controllerTypesPartOf).
 */
export function controllerTypesPart(actions: ReadonlyMap<string, ActionTypes>): string {
  const entries = [...actions].map(
    ([action, types]) =>
      `  ${JSON.stringify(action)}: { ${types.params ? `params: ${types.params.output}; input: ${types.params.input}; ` : ""}answer: ${types.answer} };`,
  );
  return [`${CONTROLLERS_MARK}; the language server keeps this part as it is.`, "export interface ControllerTypes {", ...entries, "}", ""].join("\n");
}

/**
 * The controllers' part of a declaration file's text, or undefined where it has none.
 * @lintignore The language server loads this module with require() when it first writes a declaration file, which the unused-export check does not follow.
 */
export function controllerTypesPartOf(text: string): string | undefined {
  const at = text.indexOf(`\n${CONTROLLERS_MARK}`);
  return at < 0 ? undefined : text.slice(at + 1);
}

/** What a declaration file is made from besides the routes. */
export interface RouteTypesOptions {
  /** Why the file may lack routes the app has (a part not read statically): said in the file. */
  partial?: string;
  /** The controllers' part (controllerTypesPart). */
  controllers?: string;
  /**
   * Only these actions, and the helpers untyped: the file as the controllers' reading needs it
   * (controllerTypes.ts), small whatever the number of routes.
   */
  only?: ReadonlySet<string>;
  /** Segment keys the context's `urls` fill from HttpOptions.urlDefaults (`types --default locale`): optional in those helpers (RouteUrls). */
  defaults?: readonly string[];
  /** The helpers' types compact or written out (helperTypes.ts); by default compact above COMPACT_ABOVE named routes. */
  compact?: boolean;
}

/** The line that records a declaration file's segment defaults, for the language server to write it again with them. */
const TYPES_RECIPE = "// resource-routes types ";

/** The segment defaults a declaration file records (none where it records none). */
export function typesDefaultsOf(text: string): string[] {
  const line = text.split("\n", 6).find((l) => l.startsWith(TYPES_RECIPE));
  try {
    const recipe = line ? (JSON.parse(line.slice(TYPES_RECIPE.length)) as { defaults?: unknown }) : undefined;
    return Array.isArray(recipe?.defaults) ? recipe.defaults.filter((key): key is string => typeof key === "string") : [];
  } catch {
    return [];
  }
}

/**
 * The params of each `controller#action`: a segment key is required when every route to the
 * action has it as a required segment or a fixed param; a resource's routes also take the body
 * under the resource's singular name (`post` for posts#create), as Rails' forms sent it.
 */
function actionParams(routes: readonly Route[], inflector: Inflector): Map<string, Map<string, ParamType>> {
  const actions = new Map<string, Map<string, ParamType>>();
  for (const route of routes) {
    if (route.controller === null || route.action === null) continue;
    const keys = new Map<string, ParamType>();
    for (const key of positionalKeys(route)) if (key !== "action") keys.set(key, isRequired(route, key) ? "required" : "optional");
    for (const key of Object.keys(route.params)) keys.set(key, "required");
    const body = bodyKey(route, inflector);
    if (body && !keys.has(body)) keys.set(body, "body");
    const action = `${route.controller}#${route.action}`;
    const known = actions.get(action);
    if (!known) {
      actions.set(action, keys);
      continue;
    }
    for (const [key, type] of known) if (type === "required" && keys.get(key) !== "required") known.set(key, "optional");
    for (const [key, type] of keys) if (!known.has(key)) known.set(key, type === "body" ? "body" : "optional");
  }
  return actions;
}

type ParamType = "required" | "optional" | "body";

/**
 * The name a resource's form or JSON body comes under: the resource's singular (`post`, `account`),
 * a nested association's too (`comment` for `has_many: ["comments"]`, `profile` for `has_one`).
 */
function bodyKey(route: Route, inflector: Inflector): string | undefined {
  const origin = route.origin;
  const declaration = origin?.declaration;
  if (!declaration || (declaration.kind !== "resources" && declaration.kind !== "resource")) return undefined;
  if (origin.association === undefined) {
    const name = declaration.names[origin.nameIndex];
    return name === undefined ? undefined : resourceSingular(name, declaration.kind === "resource", declaration.options, inflector);
  }
  const name = associationName(declaration.options, origin.association);
  return name === undefined ? undefined : resourceSingular(name, origin.association.startsWith("has_one"), EMPTY_MAP, inflector);
}
