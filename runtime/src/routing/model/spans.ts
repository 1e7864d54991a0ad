import { Declaration } from "./declarations";
import { Route, RouteOrigin } from "./route";
import { Span } from "./span";

/** Where an option (its key for `only-and-except`, else its value) or, failing that, the call was written. */
export function optionSpan(declaration: Declaration, optionPath?: string, part: "key" | "value" = "value"): Span | undefined {
  const source = declaration.source;
  if (!source) return undefined;
  const option = optionPath === undefined ? undefined : source.options.get(optionPath);
  return option ? option[part] : source.call;
}

/** Where the name of a route's resource was written. */
export function originSpan(origin: RouteOrigin): Span | undefined {
  const source = origin.declaration.source;
  if (!source) return undefined;
  if (origin.association) return source.options.get(origin.association)?.value ?? source.call;
  return source.names[origin.nameIndex] ?? source.call;
}

/** Whether two routes come from the same resource of the same declaration. */
export function sameResource(a: RouteOrigin | undefined, b: RouteOrigin | undefined): boolean {
  return !!a && !!b && a.declaration === b.declaration && a.nameIndex === b.nameIndex && a.association === b.association;
}

/** Where a route was declared: its resource's name, else the whole call. */
export function declaredSpan(route: Route): Span | undefined {
  return route.origin && (originSpan(route.origin) ?? route.origin.declaration.source?.call);
}
