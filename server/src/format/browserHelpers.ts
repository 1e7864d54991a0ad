import picomatch from "picomatch";
import {
  baseName,
  BEHAVIOURS,
  checkedRequirementKeys,
  commentText,
  DEFAULT_SEGMENT_PATTERN,
  DirectCode,
  type GenerationRules,
  groupForms,
  inOptionalGroup,
  type PathSegment,
  positionalKeys,
  requestMethodsOf,
  Route,
  type RouteSet,
  segmentKeys,
} from "resource-routes/internal";

import { controllerModuleName } from "../files/controllerFileName";
import { GENERATED_MARK } from "../files/generatedFile";
import { reachingHelpers } from "../routing/reachingHelpers";
import { isBindingName, isIdentifier } from "../text/javascriptNames";
import { type HelpersRecipe, type HelpersSelection, RECIPE } from "./helpersRecipe";
import { type HelperShape, helperShape, HelperShapes, withDefaults } from "./helperTypes";
import { recognitionData } from "./routeRecognition";
import { HELPERS_CORE, HELPERS_DECLARATIONS, HELPERS_QUERY, HELPERS_QUERY_OMITTING_NULL, HELPERS_RECOGNITION } from "./shipped/texts";

/** One ES module of helpers and the declaration file beside it. */
interface HelpersModuleText {
  js: string;
  dts: string;
  /** The route of each target it exports, by its exported name: what its client module calls. */
  targetRoutes: Map<string, Route>;
  /**
   * By target name, the other routes of its `controller#action` that take its method, each with the
   * helper of this module that writes its URL (its name, or its path's named route's): the client
   * reaches them by that name (`todosUpdate({ id }, { route: "todo" })`).
   */
  targetAlternatives: Map<string, Array<{ helper: string; route: Route }>>;
}

/** A controller's own module (`--split`): its named routes' helpers and its targets. */
interface ControllerModule extends HelpersModuleText {
  controller: string;
}

/** A helpers module: the ES module and the declaration file beside it, and with `--split` a module per controller. */
export interface HelpersModule extends HelpersModuleText {
  /** How many helpers (`_path` and `_url`) and targets (`controller#action`) the modules export. */
  helpers: number;
  targets: number;
  /** Why each route the selection kept has no export: a line each (a name JavaScript refuses, or one another export took). */
  leftOut: string[];
  /** The controllers' own modules (`--split`), by controller; none otherwise. */
  controllers: ControllerModule[];
  /** The shape of a route's helpers as declared (segment keys, which are required once defaults are counted). */
  shapeOf(route: Route): HelperShape;
}

/**
 * The functions of the main module's core that the controllers' modules build on (`--split`):
 * exported by it, declared nowhere, as `$query` is for the client module.
 */
const SHARED_CORE = ["$path", "$url", "$form", "$grouped", "$omit"];

/**
 * The URL helpers of a routing file as a standalone ES module for the browser (or any runtime): one
 * named export per `_path`/`_url` helper and per `controller#action` target, plain functions over
 * inline route data and a small shared core, so a bundler keeps only the helpers imported. Each
 * answers exactly what the runtime's `routes.helpers` answers (the core below is generate.ts's
 * rules in plain JavaScript). With `split`, each controller's helpers and targets are a module of
 * their own that imports the core from the main one, so that a program (and a TypeScript
 * editor) reads only the controllers it imports; `moduleFile` is the main module's file name, which they
 * import (`routes.js`: `routes/posts.js` beside it imports `../routes.js`). Same routes, same text.
 */
