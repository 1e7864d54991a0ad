import { escapeRegExp } from "../../text/regExpText";
import { RoutingError } from "../model/errors";
import { DEFAULT_SEGMENT_PATTERN, PathSegment } from "../model/path";
import type { Route } from "../model/route";
import type { RouteSet } from "../model/routeSet";
import { pathPattern, patternFlags, wholePathSource } from "./pathPattern";
import type { Recognition } from "./recognize";

/** One route of an explanation: the one that matched, or why the request passed it over. */
interface ExplainedRoute {
  index: number;
  route: Route;
  /** Undefined for the route that matched. */
  passedOver?: string;
}

export interface Explanation {
  /** Every route in order up to and including the one that matched (all of them when none did, at most `limit`). */
  routes: ExplainedRoute[];
  /** Routes left out of the list past `limit`. */
  more: number;
  recognition?: Recognition;
  error?: RoutingError;
}

/**
 * Why a request goes where it goes: recognition's own answer, and for each route before it the
 * first reason the request did not fit it (the number of segments, a static segment, a
 * requirement or the default pattern, a format, the method). The answer is always recognition's;
 * the reasons are read route by route from the same rules.
 */
export function explainRecognition(routes: RouteSet, method: string, path: string, params: Record<string, unknown> = {}, limit = 200): Explanation {
  let recognition: Recognition | undefined;
  let matched: Route | undefined;
  let error: RoutingError | undefined;
  try {
    const found = routes.match(method, path, params);
    recognition = found.recognition;
    matched = found.route;
  } catch (failure) {
    if (!(failure instanceof RoutingError)) throw failure;
    error = failure;
  }
  const requested = effectiveMethod(method, params);
  // A HEAD request that a route of HEAD's own took went to it before any of GET's (behaviour C).
  const headFirst = requested === "get" && method.toLowerCase() === "head" && (matched?.methods?.includes("head") ?? false);
  const segments = requestSegments(path);
  const controllers = [...new Set(routes.routes.flatMap((r) => (r.controller === null ? [] : [r.controller])))];
  const list: ExplainedRoute[] = [];
  let more = 0;
  routes.routes.forEach((route, index) => {
    if (matched && list.length && list[list.length - 1].route === matched) return;
    if (route === matched) {
      list.push({ index, route });
      return;
    }
    if (list.length >= limit) {
      more++;
      return;
    }
    const reason = whyNot(route, segments, requested, controllers);
    const headless = headFirst && !route.methods?.includes("head");
    list.push({
      index,
      route,
      passedOver: reason ?? (headless ? "a HEAD request goes to a route that names HEAD first" : "an earlier route took the request"),
    });
  });
  return { routes: list, more, recognition, error };
}

/** The method recognition matches: `_method` on POST, HEAD as GET (errors about the method are recognition's to give). */
function effectiveMethod(method: string, params: Record<string, unknown>): string {
  const lower = method.toLowerCase();
  const override = params._method;
  const requested = lower === "post" && typeof override === "string" ? override.toLowerCase() : lower;
  return requested === "head" ? "get" : requested;
}

