import { BehaviourRules, type GenerationRules } from "../model/behaviour";
import { own, record, setOwn } from "../model/records";
import { Route } from "../model/route";
import { UrlOptions } from "../model/settings";
import { assignValues, finishPath, generatePath, generateUrl, splitArguments, urlOptionsOf } from "./generate";

export type Helper = (...args: unknown[]) => unknown;

/** The four helper names of a route name (facility §2.4). */
export function helperNames(name: string): string[] {
  return [`${name}_path`, `${name}_url`, `hash_for_${name}_path`, `hash_for_${name}_url`];
}

/** The route name and flavour a helper name stands for, or undefined. */
export function parseHelperName(helper: string): { name: string; kind: "path" | "url"; hash: boolean } | undefined {
  const match = /^(hash_for_)?(.+)_(path|url)$/.exec(helper);
  if (!match) return undefined;
  return { name: match[2], kind: match[3] as "path" | "url", hash: match[1] !== undefined };
}

/**
 * The helpers of a route set: four per named route, and in behaviour B the deprecated
 * `formatted_*` aliases, which warn once and answer like the plain helpers.
 */
export function buildHelpers(
  named: Iterable<[string, Route]>,
  rules: BehaviourRules,
  defaults: UrlOptions,
  warn: (message: string) => void,
): Record<string, Helper> {
  const helpers = record<Helper>();
  const names: string[] = [];
  for (const [name, route] of named) {
    names.push(name);
    const [path, url, hashPath, hashUrl] = helperNames(name);
    helpers[path] = (...args) => routePath(route, path, args, rules);
    helpers[url] = (...args) => routeUrl(route, url, args, defaults, rules);
    helpers[hashPath] = (...args) => routeHash(route, name, hashPath, args, true);
    helpers[hashUrl] = (...args) => routeHash(route, name, hashUrl, args, false);
  }
  if (rules.formattedHelpersDeprecated) {
    for (const name of names) {
      helperNames(name).forEach((plain, i) => {
        const alias = helperNames(`formatted_${name}`)[i];
        if (own(helpers, alias)) return;
        let warned = false;
        helpers[alias] = (...args) => {
          if (!warned) warn(`${alias} is deprecated: use ${plain} with a format argument instead`);
          warned = true;
          return helpers[plain](...args);
        };
      });
    }
  }
  return helpers;
}

/** What a route's `_path` helper (named `helper`) answers for `args`: one route's, without making a route set's every helper. */
export function routePath(route: Route, helper: string, args: unknown[], rules?: GenerationRules): string {
  const values = assignValues(route, helper, splitArguments(args));
  return finishPath(generatePath(route, values, helper, rules), urlOptionsOf(values));
}

function routeUrl(route: Route, helper: string, args: unknown[], defaults: UrlOptions, rules: GenerationRules): string {
  const values = assignValues(route, helper, splitArguments(args));
  const options = { ...defaults, ...urlOptionsOf(values) };
  const path = finishPath(generatePath(route, values, helper, rules), options);
  return options.only_path ? path : generateUrl(path, options, helper);
}

/** hash_for_*: the options a helper stands for, as the original's url_for took them. */
function routeHash(route: Route, name: string, helper: string, args: unknown[], onlyPath: boolean): Record<string, unknown> {
  const values = assignValues(route, helper, splitArguments(args));
  const hash: Record<string, unknown> = {};
  if (route.controller !== null) hash.controller = route.controller;
  if (route.action !== null) hash.action = route.action;
  for (const [key, value] of Object.entries({ ...values, use_route: name, only_path: onlyPath })) setOwn(hash, key, value);
  return hash;
}