export function helpersModuleOf(
  source: Pick<RouteSet, "table" | "settings" | "behaviour" | "directs" | "helpers">,
  recipe: HelpersRecipe,
  moduleFile = "routes.js",
): HelpersModule {
  const { routes: routingFile, defaults = [], client = false, split = false, ...selection } = recipe;
  const selected = routeFilter(selection);
  const leftOut: string[] = [];
  const shapeOf = (route: Route) => withDefaults(helperShape(route), defaults);
  const rules = BEHAVIOURS[source.behaviour];
  const main = new ModuleBuilder(shapeOf, rules);
  const controllers = new Map<string, ModuleBuilder>();
  // A route's module: its controller's where split and the controller names a file, else the main one.
  const builderOf = (route: Route): ModuleBuilder => {
    const controller = split ? controllerModuleName(route.controller) : undefined;
    if (controller === undefined) return main;
    let builder = controllers.get(controller);
    if (!builder) controllers.set(controller, (builder = new ModuleBuilder(shapeOf, rules)));
    return builder;
  };
  // Who holds each exported name: the core's own first, then the helpers, then the targets. One
  // namespace for every module, so that splitting them never renames an export.
  const taken = new Map<string, string>(CORE_EXPORTS.map((name) => [name, "the module's own export"]));
  let helpers = 0;
  for (const [name, route] of source.table.namedRoutes()) {
    if (!selected(route)) continue;
    if (!isIdentifier(`${name}_path`)) {
      leftOut.push(`route ${name}: ${name}_path is not a JavaScript name: no helper exported`);
      continue;
    }
    builderOf(route).helper(name, route);
    taken.set(`${name}_path`, `route ${name}`).set(`${name}_url`, `route ${name}`);
    helpers += 2;
  }
  helpers += directHelpersOf(source, main, taken, leftOut);
  let targets = 0;
  const targetOf = new Map<string, string>();
  for (const [target, route] of targetRoutes(source.table.routes, selected, taken, leftOut)) {
    builderOf(route).target(target, route);
    targetOf.set(route.target, target);
    targets++;
  }
  // The other routes of each target's action, where its module has their helper.
  const reaching = reachingHelpers(source.table.routes);
  for (const route of source.table.routes) {
    const target = targetOf.get(route.target);
    const builder = target === undefined || !selected(route) ? undefined : builderOf(route);
    const first = target === undefined ? undefined : builder?.targetRoutes.get(target);
    const helper = reaching(route)[0];
    if (!builder || !first || first === route || targetMethod(first) !== targetMethod(route) || !helper || !builder.helperNames.has(helper)) continue;
    const alternatives = builder.targetAlternatives.get(target!) ?? [];
    const firstHelper = reaching(first)[0];
    if (helper !== firstHelper && !alternatives.some((a) => a.helper === helper)) builder.targetAlternatives.set(target!, [...alternatives, { helper, route }]);
  }

  const header = (recipeLine: boolean) => [
    `${GENERATED_MARK} from ${commentText(baseName(routingFile))}. Do not edit: \`resource-routes helpers\` writes it again, and so does the language server.`,
    ...(recipeLine
      ? [
          `${RECIPE}${lineSafeJson({ routes: routingFile, include: selection.include ?? [], exclude: selection.exclude ?? [], ...(defaults.length ? { defaults } : {}), ...(client ? { client } : {}), ...(split ? { split } : {}) })}`,
        ]
      : []),
  ];
  // Every route, selected or not: match() answers as the server does, so a route left out of the helpers still takes its requests.
  const controllerNames = [...new Set(source.table.routes.flatMap((route) => (route.controller === null ? [] : [route.controller])))];
  const table = source.table.routes.map((route) => recognitionData(route, controllerNames, rules));
  return {
    // Parsed rather than written as a literal: a `__proto__` key stays a key.
    js: [
      ...header(true),
      `const $defaults = /* @__PURE__ */ JSON.parse(${JSON.stringify(JSON.stringify(source.settings.default_url_options ?? {}))});`,
      HELPERS_CORE,
      rules.queryKeepsNull ? HELPERS_QUERY : HELPERS_QUERY_OMITTING_NULL,
      `export { ${[...(split ? SHARED_CORE : []), "$query"].join(", ")} };`,
      `const $table = /* @__PURE__ */ JSON.parse(${JSON.stringify(lineSafeJson(table))});`,
      `const $METHODS = ${JSON.stringify(requestMethodsOf(rules))};`,
      `const $SQUEEZE = ${rules.squeezesSlashes};`,
      HELPERS_RECOGNITION,
      ...main.js,
      "",
    ].join("\n"),
    dts: [...header(true), HELPERS_DECLARATIONS, ...main.shapes.lines(), ...main.dts, ""].join("\n"),
    targetRoutes: main.targetRoutes,
    targetAlternatives: main.targetAlternatives,
    controllers: [...controllers].map(([controller, builder]) => {
      const up = "../".repeat(controller.split("/").length);
      const core = JSON.stringify(`${up}${moduleFile}`);
      return {
        controller,
        js: [
          ...header(false),
          `import { ${SHARED_CORE.filter((name) => (name !== "$grouped" || builder.grouped) && (name !== "$omit" || builder.omits)).join(", ")} } from ${core};`,
          ...builder.js,
          "",
        ].join("\n"),
        dts: [
          ...header(false),
          `import type { FormTarget, NamedValues, RouteValue, Target } from ${core};`,
          ...builder.shapes.lines(),
          ...builder.dts,
          "",
        ].join("\n"),
        targetRoutes: builder.targetRoutes,
        targetAlternatives: builder.targetAlternatives,
      };
    }),
    helpers,
    targets,
    leftOut,
    shapeOf,
  };
}

