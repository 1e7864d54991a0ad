import { RESOURCE_OPTIONS } from "resource-routes/internal";

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
