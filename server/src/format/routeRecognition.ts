import { type BehaviourRules, type GroupedStep, groupedSteps, pathPattern, patternFlags, type Route, wholePathSource } from "resource-routes/internal";

/**
 * A route as the helpers module's `match()` recognises it: its whole path as one regular expression
 * (pathPattern; unanchored for a mount), which the facility's segment trie is tested to answer alike. The list is
 * `[name, controller, action, methods, source, flags, keys, glob keys, controller namespace, defaults, params]`,
 * then the request constraints and a group's steps where the route has them.
 */
export function recognitionData(route: Route, controllers: readonly string[], rules: BehaviourRules): unknown[] {
  const { text, keys, globs, filter } = pathPattern(route, controllers);
  const defaults = Object.entries(route.defaults).filter(([key]) => rules.optionalFormatTakesDefault || !(route.optionalFormat && key === "format"));
  const conditions = Object.entries(route.requestConditions).map(([key, value]) => (value instanceof RegExp ? [key, value.source, value.flags] : [key, value]));
  // A group inside a segment (behaviour C): its filter and steps, which match() walks in linear time where the expression would backtrack.
  const steps = route.groupedPath?.withinSegments ? groupedSteps(route) : undefined;
  const grouped = steps ? [[filter ?? null, steps.map(stepData)]] : [];
  return [
    route.name,
    route.controller,
    route.action,
    route.methods ?? 0,
    wholePathSource(route, text),
    patternFlags(route),
    keys,
    globs,
    route.controllerNamespace,
    defaults,
    Object.entries(route.params),
    // Request constraints (behaviour C): `[key, value]`, or `[key, source, flags]` for a pattern; none for most routes.
    ...(conditions.length ? [conditions] : grouped.length ? [0] : []),
    ...grouped,
  ];
}

/** A step as the helpers module's match() reads it (see $groupedMatch there). */
function stepData(step: GroupedStep): unknown {
  switch (step.kind) {
    case "text":
      return step.text;
    case "param":
      return step.words ? [1, step.key, step.words] : [0, step.key, step.accepts];
    case "glob":
      return [2, step.key, step.lazy ? 1 : 0];
    case "group":
      return [3, step.steps.map(stepData)];
  }
}