/**
 * The custom helpers (behaviour C's `direct`), in the main module: their URLs are fixed by the
 * routing file (and default_url_options), so each is its answer, made here by the facility's own
 * helper. One whose URL cannot be made (a route it names is missing, no host) is left out, said.
 */
function directHelpersOf(source: Pick<RouteSet, "directs" | "helpers">, main: ModuleBuilder, taken: Map<string, string>, leftOut: string[]): number {
  let made = 0;
  const helpers = source.helpers as unknown as Record<string, () => string>;
  for (const { name, target } of source.directs) {
    if (!isIdentifier(`${name}_path`) || taken.has(`${name}_path`) || taken.has(`${name}_url`)) {
      leftOut.push(`direct ${name}: ${name}_path is not a free JavaScript name: no helper exported`);
      continue;
    }
    if (target instanceof DirectCode) {
      leftOut.push(`direct ${name}: its URL is the answer of the application's function, which the browser module does not carry`);
      continue;
    }
    let url: string;
    let path: string;
    try {
      url = helpers[`${name}_url`]();
      path = helpers[`${name}_path`]();
    } catch (error) {
      leftOut.push(`direct ${name}: ${(error as Error).message}`);
      continue;
    }
    main.direct(name, url, path);
    taken.set(`${name}_path`, `direct ${name}`).set(`${name}_url`, `direct ${name}`);
    made += 2;
  }
  return made;
}

/** What one module holds as it is made: its route data, exports and declarations, and the shapes they use. */
class ModuleBuilder {
  readonly js: string[] = [];
  readonly dts: string[] = [];
  readonly shapes = new HelperShapes();
  readonly targetRoutes = new Map<string, Route>();
  readonly targetAlternatives = new Map<string, Array<{ helper: string; route: Route }>>();
  /** The named routes whose helpers it exports. */
  readonly helperNames = new Set<string>();
  /** Whether a route of its has optional groups (its helpers then pick a form with $grouped). */
  grouped = false;
  /** Whether a helper leaves out optional parts given their defaults ($omit). */
  omits = false;
  private readonly data = new Map<Route, string>();

  constructor(
    private readonly shapeOf: (route: Route) => HelperShape,
    private readonly rules: GenerationRules,
  ) {}

  helper(name: string, route: Route): void {
    const about = `/** ${commentText(`${route.verb} ${route.path} → ${route.target}`)} */`;
    this.js.push(`export function ${name}_path(...args) { return $path(${this.call(route, `${name}_path`)}); }`);
    this.js.push(`export function ${name}_url(...args) { return $url(${this.call(route, `${name}_url`)}); }`);
    const shape = this.shapes.nameOf(this.shapeOf(route));
    this.dts.push(about, `export declare const ${name}_path: ${shape}<string>;`, about, `export declare const ${name}_url: ${shape}<string>;`);
    this.helperNames.add(name);
  }

