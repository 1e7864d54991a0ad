import { BehaviourRules } from "./behaviour";
import { MethodNotAllowed, RoutingError, UnknownHttpMethod } from "./errors";
import { DEFAULT_SEGMENT_PATTERN, PathSegment } from "./path";
import { Route } from "./route";

/** What a request was recognised as (contract §4). */
export interface Recognition {
  route: string | null;
  controller: string | null;
  action: string | null;
  params: Record<string, string>;
}

/** Methods a request (or `_method`) may name; HEAD is answered as GET. */
export const REQUEST_METHODS = ["get", "head", "put", "post", "delete", "options"] as const;

/** An edge that matches one request segment with a regular expression (dynamic or mixed segments). */
interface PatternEdge {
  /** The segment's compiled source and keys: routes with the same segment share the edge. */
  id: string;
  regex: RegExp;
  /** Capture group name → route key. */
  keys: string[];
  node: TrieNode;
}

class TrieNode {
  /** Fully static segments. */
  readonly exact = new Map<string, TrieNode>();
  /** Mixed segments by their literal head (`messages` of `messages.:format`), tried by head length. */
  readonly headed = new Map<string, PatternEdge[]>();
  headLengths: number[] = [];
  /** Segments that start with a dynamic part. */
  readonly generic: PatternEdge[] = [];
  /** `*key`: the rest of the path. */
  glob?: { key: string; node: TrieNode };
  /** Routes whose path may end here, in registration order. */
  readonly terminals: number[] = [];
  /** The lowest route index anywhere below: a subtree that cannot beat the best match so far is skipped. */
  minRoute = Infinity;
}

interface Search {
  method: string;
  best: number;
  bestValues: string[];
  /** When set, collects the methods of routes whose path matched (for MethodNotAllowed). */
  allowed?: Set<string>;
}

/**
 * Recognition (contract §4): the first route in registration order whose method, path and
 * requirements match. Routes are compiled once into a segment trie.
 */
export class Recognizer {
  private readonly root = new TrieNode();

  constructor(private readonly routes: readonly Route[], private readonly rules: BehaviourRules) {
    routes.forEach((route, index) => this.insert(route, index));
    this.finish(this.root);
  }

  recognize(method: string, path: string, params: Record<string, unknown> = {}): Recognition {
    const requested = this.requestMethod(method, params);
    const matchMethod = requested === "head" ? "get" : requested;
    const segments = splitRequestPath(path);
    const search: Search = { method: matchMethod, best: Infinity, bestValues: [] };
    this.walk(this.root, segments, 0, [], search);
    if (search.best === Infinity) {
      const full: Search = { method: matchMethod, best: Infinity, bestValues: [], allowed: new Set() };
      this.walk(this.root, segments, 0, [], full);
      if (full.allowed && full.allowed.size > 0) throw new MethodNotAllowed([...full.allowed]);
      throw new RoutingError(`No route matches ${JSON.stringify(path)} with {:method=>:${matchMethod}}`);
    }
    return this.result(this.routes[search.best], search.bestValues);
  }

  /** The method a request is treated as: `_method` counts only on POST (A rejects unknown values, B ignores them). */
  private requestMethod(method: string, params: Record<string, unknown>): string {
    let requested = method.toLowerCase();
    const known = (m: string) => (REQUEST_METHODS as readonly string[]).includes(m);
    if (this.rules.rejectsUnknownMethodOverride && !known(requested)) throw new UnknownHttpMethod(method, REQUEST_METHODS);
    const override = params._method;
    if (requested === "post" && override !== undefined && override !== null) {
      const wanted = String(override).toLowerCase();
      if (known(wanted)) requested = wanted;
      else if (this.rules.rejectsUnknownMethodOverride) throw new UnknownHttpMethod(String(override), REQUEST_METHODS);
    }
    return requested;
  }

  private result(route: Route, values: string[]): Recognition {
    const params: Record<string, string> = { ...route.defaults };
    for (let i = 0; i < values.length; i += 2) params[values[i]] = values[i + 1];
    Object.assign(params, route.params);
    let controller = route.controller;
    if (controller === null && params.controller !== undefined) controller = `${route.controllerNamespace}${params.controller}`;
    const action = route.action ?? params.action ?? null;
    delete params.controller;
    delete params.action;
    return { route: route.name, controller, action, params };
  }

  private walk(node: TrieNode, segments: string[], depth: number, values: string[], search: Search): void {
    if (!search.allowed && node.minRoute >= search.best) return;
    if (depth === segments.length) {
      this.atTerminal(node, values, search);
      return;
    }
    const segment = segments[depth];
    const exact = node.exact.get(segment);
    if (exact) this.walk(exact, segments, depth + 1, values, search);
    for (const length of node.headLengths) {
      if (length > segment.length) break;
      const edges = node.headed.get(segment.slice(0, length));
      if (edges) for (const edge of edges) this.follow(edge, segments, depth, values, search);
    }
    for (const edge of node.generic) this.follow(edge, segments, depth, values, search);
    if (node.glob) {
      const rest = segments.slice(depth).map(decode).join("/");
      values.push(node.glob.key, rest);
      this.walk(node.glob.node, segments, segments.length, values, search);
      values.length -= 2;
    }
  }

