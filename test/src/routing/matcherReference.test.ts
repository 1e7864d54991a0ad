import * as assert from "assert";
import fc from "fast-check";
import { Route, RouteSet } from "resource-routes";
import { PathSegment } from "resource-routes/internal";

import { build, requestFor, routeSetsWithRequests } from "../support/randomRoutes";
import { runs } from "../support/runs";

/**
 * The compiled matcher against the reference semantics of docs/routing.md, written as plainly as
 * possible: every route is one regular expression, and the first route in order whose expression
 * and method match is the answer. Random route sets, random requests, methods and `_method`s.
 */

const RUNS = runs(150);
const DEFAULT = "[^/.?]+";

/** The reference: one anchored expression per way a route can be written in a request. */
function referencePatterns(route: Route, controllers: readonly string[]): RegExp[] {
  const shapes = [route.segments];
  return shapes.map((segments) => {
    const required = Math.min(route.requiredSegments, segments.length);
    let source = "";
    for (let i = segments.length - 1; i >= 0; i--) {
      // a request segment is never empty: `//` matches no segment (a glob may span it)
      const nonEmpty = segments[i][0]?.kind === "glob" ? "" : "(?!/|$)";
      // B: a last segment that is only `.:format` comes without its slash (Rails 2.3: the slash or the format, never both).
      const bareFormat =
        route.optionalFormat &&
        i === segments.length - 1 &&
        i > 0 &&
        segments[i].length === 2 &&
        segments[i][0].kind === "static" &&
        (segments[i][0] as { text: string }).text === ".";
      const piece = `${bareFormat ? "" : `/${nonEmpty}`}${segmentSource(segments[i], route, i === segments.length - 1, controllers)}${source}`;
      // A last segment that is only a glob may take nothing (Rails 2's `(.*)`): the path may end before it, or be `/` alone.
      const emptyGlob = i === segments.length - 1 && segments[i].length === 1 && segments[i][0].kind === "glob";
      source = i >= required || emptyGlob ? `(?:${piece}${i === 0 && emptyGlob ? "|/" : ""})?` : piece;
    }
    return new RegExp(`^${source || "/"}$`);
  });
}

function segmentSource(segment: PathSegment, route: Route, last: boolean, controllers: readonly string[]): string {
  const pattern = (key: string) => (route.requirements[key] ? `(${route.requirements[key].source.replace(/\((?!\?)/g, "(?:")})` : `(${DEFAULT})`);
  const parts = segment.map((part) => {
    if (part.kind === "static") return escape(part.text);
    if (part.kind === "glob") return "(.+)";
    if (part.key === "controller" && !route.requirements.controller && controllers.length) {
      const names = controllers.filter((c) => c.startsWith(route.controllerNamespace) && c.length > route.controllerNamespace.length);
      return `(${names
        .map((c) => c.slice(route.controllerNamespace.length))
        .sort((a, b) => b.length - a.length)
        .join("|")})`;
    }
    return pattern(part.key);
  });
  if (last && route.optionalFormat) {
    // B: the final `.:format` may be left out
    const dot = segment[segment.length - 2] as { text: string };
    parts.splice(-2, 2, `${escape(dot.text.slice(0, -1))}(?:\\.${pattern("format")})?`);
  }
  return parts.join("");
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function isTrailingGlob(segments: PathSegment[], key: string): boolean {
  const last = segments[segments.length - 1];
  return last?.length === 1 && last[0].kind === "glob" && last[0].key === key;
}

function keysOf(segments: PathSegment[]): string[] {
  return segments.flatMap((segment) => segment.flatMap((part) => (part.kind === "static" ? [] : [part.key])));
}

type Outcome = { route: number; controller: string | null; action: string | null; params: Record<string, string> } | { error: string; allowed?: string[] };

const KNOWN = ["get", "head", "put", "post", "delete", "options"];

function reference(routes: RouteSet, method: string, path: string, override: string | undefined): Outcome {
  const behaviourA = routes.behaviour === "A";
  let requested = method.toLowerCase();
  if (!KNOWN.includes(requested)) return { error: "UnknownHttpMethod" };
  if (requested === "post" && override !== undefined) {
    if (KNOWN.includes(override.toLowerCase())) requested = override.toLowerCase();
    else if (behaviourA) return { error: "UnknownHttpMethod" };
  }
  if (requested === "head") requested = "get";
  const controllers = [...new Set(routes.routes.flatMap((r) => (r.controller === null ? [] : [r.controller])))];
  // Requests are read from their first non-slash character, and one trailing slash is ignored (docs/routing.md)
  path = path.replace(/^\/*/, "/").replace(/(.)\/$/, "$1");
  const allowed: string[] = [];
  for (const [index, route] of routes.routes.entries()) {
    const shapes = referencePatterns(route, controllers);
    const segmentsOf = [
      route.segments,
      ...(shapes.length > 1
        ? [[...route.segments.slice(0, -2), [...route.segments[route.segments.length - 2], ...route.segments[route.segments.length - 1]]]]
        : []),
    ];
    for (const [shape, pattern] of shapes.entries()) {
      const found = pattern.exec(path);
      if (!found) continue;
      if (route.methods && !route.methods.includes(requested as never)) {
        allowed.push(...route.methods.filter((m) => !allowed.includes(m)));
        break;
      }
      let controller = route.controller;
      let action = route.action;
      const params: Record<string, string> = {};
      const put = (key: string, value: string) => {
        if (key === "controller") controller = route.controller ?? `${route.controllerNamespace}${value}`;
        else if (key === "action") action = route.action ?? value;
        else params[key] = value;
      };
      for (const [key, value] of Object.entries(route.defaults)) if (!(route.optionalFormat && key === "format")) put(key, value);
      keysOf(segmentsOf[shape]).forEach((key, i) => {
        if (found[i + 1] !== undefined) put(key, found[i + 1]);
        else if (isTrailingGlob(segmentsOf[shape], key)) put(key, "");
      });
      Object.assign(params, route.params);
      return { route: index, controller, action, params };
    }
  }
  return allowed.length ? { error: "MethodNotAllowed", allowed } : { error: "RoutingError" };
}

function compiled(routes: RouteSet, method: string, path: string, override: string | undefined): Outcome {
  try {
    const { recognition, route } = routes.match(method, path, override === undefined ? {} : { _method: override });
    return { route: routes.routes.indexOf(route), controller: recognition.controller, action: recognition.action, params: { ...recognition.params } };
  } catch (error) {
    const e = error as Error & { allowedMethods?: string[] };
    return e.allowedMethods ? { error: e.name, allowed: e.allowedMethods } : { error: e.name };
  }
}

describe("the compiled matcher equals an ordered scan of every route", () => {
  it("for random route sets, requests, methods and _method values (both behaviours)", () => {
    fc.assert(
      fc.property(routeSetsWithRequests, ([behaviour, declarations, requests]) => {
        const routes = build(behaviour, declarations);
        if (routes.routes.length === 0) return;
        for (const [pick, values, bend, method, override] of requests) {
          const path = requestFor(routes, pick, values, bend);
          assert.deepStrictEqual(compiled(routes, method, path, override), reference(routes, method, path, override), `${method} ${path} _method=${override}`);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
