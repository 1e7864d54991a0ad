import type { Route } from "../../routing/model/route";
import type { RouteSet } from "../../routing/model/routeSet";
import type { AnyRouteSet } from "../../routing/model/routeSet";
import { explainRecognition } from "../../routing/recognition/explain";
import { escapeHtml } from "../../text/escape";

/** How many routes the page lists at most, and how many a development 404 suggests. */
const MAX_LISTED = 2_000;
const NEAREST = 8;

/**
 * The routes page (`routesPage: "/_routes"`): every route (verb, path, name, controller#action)
 * with a search, and a box that recognises a request and says why each earlier route passed it
 * over. Both are forms answered by the server: the page runs no script, and every text in it is
 * escaped. `query` is the request's query string (`q`, `method`, `path`).
 */
export function routesPageHtml(routes: AnyRouteSet, query: URLSearchParams): string {
  const search = (query.get("q") ?? "").trim().slice(0, 200);
  const needle = search.toLowerCase();
  const matching = routes.routes.filter((route) => !needle || lineOf(route).toLowerCase().includes(needle));
  const rows = matching
    .slice(0, MAX_LISTED)
    .map((route) => row(route))
    .join("\n");
  const method = (query.get("method") ?? "GET").toUpperCase().slice(0, 10);
  const path = (query.get("path") ?? "").slice(0, 2_000);
  return page(
    "Routes",
    `<h1>Routes</h1>
<p>${routes.routes.length} routes, behaviour ${escapeHtml(routes.behaviour)}${routes.file ? ` · ${escapeHtml(routes.file)}` : ""}</p>
<form method="get" class="box" aria-label="Match a request">
  <h2>Match a request</h2>
  <select name="method" aria-label="Method">${["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"].map((m) => `<option${m === method ? " selected" : ""}>${m}</option>`).join("")}</select>
  <input name="path" aria-label="Path" placeholder="/posts/1" value="${escapeHtml(path)}" size="40">
  <input type="hidden" name="q" value="${escapeHtml(search)}">
  <button>Match</button>
  ${path ? matchSection(routes as RouteSet, method, path) : ""}
</form>
<form method="get" class="box" aria-label="Search routes">
  <input name="q" aria-label="Search" placeholder="name, verb, path or controller#action" value="${escapeHtml(search)}" size="40">
  <button>Search</button> <span id="count">${matching.length} of ${routes.routes.length}</span>
</form>
<table>
<thead><tr><th>Name</th><th>Verb</th><th>Path</th><th>Controller#Action</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
${matching.length > MAX_LISTED ? `<p>… and ${matching.length - MAX_LISTED} more: search to narrow.</p>` : ""}`,
  );
}

/** The development 404: what was asked, and the routes nearest to it. */
export function notFoundHtml(routes: AnyRouteSet, message: string, path: string, routesPage: string | undefined): string {
  const nearest = nearestRoutes(routes, path);
  return page(
    "No route matches",
    `<h1>No route matches</h1>
<p class="message">${escapeHtml(message)}</p>
<h2>Nearest routes</h2>
<table><tbody>
${nearest.map((route) => row(route)).join("\n")}
</tbody></table>
${routesPage ? `<p><a href="${escapeHtml(routesPage)}">Every route</a></p>` : ""}`,
  );
}

/** The routes whose leading segments fit the path's the longest way, in route order among equals. */
function nearestRoutes(routes: AnyRouteSet, path: string): Route[] {
  const request = path.split("?")[0].split("/").filter(Boolean);
  const scored = routes.routes.map((route, index) => ({ route, index, score: fit(route, request) }));
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.slice(0, NEAREST).map(({ route }) => route);
}

/**
 * How near a route is to a request path: how many of its leading segments the route takes (a
 * static one only by its own text), then how many first characters the next one shares with the
 * route's text there (`coments` is nearer `comments` than `publish`).
 */
function fit(route: Route, request: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < request.length && i < route.segments.length; i++) {
    const segment = route.segments[i];
    const first = segment[0];
    const head = first.kind === "static" ? (segment.length === 1 ? first.text : first.text.replace(/\.$/, "")) : "";
    const fits = segment.length === 1 && first.kind === "static" ? head === request[i] : request[i].startsWith(head);
    if (!fits) return count * 1_000 + sharedStart(head, request[i]);
    count++;
  }
  return count * 1_000;
}

function sharedStart(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

function matchSection(routes: RouteSet, method: string, path: string): string {
  const explained = explainRecognition(routes, method === "PATCH" ? "PUT" : method, path);
  const verdict = explained.recognition
    ? `<p class="matched">${escapeHtml(`${method} ${path}`)} → <code>${escapeHtml(`${explained.recognition.controller}#${explained.recognition.action}`)}</code>${explained.recognition.route ? ` (route <code>${escapeHtml(explained.recognition.route)}</code>)` : ""}; params <code>${escapeHtml(JSON.stringify(explained.recognition.params))}</code></p>`
    : `<p class="unmatched">${escapeHtml(explained.error?.message ?? "No route matches")}</p>`;
  const reasons = explained.routes
    .map(
      ({ index, route, passedOver }) =>
        // The list numbers each route by its place in the table (value), once: not again in the text.
        `<li value="${index + 1}"${passedOver ? "" : ' class="matched"'}><code>${escapeHtml(`${route.verb} ${route.path}`)}</code> ${passedOver ? `passed over: ${escapeHtml(passedOver)}` : "<strong>matched</strong>"}</li>`,
    )
    .join("\n");
  return `<div class="why">${verdict}<ol>${reasons}</ol>${explained.more ? `<p>… and ${explained.more} more routes</p>` : ""}</div>`;
}

function row(route: Route): string {
  return `<tr><td>${escapeHtml(route.name ?? "")}</td><td>${escapeHtml(route.verb)}</td><td><code>${escapeHtml(route.path)}</code></td><td>${escapeHtml(route.target)}</td></tr>`;
}

function lineOf(route: Route): string {
  return `${route.name ?? ""} ${route.name ? `${route.name}_path ` : ""}${route.verb} ${route.path} ${route.target}`;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td,th{padding:2px 10px;text-align:left;border-bottom:1px solid #ddd}code{font:13px ui-monospace,monospace}.box{margin:1em 0;padding:.5em 1em;border:1px solid #ccc}.matched{color:#064}.unmatched{color:#a00}</style>
</head><body>
${body}
</body></html>
`;
}
