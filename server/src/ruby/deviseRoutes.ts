import { camelize, Inflector } from "resource-routes/internal";

import type { DeviseSettings } from "./deviseSettings";
import { type RoutingScope, squeezedPath, TOP_SCOPE } from "./routingScope";
import { RubyHash, RubySymbol, type RubyValue, textOf, Unknown } from "./rubyValues";

/*
 * Devise 4's `devise_for` (devise/rails/routes.rb and devise/mapping.rb), as the calls of modern
 * Rails' mapper that draw the same routes where the call stands: per model, Devise's mapping
 * (name, path, controllers, path names) and the routes of its modules, each module's resource as
 * Devise declares it, in Devise's order (sessions, OmniAuth callbacks, passwords, registrations,
 * confirmations, unlocks). What the application's files must tell (the model's modules, its
 * OmniAuth providers) is read there; where it cannot be, the call is not drawn.
 *
 * Devise draws in a scope of its own, the mapping's full path and name with no module, made from
 * the blocks around (their path, name prefix and module become the mapping's path prefix, name
 * prefix and controllers' module). The calls written here stand in those blocks: a scope of the
 * mapping's path and the rest of its name, controllers named from the root (`/devise/sessions`)
 * where the blocks give a module.
 */

/** A call of the mapper, `r.<method>(…args, () => { …block })`. */
export interface DeviseCall {
  method: string;
  args: RubyValue[];
  block?: DeviseCall[];
}

/** Devise's modules in the order it sorts a model's by, each with the routes it draws. */
const MODULES: ReadonlyArray<[module: string, routes: string | undefined]> = [
  ["database_authenticatable", "session"],
  ["rememberable", undefined],
  ["omniauthable", "omniauth_callback"],
  ["recoverable", "password"],
  ["registerable", "registration"],
  ["validatable", undefined],
  ["confirmable", "confirmation"],
  ["lockable", "unlock"],
  ["timeoutable", undefined],
  ["trackable", undefined],
];

/** The options of devise_for this version reads; the last four change no route. */
const OPTIONS = new Set([
  "controllers",
  "skip",
  "only",
  "path",
  "path_names",
  "sign_out_via",
  "class_name",
  "singular",
  "as",
  "module",
  "skip_helpers",
  "failure_app",
  "router_name",
]);

const INFLECTOR = new Inflector({}, "C");

/** Each model's routes (a note that says whose, and the calls), or why the call cannot be drawn. */
export function deviseRoutes(
  resources: readonly RubyValue[],
  options: RubyHash,
  settings: DeviseSettings | undefined,
  /** The mapper's scope where the call stands. */
  within: RoutingScope = TOP_SCOPE,
): Array<{ note: string; calls: DeviseCall[] }> | string {
  for (const [key] of options.entries) {
    const name = textOf(key);
    if (name === undefined || !OPTIONS.has(name))
      return `the option ${name ?? "of a key that is no name"} is not read by this version (it reads ${[...OPTIONS].join(", ")})`;
  }
  const names = resources.map(textOf);
  if (!names.length || names.some((name) => name === undefined)) return "a resource that is not a name";
  const drawn: Array<{ note: string; calls: DeviseCall[] }> = [];
  for (const resource of names as string[]) {
    const made = modelRoutes(resource, options, settings, within);
    if (typeof made === "string") return made;
    drawn.push(made);
  }
  return drawn;
}

