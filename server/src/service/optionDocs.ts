import { type Behaviour, RESOURCE_OPTIONS } from "resource-routes/internal";

/** What each resource option does (facility §2.2), for hovers: one entry per option, checked by the compiler. */
export const OPTION_DOCS: Record<(typeof RESOURCE_OPTIONS)[number], string> = {
  collection: "`collection: { action: method }` — extra actions on the collection: `<path>/<action>`, named `<action>_<plural>`.",
  member: "`member: { action: method }` — extra actions on one member: `<member path>/<action>`, named `<action>_<singular>`.",
  new: '`new: { action: method }` — extra actions on the new-resource action: `<new path>/<action>`. `new: { new: "any" }` changes the new route\'s method.',
  controller: "`controller` — the controller of every route (default: the plural name).",
  singular: "`singular` — the singular name used in member routes and names (collection resources only).",
  plural: "`plural` — a custom plural for a singleton resource (it has no effect on the routes).",
  requirements: "`requirements: { key: /pattern/ }` — segment patterns; `id` replaces the default id pattern. Plain values are extra parameters (behaviour B).",
  conditions: "`conditions` — extra recognition conditions merged into every route; the method is set by the facility.",
  as: "`as` — replaces the resource name in paths only; names keep the resource name.",
  has_one: "`has_one` — nests singleton resources: a shorthand for a block with `resource` calls.",
  has_many: "`has_many` — nests collection resources; a map `{ name: further }` nests deeper.",
  path_names: "`path_names: { new, edit, action }` — the path segments of new, edit and member actions.",
  path_prefix: "`path_prefix` — prepended to every path, for example `/threads/:thread_id`.",
  name_prefix: "`name_prefix` — prepended to every route name; `null` in a nested resource removes the inherited prefix.",
  shallow: "`shallow: true` — member routes and names of nested resources leave out the parent prefix; inherited.",
  only: '`only` — the default actions to route: a name, a list, `"all"` or `"none"`.',
  except: "`except` — the default actions not to route (behaviour A: not together with `only`).",
  namespace: "`namespace` — a controller prefix such as `admin/` (and, with `shallow`, a path and name prefix in behaviour B); inherited.",
};

/** What each option of behaviour C's `resources` and `resource` does (Rails 6.1's), for hovers and completion. */
const SCOPED_OPTION_DOCS: Readonly<Record<string, string>> = {
  only: "`only` — the default actions to route: a name or a list.",
  except: "`except` — the default actions not to route.",
  controller: "`controller` — the controller of every route (default: the plural name; a singular resource's plural).",
  path: '`path` — the path segment in place of the name (`resources("posts", { path: "articles" })` is `/articles`).',
  as: "`as` — the name helpers build on, in place of the declared one (paths keep the declared name).",
  param: "`param` — the member's segment key in place of `id` (nested resources take `<singular>_<param>`).",
  path_names: "`path_names: { new, edit }` — the path segments of the new and edit actions.",
  shallow: "`shallow: true` — the resources nested in it keep their collection routes under it and put their member routes at the top.",
  shallow_path: "`shallow_path` — a path prefix for shallow member routes.",
  shallow_prefix: "`shallow_prefix` — a name prefix for shallow member routes.",
  concerns: "`concerns` — concerns whose routes are drawn in its block, after the block's own calls.",
  constraints:
    "`constraints: { id: /\\d+/ }` — segment patterns (the member's also for nested resources' parent key), or request constraints (subdomain, host, protocol…).",
  defaults: "`defaults` — values its routes recognise where the request gives none.",
  format: "`format: false` — no `(.:format)`; `true` — a required format; a string or pattern — a fixed or restricted one.",
  module: "`module` — the controllers' module (`admin` makes `admin/posts`).",
};

/** The option docs of a behaviour's resources. */
export function optionDocsOf(behaviour: Behaviour): Readonly<Record<string, string>> {
  return behaviour === "C" ? SCOPED_OPTION_DOCS : OPTION_DOCS;
}