/** The request's path segments, as recognition reads them: from the first non-slash, without the query, one trailing slash ignored. */
function requestSegments(path: string): string[] {
  let body = path.split(/[?#]/)[0].replace(/^\/+/, "");
  if (body.endsWith("/")) body = body.slice(0, -1);
  return body === "" ? [] : body.split("/");
}

/** The first reason a request does not fit `route`, or undefined when it fits. */
function whyNot(route: Route, request: string[], method: string, controllers: string[]): string | undefined {
  if (route.app?.mounted) return mountMismatch(route, request.join("/"), controllers) ?? methodMismatch(route, method);
  if (route.groupedPath) return groupedMismatch(route, request.join("/"), controllers) ?? methodMismatch(route, method);
  const segments = route.segments;
  const glob = segments.findIndex((segment) => segment.some((part) => part.kind === "glob"));
  const required = route.requiredSegments;
  if (request.length < required) return `the path has ${plural(request.length, "segment")}, the route needs ${required}`;
  if (glob < 0 && request.length > segments.length) return `the path has ${plural(request.length, "segment")}, the route takes at most ${segments.length}`;
  const upTo = glob < 0 ? request.length : Math.min(glob, request.length);
  for (let i = 0; i < upTo; i++) {
    const reason = segmentMismatch(route, segments[i], request[i], i === segments.length - 1, controllers);
    if (reason) return `segment ${i + 1}: ${reason}`;
  }
  if (glob >= 0) {
    // A glob takes at least one segment; the segments after it are matched from the end.
    if (request.length <= glob) return `the glob *${(segments[glob][0] as { key: string }).key} has nothing to take`;
    const tail = segments.length - glob - 1;
    for (let k = 1; k <= tail && request.length - k > glob; k++) {
      const reason = segmentMismatch(route, segments[segments.length - k], request[request.length - k], k === 1, controllers);
      if (reason) return `segment ${request.length - k + 1}: ${reason}`;
    }
  }
  return methodMismatch(route, method);
}

function methodMismatch(route: Route, method: string): string | undefined {
  if (route.methods && !route.methods.includes(method as never)) return `the method is ${method.toUpperCase()}, the route takes ${route.verb}`;
  return undefined;
}

/** Why a path is not below a mount: it does not begin with the mount's path, then a slash, a word's end or its end. */
function mountMismatch(route: Route, text: string, controllers: string[]): string | undefined {
  const { text: source } = pathPattern(route, controllers);
  if (new RegExp(wholePathSource(route, source), patternFlags(route)).test(text)) return undefined;
  return `"/${text}" is not ${route.path} or below it (a mount takes its path, then a slash, a word's end or the path's end)`;
}

/**
 * Why a path does not fit a route with optional groups, read by the route's whole pattern as
 * recognition reads it: the pattern, or, for a route Journey filters token by token, its filter.
 */
function groupedMismatch(route: Route, text: string, controllers: string[]): string | undefined {
  const { text: source, filter } = pathPattern(route, controllers);
  const flags = patternFlags(route);
  if (new RegExp(`^${source}$`, flags).test(text)) return undefined;
  if (
    filter !== undefined &&
    !new RegExp(`^(?:${filter})$`, flags).test(text) &&
    new RegExp(`^${source.slice(`(?=(?:${filter})$)`.length)}$`, flags).test(text)
  )
    return `Rails' router reads "${text}" in pieces between "/", "." and "?", each taken whole by one part of the route: no form of ${route.path} takes them so`;
  const required = Object.keys(route.requirements).map((key) => `:${key} /${route.requirements[key].source}/`);
  return `"/${text}" does not fit ${route.path}${required.length ? ` with ${required.join(", ")}` : ""}`;
}

/** Why request segment `text` does not fit the route's segment, or undefined when it fits. */
function segmentMismatch(route: Route, segment: PathSegment, text: string, last: boolean, controllers: string[]): string | undefined {
  if (segment.every((part) => part.kind === "static")) {
    const expected = segment.map((part) => (part.kind === "static" ? part.text : "")).join("");
    return text === expected || safeDecode(text) === expected ? undefined : `"${text}" is not "${expected}"`;
  }
  const source = segment
    .map((part, i) => {
      if (part.kind === "static") {
        // B: the last segment's `.` before an optional format may be left out with the format.
        if (last && route.optionalFormat && i === segment.length - 2) {
          // The dot may end the static text before it (`posts.` then `:format`): only the dot goes with the format.
          return part.text.endsWith(".") ? `${escapeRegExp(part.text.slice(0, -1))}(?:\\.` : `(?:${escapeRegExp(part.text)}`;
        }
        return escapeRegExp(part.text);
      }
      if (part.kind === "glob") return "(.+)";
      if (part.key === "controller" && !route.requirements.controller && controllers.length) return `(${controllers.map(escapeRegExp).join("|")})`;
      const pattern = route.requirements[part.key]?.source ?? DEFAULT_SEGMENT_PATTERN;
      const group = `(${pattern.replace(/\((?!\?)/g, "(?:")})`;
      return last && route.optionalFormat && i === segment.length - 1 ? `${group})?` : group;
    })
    .join("");
  if (new RegExp(`^${source}$`).test(text)) return undefined;
  // What keeps it out, named for the message: the static text it starts with, a controller, a requirement, the default pattern.
  const first = segment[0];
  const format = segment.some((part) => part.kind === "param" && part.key === "format");
  if (format && first.kind === "static" && first.text === `${text}.`) return `"${text}" has no format, the route takes ${segmentText(segment)}`;
  if (first.kind === "static" && !text.startsWith(first.text)) return `"${text}" is not "${segmentText(segment)}"`;
  const dynamic = segment.filter((part) => part.kind !== "static") as Array<{ key: string }>;
  if (dynamic.some((part) => part.key === "controller") && !route.requirements.controller) return `"${text}" is not a controller the routes name`;
  const constrained = dynamic.find((part) => route.requirements[part.key]);
  if (constrained) return `"${text}" does not match the requirement /${route.requirements[constrained.key].source}/ of :${constrained.key}`;
  if (format) return `"${text}" does not fit ${segmentText(segment)} (a format after a dot, no other dots)`;
  return `"${text}" does not fit ${segmentText(segment)} (no dots or slashes in a value)`;
}

function segmentText(segment: PathSegment): string {
  return segment.map((part) => (part.kind === "static" ? part.text : `${part.kind === "glob" ? "*" : ":"}${part.key}`)).join("");
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
