import type { Route } from "resource-routes/internal";

import { controllerModuleName } from "../files/controllerFileName";
import { GENERATED_MARK } from "../files/generatedFile";

/*
 * What a helpers module is made from and where its files go, and where a routing file's
 * declaration file goes: read by the language server, the indexer and the literal fixes without
 * loading the generators (browserHelpers.ts, routeTypes.ts).
 */

/** Which routes a helpers module holds: globs on a route's name or path (`admin_*`, `/admin/**`). */
export interface HelpersSelection {
  include?: readonly string[];
  exclude?: readonly string[];
}

/** What a helpers module is made from, recorded in it for the language server to make it again. */
export interface HelpersRecipe extends HelpersSelection {
  /** The routing file, relative to the module's folder, with `/`. */
  routes: string;
  /** Segment keys `configure({ defaults })` fills: optional in every signature (`--default locale`). */
  defaults?: readonly string[];
  /** Whether the typed client module (browserClient.ts) is made beside it (`--client`). */
  client?: boolean;
  /** Whether each controller's helpers and targets are a module of their own (`--split`). */
  split?: boolean;
}

/** The second line of a helpers module: what it was made from, for the language server to make it again. */
export const RECIPE = "// resource-routes helpers ";

/**
 * The module that exports a route's helpers and target: the main module, or with `split` its
 * controller's own where the controller names one.
 */
export function helpersModuleOfRoute(mainModule: string, split: boolean, route: Route): string {
  const controller = split ? controllerModuleName(route.controller) : undefined;
  return controller === undefined ? mainModule : controllerModuleFile(mainModule, controller);
}

/** A controller's own module (`--split`): in the folder named after the main module, `web/routes.js` → `web/routes/admin/users.js`. */
export function controllerModuleFile(mainModule: string, controller: string): string {
  const match = /\.m?js$/.exec(mainModule);
  return match ? `${mainModule.slice(0, match.index)}/${controller}${match[0]}` : mainModule;
}

/** What a helpers module was made from, read from its second line; undefined when it is not one. */
export function helpersRecipeOf(text: string): HelpersRecipe | undefined {
  if (!text.startsWith(GENERATED_MARK)) return undefined;
  const line = text.split("\n", 2)[1];
  if (!line?.startsWith(RECIPE)) return undefined;
  let recipe: unknown;
  try {
    recipe = JSON.parse(line.slice(RECIPE.length));
  } catch {
    return undefined;
  }
  if (typeof recipe !== "object" || recipe === null) return undefined;
  const { routes, include, exclude, defaults = [], client = false, split = false } = recipe as Record<string, unknown>;
  const list = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === "string");
  if (typeof routes !== "string" || !list(include) || !list(exclude) || !list(defaults) || typeof client !== "boolean" || typeof split !== "boolean")
    return undefined;
  return { routes, include, exclude, ...(defaults.length ? { defaults } : {}), ...(client ? { client } : {}), ...(split ? { split } : {}) };
}

/** Whether a file is one `helpers` wrote: a helpers or client module, a controller's (`--split`), or their declarations. */
export function isHelpersOutput(text: string): boolean {
  if (!text.startsWith(GENERATED_MARK)) return false;
  const end = text.indexOf("\n");
  return (end < 0 ? text : text.slice(0, end)).includes("`resource-routes helpers");
}

/**
 * The part of a main helpers module the language server reads (its first two lines: the mark and
 * the recipe it is made again from), or undefined for any other file. The rest, route data for
 * every route (tens of megabytes for tens of thousands of routes), is not kept.
 */
export function helpersModuleHead(uri: string, text: string): string | undefined {
  if (!text.startsWith(GENERATED_MARK) || !/\.m?js$/.test(uri)) return undefined;
  const [first, second] = text.split("\n", 2);
  return second?.startsWith(RECIPE) && helpersRecipeOf(text.slice(0, first.length + second.length + 1)) ? `${first}\n${second}\n` : undefined;
}

/** The declaration file beside a helpers module: `routes.js` → `routes.d.ts`, `routes.mjs` → `routes.d.mts`; undefined for another name. */
export function helpersDeclarationFileOf(out: string): string | undefined {
  const match = /\.(m?)js$/.exec(out);
  return match ? `${out.slice(0, match.index)}.d.${match[1]}ts` : undefined;
}

/** Where the declaration file of a routing file goes by default: beside it, `routes.ts` → `routes.routes.d.ts`. */
export function typesFileOf(routingFile: string): string {
  return routingFile.replace(/\.[cm]?[jt]sx?$/, "") + ".routes.d.ts";
}