function modelRoutes(
  resource: string,
  options: RubyHash,
  settings: DeviseSettings | undefined,
  within: RoutingScope,
): { note: string; calls: DeviseCall[] } | string {
  const text = (key: string): string | undefined => textOf(options.get(key) ?? new Unknown(""));
  // Devise: `options[:as] ||= @scope[:as]`, and the same of the module, where the scope's are present.
  const as = text("as") || within.as || undefined;
  const scopedPath = as ? `${as}/${resource}` : resource;
  const singular = text("singular") ?? INFLECTOR.singularize(scopedPath.replace(/\//g, "_"));
  // The name the blocks around prefix to the scope written here.
  const prefix = within.as ? `${within.as}_` : "";
  if (!singular.startsWith(prefix))
    return `Devise names the routes ${singular}_…, which do not start with the name of the blocks around (${within.as}): written in them, they would`;
  const name = singular.slice(prefix.length);
  const className = text("class_name") ?? camelize(INFLECTOR.singularize(resource));
  const model = settings?.models.get(className);
  if (!model) return `the model ${className}'s \`devise\` call, which says which routes Devise draws, is not found in app/models`;
  if (!model.modules) return `${className}'s \`devise\` call names its modules with more than symbols`;
  const modules = [...new Set(model.modules)].sort((a, b) => order(a) - order(b));
  const unknown = modules.find((module) => order(module) === MODULES.length);
  if (unknown) return `${className}'s module ${unknown} is not one of Devise's own (${MODULES.map(([name]) => name).join(", ")})`;
  const routes = [...new Set(modules.flatMap((module) => MODULES[order(module)][1] ?? []))];
  const used = usedRoutes(routes, options);
  if (typeof used === "string") return used;
  const path = squeezedPath(text("path") ?? resource);
  const fullPath = squeezedPath(within.path, path);
  const module = text("module") || within.module || "devise";
  const controllers = stringMap(options.get("controllers"), "controllers");
  if (typeof controllers === "string") return controllers;
  const pathNames = stringMap(options.get("path_names"), "path_names");
  if (typeof pathNames === "string") return pathNames;
  // From the root where the blocks around give a module, which would otherwise come before it.
  const root = within.module ? "/" : "";
  const controller = (name: string) => `${root}${controllers.get(name) ?? `${module}/${name}`}`;
  const pathName = (name: string) => pathNames.get(name) ?? (name === "registration" ? "" : name);
  if (controllers.has("omniauth_callbacks") && !modules.includes("omniauthable"))
    return `Devise raises: Mapping omniauth_callbacks on a resource that is not omniauthable (add \`devise :omniauthable\` to the ${className} model)`;
  const signOutVia = methodsOf(options.get("sign_out_via") ?? settings?.config.get("sign_out_via") ?? new RubySymbol("delete"));
  if (!signOutVia) return "sign_out_via that is not a method or a list of methods";

  const scoped: DeviseCall[] = [];
  const calls: DeviseCall[] = [];
  // Devise's exclusive scope: the mapping's path and name, no module of the blocks around it.
  const flush = () => {
    if (scoped.length) calls.push({ method: "scope", args: [path, new RubyHash([[new RubySymbol("as"), name]])], block: scoped.splice(0) });
  };
  for (const route of used) {
    if (route === "omniauth_callback") {
      const providers = omniauthProviders(model.options.get("omniauth_providers"), settings);
      if (typeof providers === "string") return providers;
      flush();
      if (/:[a-zA-Z_]/.test(fullPath)) return `Devise raises: it does not support scoping OmniAuth callbacks under a dynamic segment (${fullPath})`;
      // OmniAuth's paths are the whole path (Devise leaves the scope's out): here, within the blocks' path.
      const omniauthPath = textOf(settings?.config.get("omniauth_path_prefix") ?? new Unknown("")) ?? squeezedPath(fullPath, "auth");
      if (within.path && !omniauthPath.startsWith(`${within.path}/`))
        return `OmniAuth's path prefix ${omniauthPath} is outside the path of the blocks around (${within.path}), where the routes would be written`;
      calls.push({
        method: "scope",
        args: [new RubyHash([[new RubySymbol("as"), name]])],
        block: providers.flatMap((provider) => omniauthCalls(omniauthPath.slice(within.path.length), provider, controller("omniauth_callbacks"))),
      });
      continue;
    }
    if (route === "unlock" && !unlocksByEmail(model.options.get("unlock_strategy") ?? settings?.config.get("unlock_strategy"))) continue;
    scoped.push(resourceCall(route, controller, pathName, signOutVia));
  }
  flush();
  return { note: `devise_for :${resource}: Devise's routes for ${className} (${modules.join(", ")})`, calls };
}

function order(module: string): number {
  const at = MODULES.findIndex(([name]) => name === module);
  return at < 0 ? MODULES.length : at;
}

/** Devise's used routes: `only` keeps those named, `skip` takes them away (`:all`, every one); each singularised. */
function usedRoutes(routes: readonly string[], options: RubyHash): string[] | string {
  const list = (key: string): string[] | undefined => {
    const value = options.get(key);
    const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
    const names = items.map(textOf);
    return names.every((name) => name !== undefined) ? names.map((name) => INFLECTOR.singularize(name!)) : undefined;
  };
  if (options.get("only") !== undefined) {
    const only = list("only");
    return only ? routes.filter((route) => only.includes(route)) : "only: a list of names";
  }
  if (textOf(options.get("skip") ?? new Unknown("")) === "all") return [];
  const skip = list("skip");
  return skip ? routes.filter((route) => !skip.includes(route)) : "skip: a list of names";
}

/** A module's resource, as Devise's devise_session, devise_password, … declare it. */
function resourceCall(route: string, controller: (name: string) => string, pathName: (name: string) => string, signOutVia: RubyValue): DeviseCall {
  const hash = (...entries: Array<[string, RubyValue]>) => new RubyHash(entries.map(([key, value]) => [new RubySymbol(key), value]));
  const actions = (...names: string[]) => names.map((name) => new RubySymbol(name));
  switch (route) {
    case "session":
      return {
        method: "resource",
        args: [new RubySymbol("session"), hash(["only", []], ["controller", controller("sessions")], ["path", ""])],
        block: [
          { method: "get", args: [new RubySymbol("new"), hash(["path", pathName("sign_in")], ["as", "new"])] },
          { method: "post", args: [new RubySymbol("create"), hash(["path", pathName("sign_in")])] },
          { method: "match", args: [new RubySymbol("destroy"), hash(["path", pathName("sign_out")], ["as", "destroy"], ["via", signOutVia])] },
        ],
      };
    case "password":
      return {
        method: "resource",
        args: [
          new RubySymbol("password"),
          hash(["only", actions("new", "create", "edit", "update")], ["path", pathName("password")], ["controller", controller("passwords")]),
        ],
      };
    case "registration":
      return {
        method: "resource",
        args: [
          new RubySymbol("registration"),
          hash(
            ["only", actions("new", "create", "edit", "update", "destroy")],
            ["path", pathName("registration")],
            ["path_names", hash(["new", pathName("sign_up")], ["edit", pathName("edit")], ["cancel", pathName("cancel")])],
            ["controller", controller("registrations")],
          ),
        ],
        block: [{ method: "get", args: [new RubySymbol("cancel")] }],
      };
    default:
      // confirmation and unlock: `resource :confirmation, only: [:new, :create, :show]`.
      return {
        method: "resource",
        args: [new RubySymbol(route), hash(["only", actions("new", "create", "show")], ["path", pathName(route)], ["controller", controller(`${route}s`)])],
      };
  }
}

/** A provider's two routes, at the OmniAuth path prefix whatever the scope's path. */
function omniauthCalls(prefix: string, provider: string, controller: string): DeviseCall[] {
  const via = [new RubySymbol("get"), new RubySymbol("post")];
  const route = (path: string, action: string, as: string): DeviseCall => ({
    method: "match",
    args: [
      path,
      new RubyHash([
        [new RubySymbol("to"), `${controller}#${action}`],
        [new RubySymbol("as"), as],
        [new RubySymbol("via"), via],
      ]),
    ],
  });
  return [
    route(`${prefix}/${provider}`, "passthru", `${provider}_omniauth_authorize`),
    route(`${prefix}/${provider}/callback`, provider, `${provider}_omniauth_callback`),
  ];
}

/** The model's `omniauth_providers`, else those the initializer's `config.omniauth` calls name. */
function omniauthProviders(given: RubyValue | Unknown | undefined, settings: DeviseSettings | undefined): string[] | string {
  if (given === undefined) {
    const configured = settings?.omniauthProviders;
    if (!configured)
      return "an omniauthable model whose OmniAuth providers the Devise initializer names under a condition (only the running application knows them)";
    return configured.length
      ? [...configured]
      : "an omniauthable model whose OmniAuth providers are not named in its `devise` call or by `config.omniauth` in the Devise initializer";
  }
  const names = Array.isArray(given) ? given.map(textOf) : [];
  return names.length && names.every((name) => name !== undefined) ? (names as string[]) : "omniauth_providers that is not a list of names";
}

/** Whether lockable's unlock routes are drawn: the strategy is :email or :both (Devise's default). */
function unlocksByEmail(strategy: RubyValue | Unknown | undefined): boolean {
  const name = strategy === undefined ? "both" : textOf(strategy);
  return name === "both" || name === "email";
}

/** `sign_out_via`: a method or a list of methods, as the mapper's `via` takes them. */
function methodsOf(value: RubyValue | Unknown): RubyValue | undefined {
  if (value instanceof Unknown) return undefined;
  const names = (Array.isArray(value) ? value : [value]).map(textOf);
  return names.length && names.every((name) => name !== undefined) ? value : undefined;
}

/** A hash of names to texts (`controllers: { sessions: "users/sessions" }`). */
function stringMap(value: RubyValue | undefined, option: string): Map<string, string> | string {
  const map = new Map<string, string>();
  if (value === undefined) return map;
  if (!(value instanceof RubyHash)) return `${option}: a hash of names to texts`;
  for (const [key, item] of value.entries) {
    const name = textOf(key);
    const text = textOf(item);
    if (name === undefined || text === undefined) return `${option}: a hash of names to texts`;
    map.set(name, text);
  }
  return map;
}