  private follow(edge: PatternEdge, segments: string[], depth: number, values: string[], search: Search): void {
    if (!search.allowed && edge.node.minRoute >= search.best) return;
    const match = edge.regex.exec(segments[depth]);
    if (!match) return;
    const before = values.length;
    edge.keys.forEach((key, i) => {
      const value = match[i + 1];
      if (value !== undefined) values.push(key, decode(value));
    });
    this.walk(edge.node, segments, depth + 1, values, search);
    values.length = before;
  }

  private atTerminal(node: TrieNode, values: string[], search: Search): void {
    for (const index of node.terminals) {
      if (!search.allowed && index >= search.best) return;
      const methods = this.routes[index].methods;
      if (search.allowed) {
        if (methods) for (const m of methods) search.allowed.add(m);
        continue;
      }
      if (!methods || methods.includes(search.method as never)) {
        search.best = index;
        search.bestValues = values.slice();
        return;
      }
    }
  }

  private insert(route: Route, index: number): void {
    let node = this.root;
    const segments = route.segments;
    for (let depth = 0; depth <= segments.length; depth++) {
      if (depth >= route.requiredSegments) node.terminals.push(index);
      if (depth === segments.length) break;
      node = this.child(node, segments[depth], route, depth === segments.length - 1);
    }
  }

  private child(node: TrieNode, segment: PathSegment, route: Route, last: boolean): TrieNode {
    if (segment.every((p) => p.kind === "static")) {
      const text = segment.map((p) => (p.kind === "static" ? p.text : "")).join("");
      let next = node.exact.get(text);
      if (!next) node.exact.set(text, (next = new TrieNode()));
      return next;
    }
    if (segment.length === 1 && segment[0].kind === "glob") {
      node.glob ??= { key: segment[0].key, node: new TrieNode() };
      return node.glob.node;
    }
    const { source, keys, head } = compileSegment(segment, route, last && route.optionalFormat);
    const id = `${source}\u0000${keys.join(",")}`;
    const list = head ? node.headed.get(head) ?? [] : node.generic;
    let edge = list.find((e) => e.id === id);
    if (!edge) {
      edge = { id, regex: new RegExp(`^${source}$`), keys, node: new TrieNode() };
      list.push(edge);
      if (head) node.headed.set(head, list);
    }
    return edge.node;
  }

  private finish(node: TrieNode): number {
    let min = node.terminals.length ? node.terminals[0] : Infinity;
    for (const next of node.exact.values()) min = Math.min(min, this.finish(next));
    for (const edges of node.headed.values()) for (const edge of edges) min = Math.min(min, this.finish(edge.node));
    for (const edge of node.generic) min = Math.min(min, this.finish(edge.node));
    if (node.glob) min = Math.min(min, this.finish(node.glob.node));
    node.headLengths = [...new Set([...node.headed.keys()].map((h) => h.length))].sort((a, b) => a - b);
    node.generic.sort((a, b) => a.node.minRoute - b.node.minRoute);
    node.minRoute = min;
    return min;
  }
}

/** A mixed or dynamic segment as a regular expression, and its literal head for indexing. */
function compileSegment(segment: PathSegment, route: Route, optionalFormat: boolean): { source: string; keys: string[]; head: string } {
  const parts = segment.slice();
  let formatSuffix = "";
  const keys: string[] = [];
  if (optionalFormat) {
    parts.pop();
    const dot = parts.pop() as { kind: "static"; text: string };
    const before = dot.text.slice(0, -1);
    if (before) parts.push({ kind: "static", text: before });
    formatSuffix = `(?:\\.(${patternOf(route, "format")}))?`;
  }
  let source = "";
  for (const part of parts) {
    if (part.kind === "static") source += escapeRegExp(part.text);
    else {
      source += `(${patternOf(route, part.key)})`;
      keys.push(part.key);
    }
  }
  if (optionalFormat) keys.push("format");
  const head = parts[0]?.kind === "static" ? parts[0].text : "";
  return { source: source + formatSuffix, keys, head };
}

/** A requirement's pattern with its own groups made non-capturing, so capture indexes stay ours. */
function patternOf(route: Route, key: string): string {
  const requirement = route.requirements[key];
  return requirement ? nonCapturing(requirement.source) : DEFAULT_SEGMENT_PATTERN;
}

function nonCapturing(source: string): string {
  return source.replace(/(\\.)|\[(?:\\.|[^\]])*\]|\((?!\?)/g, (match, escaped) => (escaped || match !== "(" ? match : "(?:"));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `/posts/1/?x=1` → ["posts", "1"]: the query is not part of the path; one trailing slash is ignored. */
export function splitRequestPath(path: string): string[] {
  let body = path.split(/[?#]/, 1)[0].replace(/^\/+/, "");
  if (body.endsWith("/")) body = body.slice(0, -1);
  return body === "" ? [] : body.split("/");
}
