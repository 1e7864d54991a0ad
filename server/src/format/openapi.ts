import { endsWithFormat, PathSegment, type RedirectTarget, redirectText, type Route } from "resource-routes/internal";

import { GENERATED_JSON_MARK } from "../files/generatedFile";

/** What the document says of itself, and where the routes are served. */
export interface OpenApiOptions {
  title: string;
  version: string;
  /** The mount point (`/api`): the document's one server. */
  basePath?: string;
  /** The summary and description of `controller#action`, from its doc comment. */
  docOf?: (controller: string, action: string) => string | undefined;
  /** The JSON Schemas of `controller#action`'s params and answers by status (`openapi --runtime`). */
  schemasOf?: (controller: string, action: string) => { params?: unknown; responses?: Record<string, unknown> } | undefined;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Methods in the order a path item lists them. */
const METHODS = ["get", "put", "patch", "post", "delete"] as const;

/**
 * An OpenAPI 3.1 description of a route table, read statically: each route an operation, its
 * path parameters with their requirements as patterns, PATCH beside PUT (as the adapters take
 * it), operationIds from `controller#action` made unique in route order, tags by controller.
 * A format the path may end with (B's optional `.:format`, A's formatted twin) is a note on the
 * operation, not a second path. The text is the same for the same routes: keys in a fixed order.
 */
export function openApiDocument(routes: readonly Route[], options: OpenApiOptions): string {
  const paths = new Map<string, Map<string, Json>>();
  const ids = new Map<string, number>();
  const unique = (id: string) => {
    const seen = ids.get(id) ?? 0;
    ids.set(id, seen + 1);
    return seen === 0 ? id : `${id}_${seen + 1}`;
  };
  // A's formatted twins (formatted_post beside post): the same operation with a format, noted on the plain one.
  const plain = new Set(routes.map((route) => `${route.verb} ${pathText(route, false)}`));
  const formattedTwin = (route: Route) => endsWithFormat(route.segments) && !route.optionalFormat && plain.has(`${route.verb} ${pathText(route, true)}`);
  const twinned = new Set(routes.filter(formattedTwin).map((route) => `${route.verb} ${pathText(route, true)}`));
  for (const route of routes) {
    if (formattedTwin(route)) continue;
    const optionalFormat = (route.optionalFormat && endsWithFormat(route.segments)) || twinned.has(`${route.verb} ${pathText(route, false)}`);
    const template = pathText(route, optionalFormat);
    let item = paths.get(template);
    if (!item) paths.set(template, (item = new Map()));
    const target = route.dynamicTarget ? `${route.controller ?? "{controller}"}#${route.action ?? "{action}"}` : route.target;
    const base = (route.controller && route.action ? `${route.controller}_${route.action}` : (route.name ?? template)).replace(/[^A-Za-z0-9_]+/g, "_");
    for (const method of methodsOf(route)) {
      if (item.has(method)) continue; // an earlier route takes this method on this path: this one is never reached
      // A route of one method is its action's operation; PATCH beside PUT, and each method of a route of any, say which.
      const id = (method === "patch" && route.verb === "PUT") || (route.methods === null && method !== "get") ? `${base}_${method}` : base;
      item.set(method, operation(route, method, unique(id), target, optionalFormat, options));
    }
  }
  const document: Json = {
    openapi: "3.1.0",
    // Tells the generators' writer that the file is its own to write over (a JSON file holds no comment).
    "x-generated-by": GENERATED_JSON_MARK,
    info: { title: options.title, version: options.version },
    ...(options.basePath ? { servers: [{ url: options.basePath }] } : {}),
    paths: Object.fromEntries(
      [...paths.keys()]
        .sort()
        .map((template) => [
          template,
          Object.fromEntries(METHODS.flatMap((method) => (paths.get(template)!.has(method) ? [[method, paths.get(template)!.get(method)!]] : []))),
        ]),
    ),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The methods a route takes that OpenAPI describes here: its own (no OPTIONS, no WebDAV's), PATCH beside PUT, and for a route of any method the usual ones. */
function methodsOf(route: Route): Array<(typeof METHODS)[number]> {
  const methods = route.methods ?? ["get", "post", "put", "delete"];
  const result: Array<(typeof METHODS)[number]> = [];
  for (const method of methods) {
    if (!isDescribed(method)) continue;
    result.push(method);
    if (method === "put") result.push("patch");
  }
  return result;
}

function isDescribed(method: string): method is (typeof METHODS)[number] {
  return (METHODS as readonly string[]).includes(method);
}

function operation(route: Route, method: string, operationId: string, target: string, optionalFormat: boolean, options: OpenApiOptions): Json {
  const doc = route.controller && route.action ? options.docOf?.(route.controller, route.action) : undefined;
  const [summary, ...rest] = doc ? doc.split(/\n\s*\n/) : [];
  const schemas = route.controller && route.action ? options.schemasOf?.(route.controller, route.action) : undefined;
  const pathParameters = parametersOf(route, optionalFormat);
  const carriesBody = method === "post" || method === "put" || method === "patch";
  const params =
    schemas?.params === undefined
      ? undefined
      : withoutKeys(
          schemas.params as Json,
          pathParameters.map((p) => (p as { name: string }).name),
        );
  const parameters = [...pathParameters, ...(params && !carriesBody ? queryParameters(params) : [])];
  const formatNote = optionalFormat ? "The path may end with a format (`.json`, `.xml`, …), which the action reads as `format`." : undefined;
  const description = [rest.join("\n\n").trim(), formatNote].filter(Boolean).join("\n\n");
  return {
    operationId,
    summary: summary?.replace(/\s+/g, " ").trim() || `${route.verb === "ANY" ? method.toUpperCase() : route.verb} ${route.path} → ${target}`,
    ...(description ? { description } : {}),
    tags: [route.redirect ? "redirects" : route.app ? "applications" : (route.controller ?? "{controller}")],
    ...(parameters.length ? { parameters } : {}),
    ...(params && carriesBody
      ? { requestBody: { required: true, content: { "application/json": { schema: params }, "application/x-www-form-urlencoded": { schema: params } } } }
      : {}),
    responses: route.redirect
      ? redirectResponses(route.redirect)
      : {
          ...Object.fromEntries(
            Object.keys(schemas?.responses ?? {})
              .sort()
              .map((status) => [
                status,
                { description: `${status} from ${target}`, content: { "application/json": { schema: schemas!.responses![status] as Json } } },
              ]),
          ),
          default: { description: `What ${target} answers` },
        },
    "x-route-name": route.name,
    "x-controller": route.controller,
    "x-action": route.action,
    ...(route.redirect ? { "x-redirect": route.toJSON().redirect as unknown as Json } : {}),
    // A mounted application answers every path below this one too, which OpenAPI's paths cannot say.
    ...(route.app ? { "x-application": route.toJSON().app as unknown as Json } : {}),
    ...(method === "patch" && route.verb === "PUT" ? { "x-patch-as": "put" } : {}),
  };
}

/** A redirect route's one answer: its status, with the Location it sends the request to. */
function redirectResponses(redirect: RedirectTarget): Json {
  return {
    [String(redirect.status)]: {
      description: `${redirectText(redirect)}, as Rails writes it`,
      headers: { Location: { description: "Where the request goes, made of its path's values", schema: { type: "string" } } },
    },
  };
}

/** The path parameters of a route, in path order; the format one only where the path requires it. */
function parametersOf(route: Route, optionalFormat: boolean): Json[] {
  const parameters: Json[] = [];
  const seen = new Set<string>();
  const segments = optionalFormat && endsWithFormat(route.segments) ? withoutFormat(route.segments) : route.segments;
  for (const segment of segments) {
    for (const part of segment) {
      if (part.kind === "static" || seen.has(part.key)) continue;
      seen.add(part.key);
      const requirement = route.requirements[part.key];
      const schema: { [key: string]: Json } = { type: "string" };
      if (requirement) Object.assign(schema, requirementSchema(requirement));
      else if (part.kind === "param") schema.pattern = "^[^/.?]+$";
      parameters.push({
        name: part.key,
        in: "path",
        required: true,
        ...(part.kind === "glob" ? { description: "The rest of the path, its slashes included (a glob segment)." } : {}),
        schema,
      });
    }
  }
  return parameters;
}

/**
 * A requirement as JSON Schema: its `pattern` when the expression means the same without flags
 * (JSON Schema's patterns have none); otherwise no pattern, which would refuse what the server
 * accepts (`/[a-z]+/i` and `ABC`), but the expression with its flags in the description and
 * `x-pattern`.
 */
function requirementSchema(requirement: RegExp): { [key: string]: Json } {
  const flags = requirement.flags.replace(/[gyud]/g, "");
  if (!flags) return { pattern: `^(?:${requirement.source})$` };
  return {
    description: `Matches /${requirement.source}/${flags} as a whole (flags a JSON Schema pattern cannot carry).`,
    "x-pattern": `/${requirement.source}/${flags}`,
  };
}

/** An object schema with `properties`, as the two readings below need it; undefined for any other schema. */
function withProperties(schema: Json): { [key: string]: Json; properties: { [key: string]: Json } } | undefined {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return undefined;
  const properties = schema.properties;
  return typeof properties === "object" && properties !== null && !Array.isArray(properties) ? { ...schema, properties } : undefined;
}

/** A params schema without the path's own keys (they are path parameters). */
function withoutKeys(schema: Json, keys: string[]): Json {
  const object = withProperties(schema);
  if (!object) return schema;
  const properties = Object.fromEntries(Object.entries(object.properties).filter(([key]) => !keys.includes(key)));
  const required = Array.isArray(object.required) ? object.required.filter((key) => typeof key !== "string" || !keys.includes(key)) : undefined;
  return { ...object, properties, ...(required ? { required } : {}) };
}

/** A GET's (or DELETE's) params schema as query parameters: one per property, required where the schema says. */
function queryParameters(schema: Json): Json[] {
  const object = withProperties(schema);
  if (!object) return [];
  const required = Array.isArray(object.required) ? object.required : [];
  return Object.entries(object.properties).map(([name, property]) => ({ name, in: "query", required: required.includes(name), schema: property }));
}

/** The route's path in OpenAPI's template syntax (`/posts/{id}`), without a trailing format when `dropFormat`. */
function pathText(route: Route, dropFormat: boolean): string {
  const segments = dropFormat && endsWithFormat(route.segments) ? withoutFormat(route.segments) : route.segments;
  let text = "";
  for (const segment of segments) {
    if (segment.length === 0) continue;
    text += "/";
    // A brace in static text would read as a template parameter: it goes as a client sends it, escaped.
    for (const part of segment) text += part.kind === "static" ? part.text.replace(/\{/g, "%7B").replace(/\}/g, "%7D") : `{${part.key}}`;
  }
  return text || "/";
}

/** The segments without the trailing `.:format` (a segment that was only `.:format` goes). */
function withoutFormat(segments: readonly PathSegment[]): PathSegment[] {
  const last = segments[segments.length - 1];
  const dot = last[last.length - 2] as { kind: "static"; text: string };
  const kept: PathSegment = [...last.slice(0, -2), ...(dot.text.length > 1 ? [{ kind: "static" as const, text: dot.text.slice(0, -1) }] : [])];
  return kept.length ? [...segments.slice(0, -1), kept] : segments.slice(0, -1);
}