  /** A custom helper (`direct`): its URL and path, fixed. */
  direct(name: string, url: string, path: string): void {
    const about = `/** ${commentText(`direct ${name}: ${url}`)} */`;
    this.js.push(`export function ${name}_path() { return ${lineSafeJson(path)}; }`, `export function ${name}_url() { return ${lineSafeJson(url)}; }`);
    this.dts.push(about, `export declare function ${name}_path(): string;`, about, `export declare function ${name}_url(): string;`);
  }

  target(name: string, route: Route): void {
    const method = targetMethod(route);
    this.js.push(`export function ${name}(...args) { return { url: $path(${this.call(route, name)}), method: "${method}" }; }`);
    this.js.push(`export function ${name}Form(...args) { return $form(${this.call(route, `${name}Form`)}, "${method}"); }`);
    const shape = this.shapes.nameOf(this.shapeOf(route));
    const about = `/** ${commentText(`${route.target}: ${route.verb} ${route.path}`)} */`;
    this.dts.push(
      about,
      `export declare const ${name}: ${shape}<Target<"${method}">>;`,
      about,
      `export declare const ${name}Form: ${shape}<FormTarget<"${method}">>;`,
    );
    this.targetRoutes.set(name, route);
  }

  /** The core's arguments for a helper of `route` named `helper`: its data, the name, the call's arguments; a route with optional groups picks its form first. */
  private call(route: Route, helper: string): string {
    const r = this.dataOf(route);
    // A route whose optional parts have defaults (C) leaves out a value equal to one, first.
    const omits = this.rules.omitsOptionalDefaults && optionalDefaults(route).length > 0;
    if (omits) this.omits = true;
    const args = omits ? `$omit(${route.groups.length ? `${r}[0]` : r}, "${helper}", args)` : "args";
    if (!route.groups.length) return `${r}, "${helper}", ${args}`;
    this.grouped = true;
    return `...$grouped(${r}, "${helper}", ${args})`;
  }

  private dataOf(route: Route): string {
    let name = this.data.get(route);
    if (!name) {
      name = `$r${this.data.size}`;
      this.data.set(route, name);
      this.js.push(`const ${name} = ${route.groups.length ? groupedData(route, this.rules) : formData(route, route.segments, [], this.rules)};`);
    }
    return name;
  }
}

