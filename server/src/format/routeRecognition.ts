import { type BehaviourRules, isEmpty, pathPattern, patternFlags, type Route } from "resource-routes/internal";

/**
 * A route as the helpers module's `match()` recognises it: its whole path as one anchored regular
 * expression (pathPattern), which the facility's segment trie is tested to answer alike. The list is
 * `[name, controller, action, methods, source, flags, keys, glob keys, controller namespace, defaults, params]`.
 */
export function recognitionData(route: Route, controllers: readonly string[], rules: BehaviourRules): unknown[] {
  const { text, keys, globs } = pathPattern(route, controllers);
  const defaults = Object.entries(route.defaults).filter(([key]) => rules.optionalFormatTakesDefault || !(route.optionalFormat && key === "format"));
  return [
    route.name,
    route.controller,
    route.action,
    route.methods ?? 0,
    `^${text}$`,
    patternFlags(route),
    keys,
    globs,
    route.controllerNamespace,
    defaults,
    Object.entries(route.params),
    // Request constraints (behaviour C): `[key, value]`, or `[key, source, flags]` for a pattern; none for most routes.
    ...(isEmpty(route.requestConditions)
      ? []
      : [Object.entries(route.requestConditions).map(([key, value]) => (value instanceof RegExp ? [key, value.source, value.flags] : [key, value]))]),
  ];
}
