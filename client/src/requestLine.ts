/** `GET /posts/1` → { method, path }; undefined when it is not that shape. */
export function parseRequest(text: string): { method: string; path: string } | undefined {
  const match = /^\s*([A-Za-z]+)\s+(\/\S*)\s*$/.exec(text);
  return match ? { method: match[1].toUpperCase(), path: match[2] } : undefined;
}

/** A route of Recognize a Request's explanation, as the server lists it. */
export interface ExplainedRoute {
  line: string;
  passedOver?: string;
  location?: { uri: string; range: { start: { line: number; character: number }; end: { line: number; character: number } } };
}

/**
 * The quick pick's items of an explanation: each route in order, numbered, with why the request
 * passed it over (or that it recognised it), and how many more the list left out.
 */
export function explanationItems(
  routes: readonly ExplainedRoute[],
  more: number,
): Array<{ label: string; description: string; location?: ExplainedRoute["location"] }> {
  const items = routes.map((route, index) => ({
    label: `${index + 1}. ${route.line}`,
    description: route.passedOver ? `passed over: ${route.passedOver}` : "✓ recognises the request",
    ...(route.location ? { location: route.location } : {}),
  }));
  return more ? [...items, { label: `… ${more} more route${more === 1 ? "" : "s"}`, description: "" }] : items;
}

/**
 * Where the first segment key of a route's request line lies (`:id` in `GET /posts/:id`, or a
 * glob's `*path`): selected in the input box, so that typing a value replaces it. Undefined when
 * the path has none.
 */
export function firstKey(request: string): [number, number] | undefined {
  const found = /[:*][A-Za-z_]\w*/.exec(request.slice(request.indexOf("/")));
  if (!found) return undefined;
  const start = request.indexOf("/") + found.index;
  return [start, start + found[0].length];
}
