import { commentText, type RouteJSON } from "resource-routes/internal";
import { GENERATED_MARK } from "../files/generatedFile";

/** A URL pattern that routed before and no longer does, and where its requests should go now. */
export type Redirect =
  | { verb: string; from: string; to: string; controller: string; action: string; name: string | null; status: 301 | 308 }
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
    const keys = segmentKeys(old.path);
    const target = after.find(
      (route) =>
        route.verb === old.verb && route.controller === old.controller && route.action === old.action && keys.every((k) => segmentKeys(route.path).includes(k)),
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

function segmentKeys(path: string): string[] {
  return [...path.matchAll(/[:*]([A-Za-z_]\w*)/g)].map((match) => match[1]);
}

/**
 * The redirects as a module the HTTP adapters serve (`redirects` option of resource-routes/http):
 * a generated file, its default export the list, each entry written out in full.
 */
export function redirectsModule(redirects: readonly Redirect[], from: string, routingFile: string): string {
  const served = redirects.filter((r): r is Extract<Redirect, { to: string }> => "to" in r);
  return [
    `${GENERATED_MARK} from ${commentText(routingFile)} by \`resource-routes diff --from ${commentText(from)} --redirects --out\`. Do not edit: run it again.`,
    `import type { RouteRedirect } from "resource-routes/http";`,
    "",
    `/** The URLs that routed at ${commentText(from)} and no longer do, and where they go now: give them to the handler's \`redirects\` option. */`,
    "const redirects: RouteRedirect[] = [",
    ...served.map((r) => `  ${JSON.stringify(r).replace(/"(\w+)":/g, "$1: ")},`),
    "];",
    "export default redirects;",
    "",
  ].join("\n");
}
