import { BehaviourRules } from "./behaviour";
import { MethodNotAllowed, RoutingError, UnknownHttpMethod } from "./errors";
import { PathSegment } from "./path";
import { Route } from "./route";
import { segmentHead, SegmentMatcher, segmentMatcher } from "./segmentMatch";
import { own, setOwn } from "./values";

/** What a request was recognised as (contract §4). */
export interface Recognition {
  route: string | null;
  controller: string | null;
  action: string | null;
  params: Record<string, string>;
}

/** Methods a request (or `_method`) may name; HEAD is answered as GET. */
export const REQUEST_METHODS = ["get", "head", "put", "post", "delete", "options"] as const;

/** An edge that matches one request segment that is dynamic or mixed. */
interface PatternEdge {
  matcher: SegmentMatcher;
  node: TrieNode;
}

class TrieNode {
  /** Fully static segments. */
  readonly exact = new Map<string, TrieNode>();
  /** `<text>.:format` segments with the default format pattern: looked up by text, format required (A's twins). */
  readonly withFormat = new Map<string, TrieNode>();
  /** The same with the format optional (behaviour B). */
  readonly optionalFormat = new Map<string, TrieNode>();
  /** Other mixed segments by their literal head (`page-` of `page-:number`), tried by head length. */
  readonly headed = new Map<string, PatternEdge[]>();
  headLengths: number[] = [];
  /** Segments that start with a dynamic part. */
  readonly generic: PatternEdge[] = [];
  /** `*key`: the rest of the path. */
  glob?: { key: string; node: TrieNode };
  /** `:controller`: one of the route set's controllers (per controller namespace), possibly several segments long. */
  readonly controllerEdges: Array<{ namespace: string; candidates: string[]; node: TrieNode }> = [];
  /** Routes whose path may end here, in registration order. */
  readonly terminals: number[] = [];
  /** The lowest route index anywhere below: a subtree that cannot beat the best match so far is skipped. */
  minRoute = Infinity;
}

interface Search {
  method: string;
  best: number;
  bestValues: string[];
  /** Methods of the routes whose path matched but whose method did not, while no route matched, with the first such route's index (for MethodNotAllowed, in route order). */
  allowed: Map<string, number>;
}

/** How much of a request path an error message repeats. */
const QUOTED_PATH_LIMIT = 200;

/**
 * Recognition (contract §4): the first route in registration order whose method, path and
 * requirements match. Routes are compiled once into a segment trie.
 */
export class Recognizer {
  private readonly root = new TrieNode();
  /** The controllers the route set names, which a `:controller` segment matches (as the original matched its list). */
  private readonly controllers: string[];

  constructor(private readonly routes: readonly Route[], private readonly rules: BehaviourRules) {
    this.controllers = [...new Set(routes.flatMap((route) => (route.controller === null ? [] : [route.controller])))];
    routes.forEach((route, index) => this.insert(route, index));
    this.finish(this.root);
  }

  recognize(method: string, path: string, params: Record<string, unknown> = {}): Recognition {
    return this.match(method, path, params).recognition;
  }

  /** What recognize() answers, with the route itself (the HTTP adapters tell actions its verb and path). */
  match(method: string, path: string, params: Record<string, unknown> = {}): { recognition: Recognition; route: Route } {
    const requested = this.requestMethod(method, params);
    const matchMethod = requested === "head" ? "get" : requested;
    const [from, end] = pathBounds(path);
    const search: Search = { method: matchMethod, best: Infinity, bestValues: [], allowed: new Map() };
    this.walk(this.root, path, from, end, [], search);
    if (search.best === Infinity) {
      if (search.allowed.size > 0) throw new MethodNotAllowed([...search.allowed].sort((a, b) => a[1] - b[1]).map(([m]) => m));
      throw new RoutingError(`No route matches ${JSON.stringify(quoted(path))} with {:method=>:${matchMethod}}`);
    }
    const route = this.routes[search.best];
    return { recognition: this.result(route, search.bestValues), route };
  }

  /** The method a request is treated as: `_method` counts only on POST (A rejects unknown values, B ignores them). */
  private requestMethod(method: string, params: Record<string, unknown>): string {
    let requested = own(LOWER_METHODS, method) ?? method.toLowerCase();
    if (this.rules.rejectsUnknownMethodOverride && !known(requested)) throw new UnknownHttpMethod(method, REQUEST_METHODS);
    const override = own(params, "_method");
    if (requested === "post" && override !== undefined && override !== null) {
      const wanted = String(override).toLowerCase();
      if (known(wanted)) requested = wanted;
      else if (this.rules.rejectsUnknownMethodOverride) throw new UnknownHttpMethod(String(override), REQUEST_METHODS);
    }
    return requested;
  }

