import type { RouteRedirect } from "resource-routes/http";
import { commentText, parsePath, type Route, type RouteJSON, type RouteSet, segmentKeys } from "resource-routes/internal";

import { GENERATED_MARK } from "../files/generatedFile";

/** A URL pattern that routed before and no longer does, and where its requests should go now. */
export type Redirect =
  | (RouteRedirect & { name: string | null })
  /** No route of the same controller#action and method now, or none that keeps the old segment values: nothing is invented. */
  | { verb: string; from: string; refused: string };

/**
 * The redirects a change of routes calls for: each pattern of `before` that `after` no longer has
 * (same method and path), sent to the route of `after` with the same controller#action and method
 * whose path holds every segment the old one had (so `/articles/:id` → `/posts/:id` keeps the id).
 * 301 for GET and HEAD, 308 for the others (the method and body kept).
 */
export function redirectsBetween(before: readonly RouteJSON[], after: readonly RouteJSON[]): Redirect[] {
  const now = new Set(after.map((route) => `${route.verb} ${route.path}`));
  const redirects: Redirect[] = [];
  const seen = new Set<string>();
  for (const old of before) {
    const key = `${old.verb} ${old.path}`;
    if (now.has(key) || seen.has(key)) continue;
    seen.add(key);
    if (old.controller === null || old.action === null) {
      redirects.push({ verb: old.verb, from: old.path, refused: "its controller or action comes from the path: no one route to send it to" });
      continue;
    }
    const keys = keysOf(old.path);
    const target = after.find(
      (route) =>
        route.verb === old.verb && route.controller === old.controller && route.action === old.action && keys.every((k) => keysOf(route.path).includes(k)),
    );
    if (!target)
      redirects.push({ verb: old.verb, from: old.path, refused: `no route of ${old.controller}#${old.action} takes ${old.verb} with its segments now` });
    else
      redirects.push({
        verb: old.verb,
        from: old.path,
        to: target.path,
        controller: old.controller,
        action: old.action,
        name: target.name,
        status: old.verb === "GET" || old.verb === "ANY" ? 301 : 308,
      });
  }
  return redirects;
}

/**
 * The redirects a rename calls for, from its pairs of routes (old → new, in the same places of the
 * same declarations): each pattern that moved, sent to its new route, whose segment keys may be
 * renamed with it (`/posts/:post_id/comments` → `/articles/:article_id/comments`: the values go in
 * order). Where two routes shared a pattern, the first one's.
 */
export function redirectsOfMoves(moved: ReadonlyMap<Route, Route>): Redirect[] {
  const redirects: Redirect[] = [];
  const seen = new Set<string>();
  for (const [old, now] of moved) {
    const key = `${old.verb} ${old.path}`;
    if (seen.has(key) || old.path === now.path) continue;
    seen.add(key);
    if (now.controller === null || now.action === null) {
      redirects.push({ verb: old.verb, from: old.path, refused: "its controller or action comes from the path: no one route to send it to" });
      continue;
    }
    const status = old.verb === "GET" || old.verb === "ANY" ? 301 : 308;
    redirects.push({ verb: old.verb, from: old.path, to: now.path, controller: now.controller, action: now.action, name: now.name, status });
  }
  return redirects;
}

/**
 * The redirects that can never answer: the adapters ask redirects only for a request no route
 * takes, so an old URL that a route still there recognises (Rails' `:controller/:action/:id`
 * catch-all) reaches that route instead. Each with the old URL tried (its segments filled) and the
 * route that takes it first.
 */
export function capturedRedirects(redirects: readonly Redirect[], routes: Pick<RouteSet, "match">): Array<{ redirect: Redirect; url: string; by: Route }> {
  const captured: Array<{ redirect: Redirect; url: string; by: Route }> = [];
  for (const redirect of redirects) {
    if (!("to" in redirect)) continue;
    const url = sampleUrl(redirect.from);
    const verb = redirect.verb === "ANY" ? "GET" : redirect.verb.split("|")[0];
    try {
      captured.push({ redirect, url, by: routes.match(verb, url).route });
    } catch {
      // No route takes it: the redirect answers.
    }
  }
  return captured;
}

/** An old pattern's URL with each segment filled (`/contexts/:id.:format` → `/contexts/1`), as a request for it would be. */
function sampleUrl(pattern: string): string {
  return pattern
    .replace(/\(?\.:format\)?$/, "")
    .replace(/:[A-Za-z_]\w*/g, "1")
    .replace(/\*[A-Za-z_]\w*/g, "a");
}

/** A captured redirect, said as one line: which route takes its old URL first. */
export function capturedLine(captured: { redirect: Redirect; url: string; by: Route }): string {
  const { redirect, url, by } = captured;
  return `${redirect.verb} ${redirect.from}: the redirect never answers: ${url} is taken by ${by.verb} ${by.path} → ${by.target}, a route that stays (redirects answer only the URLs no route takes)`;
}

/** The keys of a path's segments, in order. */
function keysOf(path: string): string[] {
  return segmentKeys(parsePath(path));
}

/** The redirects that have a target, each as a line of a `RouteRedirect[]` literal (`  { verb: "GET", from: …, … },`). */
export function redirectEntries(redirects: readonly Redirect[]): string[] {
  return redirects.flatMap((r) =>
    "to" in r
      ? [
          `  { ${Object.entries(r)
            .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
            .join(", ")} },`,
        ]
      : [],
  );
}

/** A module whose default export is a `RouteRedirect[]` (the `redirects` option of resource-routes/http), after its header. */
function redirectsModuleText(header: readonly string[], about: string, entries: readonly string[]): string {
  return [
    ...header,
    `import type { RouteRedirect } from "resource-routes/http";`,
    "",
    `/** ${about}: give them to the handler's \`redirects\` option. */`,
    "const redirects: RouteRedirect[] = [",
    ...entries,
    "];",
    "export default redirects;",
    "",
  ].join("\n");
}

/**
 * The redirects as a module the HTTP adapters serve (`redirects` option of resource-routes/http):
 * a generated file, its default export the list, each entry written out in full.
 */
export function redirectsModule(redirects: readonly Redirect[], from: string, routingFile: string): string {
  return redirectsModuleText(
    [
      `${GENERATED_MARK} from ${commentText(routingFile)} by \`resource-routes diff --from ${commentText(from)} --redirects --out\`. Do not edit: run it again.`,
    ],
    `The URLs that routed at ${commentText(from)} and no longer do, and where they go now`,
    redirectEntries(redirects),
  );
}

/** The module the editor starts when a rename keeps the old URLs working: the user's own (not generated), added to by later renames. */
export function keptUrlsModule(entries: readonly string[]): string {
  return redirectsModuleText(
    ["// Old URLs that keep working after routes were renamed in the editor (Rename and keep the old URLs working)."],
    "The URLs that routed before a rename, and where they go now",
    entries,
  );
}