/** JSON that stays on its line: U+2028 and U+2029, which JSON leaves raw, end a `//` comment in JavaScript. */
function lineSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The method a target (and the client's request) uses: its route's one method, else GET. */
export function targetMethod(route: Route): string {
  return route.methods?.length === 1 ? route.methods[0] : "get";
}

/** The names the module's core exports (shipped/helpers.js): no helper or target may take them. */
const CORE_EXPORTS = ["RoutingError", "configure", "match", "current", "isCurrent", "ResponseError"];

function routeFilter({ include = [], exclude = [] }: HelpersSelection): (route: Route) => boolean {
  const matcher = (globs: readonly string[]) => (globs.length ? picomatch([...globs], { dot: true }) : undefined);
  const included = matcher(include);
  const excluded = matcher(exclude);
  const matches = (test: (text: string) => boolean, route: Route) => (route.name !== null && test(route.name)) || test(route.path);
  return (route) => (!included || matches(included, route)) && !(excluded && matches(excluded, route));
}

/**
 * One target per `controller#action` a route names: the first such route in recognition order, as
 * `url_for(controller:, action:)` found it; named in camel case (`admin/users#index` →
 * `adminUsersIndex`), with its form variant (`adminUsersIndexForm`). A target whose name, or its
 * form variant's, is not a JavaScript function name (`new`) or is `taken` already is left out,
 * with a line in `leftOut` that says why.
 */
function targetRoutes(routes: readonly Route[], selected: (route: Route) => boolean, taken: Map<string, string>, leftOut: string[]): Map<string, Route> {
  const targets = new Map<string, Route>();
  const seen = new Set<string>();
  for (const route of routes) {
    if (route.controller === null || route.action === null || seen.has(route.target) || !selected(route)) continue;
    seen.add(route.target);
    const words = `${route.controller}/${route.action}`.split(/_+|[^\p{ID_Continue}]+/u).filter(Boolean);
    const name = words.map((word, i) => (i === 0 ? word : word[0].toUpperCase() + word.slice(1))).join("");
    const holder = taken.get(name) ?? taken.get(`${name}Form`);
    const why = !isBindingName(name) ? "is not a name a JavaScript function can have" : holder !== undefined ? `is taken by ${holder}` : undefined;
    if (why !== undefined) {
      leftOut.push(`${route.target}: its target ${name || '""'} ${why}: no target exported (name the route to get helpers)`);
      continue;
    }
    taken.set(name, `${route.target}'s target`).set(`${name}Form`, `${route.target}'s form target`);
    targets.set(name, route);
  }
  return targets;
}

/**
 * A route with optional groups as $grouped reads it: one route a form (see groupForms), the fullest
 * first, each with the keys of the groups it keeps and those of the groups it leaves out.
 */
function groupedData(route: Route, rules: GenerationRules): string {
  // The keys of the groups' segments: those the forms keep or leave out.
  const grouped = groupKeys(route);
  const forms = groupForms(route).map((form) => {
    const kept = segmentKeys(form.segments);
    return formData(route, form.segments, [grouped.filter((key) => kept.includes(key)), grouped.filter((key) => !kept.includes(key))], rules);
  });
  return `[${forms.join(", ")}]`;
}

/**
 * A route as the core reads it: `[how errors name it, segments, positional keys, required segments,
 * optional format, defaults, requirements]`, then, for one form of a route's groups, the keys of the
 * groups it keeps and leaves out (`more`), and last the defaults of its optional parts that a value
 * equal to them leaves out (C, as Journey does). A segment's parts are text, `[key]` or `[key, 1]`
 * (a glob); defaults and requirements are `[key, …]` lists (an object literal would read a
 * `__proto__` key as its prototype). The requirements are the patterns generation checks values
 * against, by the behaviour's rules: every value but a glob's, against its pattern or the default
 * one (A, B); the values of required, constrained segments, globs too (C; see checkedRequirementKeys).
 */
function formData(route: Route, segments: readonly PathSegment[], more: unknown[], rules: GenerationRules): string {
  const written = segments.map((segment) => segment.map((part) => (part.kind === "static" ? part.text : part.kind === "glob" ? [part.key, 1] : [part.key])));
  // An optional format's default is never written, as the runtime's generation never writes it.
  const defaults = Object.entries(route.defaults).filter(([key]) => !(route.optionalFormat && key === "format"));
  // A requirement tests the whole value once: without the global and sticky flags, which would make the test stateful.
  const pattern = (key: string) => {
    const requirement = route.requirements[key];
    const flags = requirement?.flags.replace(/[gy]/g, "");
    return [key, requirement?.source ?? DEFAULT_SEGMENT_PATTERN, ...(flags ? [flags] : [])];
  };
  const requirements = rules.checksRequiredPartsOnly
    ? [...checkedRequirementKeys(route, rules)].map(pattern)
    : [...new Set(route.segments.flatMap((segment) => segment.flatMap((part) => (part.kind === "param" ? [part.key] : []))))].map(pattern);
  const omitted = rules.omitsOptionalDefaults ? optionalDefaults(route) : [];
  const named = `${route.verb} ${route.path}${route.name ? `, named ${route.name}` : ""}`;
  const required = route.groups.length ? segments.length : route.requiredSegments;
  const tail = omitted.length ? [...(more.length ? more : [0, 0]), omitted] : more;
  return JSON.stringify([named, written, positionalKeys(route), required, route.optionalFormat ? 1 : 0, defaults, requirements, ...tail]);
}

/** The defaults of a route's optional parts (its groups' keys, its optional format), as text. */
function optionalDefaults(route: Route): Array<[string, string]> {
  const optional = new Set(groupKeys(route));
  if (route.optionalFormat) optional.add("format");
  return [...optional].flatMap((key) => (key in route.defaults ? [[key, route.defaults[key]] as [string, string]] : []));
}

/** The keys in a route's optional groups, in path order. */
function groupKeys(route: Route): string[] {
  return segmentKeys(route.segments).filter((key) => inOptionalGroup(route, key));
}