  private result(route: Route, values: string[]): Recognition {
    let controller = route.controller;
    let action = route.action;
    const params: Record<string, string> = {};
    const put = (key: string, value: string) => {
      if (key === "controller") controller = route.controller ?? `${route.controllerNamespace}${value}`;
      else if (key === "action") action = route.action ?? value;
      else setOwn(params, key, value);
    };
    for (const key in route.defaults) put(key, route.defaults[key]);
    for (let i = 0; i < values.length; i += 2) put(values[i], decode(values[i + 1]));
    for (const key in route.params) setOwn(params, key, route.params[key]);
    return { route: route.name, controller, action, params };
  }

  /**
   * Depth-first over the trie, one request segment at a time (`path.slice(from, to)`), keeping the
   * lowest route index that fully matches. Subtrees whose routes all come later are skipped.
   */
  private walk(node: TrieNode, path: string, from: number, end: number, values: string[], search: Search): void {
    if (node.minRoute >= search.best) return;
    if (from > end) {
      this.atTerminal(node, values, search);
      return;
    }
    let to = path.indexOf("/", from);
    if (to < 0 || to > end) to = end;
    const segment = path.slice(from, to);
    const next = to + 1;
    if (node.exact.size) {
      const exact = node.exact.get(segment);
      if (exact) this.walk(exact, path, next, end, values, search);
    }
    if (node.optionalFormat.size || node.withFormat.size) {
      const bare = node.optionalFormat.get(segment);
      if (bare) this.walk(bare, path, next, end, values, search);
      const dot = segment.lastIndexOf(".");
      if (dot > 0 && dot < segment.length - 1) {
        const text = segment.slice(0, dot);
        const formatted = node.withFormat.get(text) ?? node.optionalFormat.get(text);
        if (formatted) {
          values.push("format", segment.slice(dot + 1));
          this.walk(formatted, path, next, end, values, search);
          values.length -= 2;
        }
      }
    }
    for (const length of node.headLengths) {
      if (length > segment.length) break;
      const edges = node.headed.get(segment.slice(0, length));
      if (edges) for (const edge of edges) this.follow(edge, segment, path, next, end, values, search);
    }
    for (const edge of node.generic) this.follow(edge, segment, path, next, end, values, search);
    for (const edge of node.controllerEdges) {
      if (edge.node.minRoute >= search.best) continue;
      for (const candidate of edge.candidates) {
        const after = from + candidate.length;
        if (after > end || !path.startsWith(candidate, from) || (after < end && path.charCodeAt(after) !== 47)) continue;
        values.push("controller", candidate);
        this.walk(edge.node, path, after + 1, end, values, search);
        values.length -= 2;
      }
    }
    if (node.glob) {
      const rest = path.slice(from, end);
      values.push(node.glob.key, rest);
      this.walk(node.glob.node, path, end + 1, end, values, search);
      values.length -= 2;
    }
  }

  private follow(edge: PatternEdge, segment: string, path: string, next: number, end: number, values: string[], search: Search): void {
    if (edge.node.minRoute >= search.best) return;
    const before = values.length;
    if (edge.matcher.match(segment, values)) this.walk(edge.node, path, next, end, values, search);
    values.length = before;
  }

  /** The first route ending here that takes the method; the methods of those before it that do not. */
  private atTerminal(node: TrieNode, values: string[], search: Search): void {
    for (const index of node.terminals) {
      if (index >= search.best) return;
      const methods = this.routes[index].methods;
      if (!methods || methods.includes(search.method as never)) {
        search.best = index;
        search.bestValues = values.slice();
        return;
      }
      if (search.best === Infinity) for (const m of methods) if ((search.allowed.get(m) ?? Infinity) > index) search.allowed.set(m, index);
    }
  }

  private insert(route: Route, index: number): void {
    for (const { segments, required } of pathsOf(route)) {
      let node = this.root;
      for (let depth = 0; depth <= segments.length; depth++) {
        if (depth >= required && node.terminals[node.terminals.length - 1] !== index) node.terminals.push(index);
        if (depth === segments.length) break;
        node = this.child(node, segments[depth], route, depth === segments.length - 1);
      }
    }
  }

  private child(node: TrieNode, segment: PathSegment, route: Route, last: boolean): TrieNode {
    if (segment.every((p) => p.kind === "static")) return childIn(node.exact, segment.map((p) => (p.kind === "static" ? p.text : "")).join(""));
    const text = staticTextBeforeFormat(segment);
    if (last && text !== undefined && !route.requirements.format) {
      return childIn(route.optionalFormat ? node.optionalFormat : node.withFormat, text);
    }
    if (segment.length === 1 && segment[0].kind === "glob") {
      node.glob ??= { key: segment[0].key, node: new TrieNode() };
      return node.glob.node;
    }
    if (segment.length === 1 && segment[0].kind === "param" && segment[0].key === "controller" && !route.requirements.controller && this.controllers.length > 0) {
      const namespace = route.controllerNamespace;
      let edge = node.controllerEdges.find((e) => e.namespace === namespace);
      if (!edge) {
        // Longest first, so that `admin/threads` is tried before `admin`.
        const candidates = this.controllers.filter((c) => c.startsWith(namespace) && c.length > namespace.length).map((c) => c.slice(namespace.length));
        edge = { namespace, candidates: candidates.sort((a, b) => b.length - a.length), node: new TrieNode() };
        node.controllerEdges.push(edge);
      }
      return edge.node;
    }
    const matcher = segmentMatcher(segment, (key) => route.requirements[key], last && route.optionalFormat);
    const head = segmentHead(segment);
    const list = head ? node.headed.get(head) ?? [] : node.generic;
    let edge = list.find((e) => e.matcher.id === matcher.id);
    if (!edge) {
      edge = { matcher, node: new TrieNode() };
      list.push(edge);
      if (head) node.headed.set(head, list);
    }
    return edge.node;
  }

  private finish(node: TrieNode): number {
    let min = node.terminals.length ? node.terminals[0] : Infinity;
    for (const map of [node.exact, node.withFormat, node.optionalFormat]) for (const next of map.values()) min = Math.min(min, this.finish(next));
    for (const edges of node.headed.values()) for (const edge of edges) min = Math.min(min, this.finish(edge.node));
    for (const edge of node.generic) min = Math.min(min, this.finish(edge.node));
    if (node.glob) min = Math.min(min, this.finish(node.glob.node));
    for (const edge of node.controllerEdges) min = Math.min(min, this.finish(edge.node));
    node.headLengths = [...new Set([...node.headed.keys()].map((h) => h.length))].sort((a, b) => a - b);
    node.generic.sort((a, b) => a.node.minRoute - b.node.minRoute);
    node.minRoute = min;
    return min;
  }
}

/**
 * The paths a route is recognised on: its own, and for a last segment that is only `.:format`
 * (a new route whose new segment is empty, `/analysis/.:format`) also with the format on the segment
 * before (`/analysis.json`, and in B `/analysis`), as the original's optional trailing separator allowed.
 */
function pathsOf(route: Route): Array<{ segments: PathSegment[]; required: number }> {
  const own = { segments: route.segments, required: route.requiredSegments };
  const last = route.segments[route.segments.length - 1];
  const before = route.segments[route.segments.length - 2];
  if (!last || !before || last.length !== 2 || last[0].kind !== "static" || last[0].text !== "." || last[1].kind !== "param" || last[1].key !== "format") return [own];
  const merged = [...before, ...last].reduce<PathSegment>((parts, part) => {
    const previous = parts[parts.length - 1];
    if (part.kind === "static" && previous?.kind === "static") parts[parts.length - 1] = { kind: "static", text: previous.text + part.text };
    else parts.push(part);
    return parts;
  }, []);
  const segments = [...route.segments.slice(0, -2), merged];
  return [own, { segments, required: Math.min(route.requiredSegments, segments.length) }];
}

function childIn(map: Map<string, TrieNode>, text: string): TrieNode {
  let next = map.get(text);
  if (!next) map.set(text, (next = new TrieNode()));
  return next;
}

/** `new.:format` → "new": a segment that is static text (without a dot) followed by `.:format`. */
function staticTextBeforeFormat(segment: PathSegment): string | undefined {
  if (segment.length !== 2) return undefined;
  const [text, format] = segment;
  if (text.kind !== "static" || format.kind !== "param" || format.key !== "format" || !text.text.endsWith(".")) return undefined;
  const before = text.text.slice(0, -1);
  return before && !before.includes(".") ? before : undefined;
}

/** Percent-decoded, segment by segment (a glob's value spans several): a malformed escape leaves only its own segment as it was. */
function decode(value: string): string {
  if (!value.includes("%")) return value;
  if (value.includes("/")) return value.split("/").map(decode).join("/");
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const known = (method: string) => (REQUEST_METHODS as readonly string[]).includes(method);

const LOWER_METHODS: Readonly<Record<string, string>> = { GET: "get", POST: "post", PUT: "put", DELETE: "delete", HEAD: "head", OPTIONS: "options" };

/** A request path as an error message quotes it: long ones cut, so a message never repeats a huge request. */
function quoted(path: string): string {
  return path.length > QUOTED_PATH_LIMIT ? `${path.slice(0, QUOTED_PATH_LIMIT)}…` : path;
}

/**
 * Where a request path's segments start and end: `/posts/1/?x=1` → the text `posts/1`. The query is
 * not part of the path and one trailing slash is ignored. `from > end` means no segments (the root).
 */
function pathBounds(path: string): [number, number] {
  let end = path.length;
  const query = path.indexOf("?");
  if (query >= 0) end = query;
  const fragment = path.indexOf("#");
  if (fragment >= 0 && fragment < end) end = fragment;
  let from = 0;
  while (from < end && path.charCodeAt(from) === 47) from++;
  if (end > from && path.charCodeAt(end - 1) === 47) end--;
  return from >= end ? [1, 0] : [from, end];
}
