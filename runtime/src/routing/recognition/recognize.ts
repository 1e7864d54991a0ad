import { shortened } from "../../text/escape";
import { redirectLocation } from "../generation/redirectLocation";
import { constraintRequest, pathParameters } from "../model/applicationConstraints";
import { BehaviourRules } from "../model/behaviour";
import { MethodNotAllowed, RoutingError, UnknownHttpMethod } from "../model/errors";
import { groupForms } from "../model/optionalGroups";
import { hasKey, PathSegment } from "../model/path";
import { own, setOwn } from "../model/records";
import { RedirectCode, type RedirectTarget } from "../model/redirect";
import { conditionsHold, NO_REQUEST, type RequestFacts } from "../model/requestConditions";
import { overrideMethodsOf, requestMethodsOf } from "../model/requestMethods";
import type { HttpMethod } from "../model/route";
import { Route } from "../model/route";
import { CharNode } from "./charTree";
import { recognisedSegments } from "./pathPattern";
import { segmentHead, SegmentMatcher, segmentMatcher } from "./segmentMatch";
import { SpanningRoute, spanningRoute } from "./spanningRoutes";
import { StaticAnswers, UNASKED, WALKED } from "./staticAnswers";
import { ValueStack } from "./valueStack";

/** What a request was recognised as (docs/routing.md). */
export interface Recognition {
  route: string | null;
  controller: string | null;
  action: string | null;
  params: Record<string, string>;
  /**
   * A redirect route's answer (behaviour C's `to: redirect(…)`): its status and Location, made of
   * the request's path values, host and scheme; where the application's function answers it, the
   * function runs when the Location is read, and a routing file read from source (not drawn, so
   * the function is not there to run) gives no Location.
   */
  redirect?: { status: number; location?: string };
  /**
   * A mounted application's route (behaviour C's `mount`): the part of the path the mount took
   * (Rails' SCRIPT_NAME, `/sidekiq`; "" at `/`) and the rest, which the application is given as its
   * path (Rails' PATH_INFO, `/queues`; `/` for none).
   */
  mount?: { path: string; rest: string };
}

/** What RouteSet.match() answers: the recognition, the route that matched, and its place in the set. */
export interface Match {
  recognition: Recognition;
  route: Route;
  /** The route's index in `routes.routes`: what an application keeps per route can be kept in an array. */
  index: number;
  /** The method the request was routed as, lower-case: its own, or a POST's `_method` where the behaviour takes it (HEAD stays HEAD). */
  method: string;
}

/** An edge that matches one request segment that is dynamic or mixed. */
interface PatternEdge {
  matcher: SegmentMatcher;
  node: TrieNode;
  /** The node's slot, kept here too: an edge whose routes are out of reach is passed over without reading its node. */
  slot: number;
}

/** What a static text of one trie level leads to, by how the segment uses it. */
interface StaticEntry {
  /** The whole segment is this text. */
  exact?: TrieNode;
  /** `<text>.:format` with the default format pattern, the format required (A's twins). */
  formatRequired?: TrieNode;
  /**
   * The same with the format optional (behaviour B, and C's `(.:format)`): the segment is the text,
   * or the text, a dot and a format. Like formatRequired's, the node is a leaf: only a route's last
   * segment leads there.
   */
  formatOptional?: TrieNode;
  /** Mixed segments that start with this text (`page-` of `page-:number`). */
  headed?: PatternEdge[];
}

/** A request method of the behaviour, as recognition searches by it. */
interface SearchedMethod {
  /** Its name, lower-case (Match.method). */
  readonly name: string;
  /** The method the routes are matched by: GET's for HEAD. */
  readonly matching: string;
  /** The method class of `matching` (Recognizer.methodClasses). */
  readonly methodClass: number;
}

/** No route: a bound above every route index, and the best match before one is found. */
const NONE = 0x7fffffff;

/** A `:controller` edge: the controllers of a namespace, written at the segment. */
interface ControllerEdge {
  namespace: string;
  candidates: string[];
  node: TrieNode;
}

// What TrieNode shares where it has none (see there).
const NO_STATICS = new CharNode<StaticEntry>("");
const NO_EDGES: PatternEdge[] = [];
const NO_CONTROLLER_EDGES: ControllerEdge[] = [];
const NO_TERMINALS: number[] = [];

/**
 * A level of the trie. What a node has none of (most nodes are leaves, or have one kind of child)
 * it shares with every such node, empty and never written: the compiled trie holds about a quarter
 * less heap (`npm run bench -- recognition`), and the nodes a request reads lie closer together.
 */
class TrieNode {
  /** The static texts of the segments at this level, character by character. */
  statics = NO_STATICS;
  /** Segments that start with a dynamic part. */
  generic = NO_EDGES;
  /**
   * `*key`: one or more whole segments, never empty; `tails` are the numbers of request segments
   * the routes through it may still take after it (ascending: the glob takes the most it can first,
   * as the original's greedy `(.*)` did).
   */
  glob?: { key: string; node: TrieNode; tails: number[] };
  /**
   * C's `*key(.:format)`, the route's last segment: the rest of the path, lazily, then an optional
   * dot and format (Rails 6.1's `(.+?)(?:\.([^/.?]+))?`): the format is what follows the last
   * segment's last dot, when something follows it and something comes before it. Declared, not
   * a field: the few nodes that have one get it, and no other node keeps a slot for it.
   */
  declare formattedGlob?: { key: string; node: TrieNode };
  /** `:controller`: one of the route set's controllers (per controller namespace), possibly several segments long. */
  controllerEdges = NO_CONTROLLER_EDGES;
  /** Routes whose path may end here, in registration order. */
  terminals = NO_TERMINALS;
  /**
   * Where this node's bounds start in the recogniser's one array of them (see Search.bounds): by
   * method class, the lowest index of a route that takes the method and ends here, then of one
   * that goes on to further segments. A node that cannot beat the best match so far is never
   * entered, and a segment matcher is not run for it.
   */
  slot = 0;
  /** The lowest route index anywhere here or below, whatever the method. */
  minRoute = NONE;
}

/** The state of one recognition; a recogniser reuses its one instance (recognition is synchronous). */
class Search {
  /** The offsets from a node's slot of its bounds for the method's class: routes ending there, routes going deeper. */
  endingAt = 0;
  deeperAt = 0;
  best = NONE;
  /** `key, raw value` pairs of the match being tried. */
  readonly values = new ValueStack();
  /** The values of the best match so far (one stack, reused: result() reads it before the next search). */
  readonly bestValues = new ValueStack();
  /** On the error path only: the routes whose path matched (their methods, in route order, are what MethodNotAllowed allows). */
  matched: number[] | undefined;
  /** The method matched, the path and the request's host and scheme, for routes with request constraints. */
  method = "";
  path = "";
  request: RequestFacts | undefined;
  /** A doubled slash was met where the route set squeezes them (C): the search is made again on the squeezed path. */
  doubled = false;
  /** Where the best match is a mounted application's route: the mount path and the rest (see Recognition.mount). */
  mount: { path: string; rest: string } | undefined;

  /**
   * Every node's bounds in one array, `classes` route indexes ending there then `classes` going
   * deeper: a node's bound is one read next to its neighbours', where an array per node took
   * three dependent reads, each a likely cache miss on a server between requests.
   */
  constructor(
    readonly bounds: Int32Array,
    private readonly classes: number,
  ) {}

  reset(methodClass: number): void {
    this.endingAt = methodClass;
    this.deeperAt = this.classes + methodClass;
    this.best = NONE;
    this.values.length = 0;
    this.bestValues.length = 0;
    this.matched = undefined;
    this.doubled = false;
    this.mount = undefined;
  }
}

/** The numbers of segments a route whose glob is segment `depth` of `count` (the first `required` required) may take after it. */
function addTails(glob: NonNullable<TrieNode["glob"]>, depth: number, required: number, count: number): void {
  for (let taken = Math.max(required, depth + 1); taken <= count; taken++) {
    const tail = taken - depth - 1;
    if (!glob.tails.includes(tail)) glob.tails.push(tail);
  }
  glob.tails.sort((a, b) => a - b);
}

/**
 * Recognition (docs/routing.md): the first route in registration order whose method, path and
 * requirements match. Routes are compiled once into a segment trie.
 */
export class Recognizer {
  private readonly root = new TrieNode();
  /** The controllers the route set names, which a `:controller` segment matches (as the original matched its list). */
  private readonly controllers: string[];
  private readonly search: Search;
  /** The segment matchers by id, shared by every trie edge that matches alike. */
  private readonly matchers = new Map<string, SegmentMatcher>();
  /** Each route's defaults and fixed params as `key, value` pairs, made when the route is first recognised. */
  private readonly fixed: Array<FixedValues | undefined>;
  /**
   * Method classes: 0 takes every route (the error path's walk), then one per method some route is
   * restricted to, then one for any other method (only unrestricted routes take it).
   */
  private readonly methodClasses: Map<string, number>;
  /** The method of each class (none for class 0 and the last one). */
  private readonly classMethods: Array<string | undefined>;
  /** The methods a request may have: Rails 2's, and Rails 6.1's in C. */
  private readonly requestMethods: readonly string[];
  /**
   * The request methods by their names in lower and upper case, as requests write them: one
   * lookup gives the name, the method matched and its class (any other case is lowered first).
   */
  private readonly searchedMethods = new Map<string, SearchedMethod>();
  /** GET's, most requests' method: told by one comparison of the method's text (the runtimes' own strings compare by identity). */
  private readonly searchedGet: SearchedMethod;
  /** The methods a POST's `_method` may name. */
  private readonly overrideMethods: readonly string[];
  /** By route index, 1 for a route with request constraints (behaviour C); none when no route has any. */
  private readonly conditional: Uint8Array | undefined;
  /** Doubled slashes count as one (C). */
  private readonly squeezes: boolean;
  /** The routes matched by their whole path rather than through the trie, in route order (C: spanningRoutes.ts). */
  private readonly spanning: readonly SpanningRoute[];
  /** The routes that name HEAD among their methods (C's `via: "head"`), which a HEAD request tries first; none for most sets. */
  private readonly headRoutes: Recognizer | undefined;
  /** The answers for the route set's static paths (staticAnswers.ts); none where a route asks the request, whose answer is then more than the path's. */
  private readonly staticAnswers: StaticAnswers | undefined;

  constructor(
    private readonly routes: readonly Route[],
    private readonly rules: BehaviourRules,
    /** The application's other controllers, which a `:controller` segment matches too (RouteSet.withControllers). */
    controllers: readonly string[] = [],
    /** The routes this recognizer takes, by their place in `routes` (all of them unless given). */
    takes?: (route: Route) => boolean,
  ) {
    this.requestMethods = requestMethodsOf(rules);
    this.overrideMethods = overrideMethodsOf(rules);
    this.squeezes = rules.squeezesSlashes;
    if (routes.some((route) => route.asksRequest)) this.conditional = Uint8Array.from(routes, (route) => (route.asksRequest ? 1 : 0));
    this.controllers = [...new Set([...routes.flatMap((route) => (route.controller === null ? [] : [route.controller])), ...controllers])];
    // Filled in as routes are first recognised, in any order: made full length at once, so that it stays an array and not a dictionary.
    this.fixed = new Array<FixedValues | undefined>(routes.length).fill(undefined);
    const restricted = [...new Set(routes.flatMap((route) => route.methods ?? []))];
    this.classMethods = [undefined, ...restricted, undefined];
    this.methodClasses = new Map(restricted.map((method, i) => [method, i + 1]));
    for (const name of this.requestMethods) {
      const matching = name === "head" ? "get" : name;
      const searched = { name, matching, methodClass: this.methodClass(matching) };
      this.searchedMethods.set(name, searched).set(name.toUpperCase(), searched);
    }
    this.searchedGet = this.searchedMethods.get("get")!;
    const taken = (route: Route) => !takes || takes(route);
    this.spanning = rules.constraintsSpanSegments
      ? routes.flatMap((route, index) => (taken(route) && spanningRoute(route, index, this.controllers)) || [])
      : [];
    const apart = new Set(this.spanning.map((spanning) => spanning.index));
    routes.forEach((route, index) => {
      if (!apart.has(index) && taken(route)) this.insert(route, index);
    });
    // Rails 6.1 answers a HEAD request by the routes that name HEAD, where one takes it, before GET's (Journey's match_head_routes).
    if (!takes && routes.some(namesHead)) this.headRoutes = new Recognizer(routes, rules, controllers, namesHead);
    const bounds: number[] = [];
    this.finish(this.root, bounds);
    this.search = new Search(Int32Array.from(bounds), this.classMethods.length);
    if (!this.conditional) this.staticAnswers = new StaticAnswers(staticPaths(this.root), this.classMethods.length);
  }

  recognize(method: string, path: string, params: Readonly<Record<string, unknown>> = NO_PARAMS, request?: RequestFacts): Recognition {
    const index = this.find(method, path, params, request);
    return this.result(index, this.search.bestValues, path, request, method);
  }

  /** What recognize() answers, with the route itself and its place in the set (the HTTP adapters tell actions its verb and path, and keep what they know of it by place). */
  match(method: string, path: string, params: Readonly<Record<string, unknown>> = NO_PARAMS, request?: RequestFacts): Match {
    const requested = this.requestMethod(method, params);
    const index = this.findPath(requested, path, request);
    return { recognition: this.result(index, this.search.bestValues, path, request, method), route: this.routes[index], index, method: requested.name };
  }

  /** The index of the route a request is recognised as, its values left in the search; or the routing error. */
  private find(method: string, path: string, params: Readonly<Record<string, unknown>>, request: RequestFacts | undefined): number {
    const requested = this.requestMethod(method, params);
    return this.findPath(requested, path, request);
  }

  /** find() for the method the request is treated as. */
  private findPath(requested: SearchedMethod, path: string, request: RequestFacts | undefined): number {
    if (requested.name === "head" && this.headRoutes) {
      const own = this.headRoutes.best("head", this.headRoutes.methodClass("head"), path, request);
      if (own !== NONE) {
        this.search.reset(0);
        this.search.bestValues.copy(this.headRoutes.search.bestValues);
        this.search.mount = this.headRoutes.search.mount;
        return own;
      }
    }
    const found = this.best(requested.matching, requested.methodClass, path, request);
    if (found !== NONE) return found;
    // The error path: the routes whose path matched (none takes the method).
    const allowed = this.rules.methodNotAllowed ? this.allowedMethods(path) : [];
    if (allowed.length) throw new MethodNotAllowed(allowed);
    const shown = this.squeezes ? path.replace(/\/{2,}/g, "/") : path;
    throw new RoutingError(`No route matches ${JSON.stringify(shortened(shown))} with {:method=>:${requested.matching}}`);
  }

  /**
   * The first route that takes the method and path, its values left in the search; NONE where none
   * does. C's router squeezes doubled slashes before matching (Journey's normalize_path); the walk
   * meets any doubled slash it would read as an empty segment, so the path is searched once more,
   * squeezed, only then: a scan of every path for them was a tenth of a short request's time.
   */
  private best(matchMethod: string, methodClass: number, path: string, request: RequestFacts | undefined): number {
    const search = this.search;
    search.reset(methodClass);
    if (this.conditional) {
      search.method = matchMethod;
      search.path = path;
      search.request = request;
    }
    const from = pathStart(path);
    const end = pathEnd(path, from);
    // A static path is looked up as the request writes it when that is its one spelling: a slash before, nothing after.
    const answers = from === 1 && end === path.length ? this.staticAnswers?.of(path) : undefined;
    const known = answers ? answers[methodClass] : UNASKED;
    if (known >= 0) return (search.best = known);
    this.enter(this.root, path, from, end, search);
    if (this.spanning.length) this.matchSpanning(path, from, end, matchMethod, search);
    if (search.doubled) return this.best(matchMethod, methodClass, path.replace(/\/{2,}/g, "/"), request);
    if (answers && known === UNASKED) answers[methodClass] = search.bestValues.length || search.mount ? WALKED : search.best;
    return search.best;
  }

  /** The first spanning route before the trie's best that takes the request, made the best. */
  private matchSpanning(path: string, from: number, end: number, method: string, search: Search): void {
    const text = end >= from ? path.slice(from, end) : "";
    if (this.squeezes && text.includes("//")) {
      search.doubled = true;
      return;
    }
    for (const { index, pattern, keys, globs, grouped, mounted } of this.spanning) {
      if (index >= search.best) return;
      const route = this.routes[index];
      if (route.methods && !route.methods.includes(method as HttpMethod)) continue;
      const found = grouped ? undefined : pattern.exec(text);
      const values = grouped ? (grouped.filter && !grouped.filter.test(text) ? null : grouped.match(`/${text}`)) : captured(found ?? null, keys, globs);
      if (!values) continue;
      const tried = search.values;
      tried.length = 0;
      for (let i = 0; i < values.length; i += 2) tried.push(values[i], values[i + 1]);
      if (route.asksRequest && !this.requestHolds(index, tried, search)) continue;
      search.best = index;
      search.bestValues.copy(tried);
      if (mounted) search.mount = mountParts(text, found![0].length);
      return;
    }
  }

  /**
   * The methods the routes whose path matches `path` take, in route order (a route with no method
   * condition takes every request method); none when no route has the path.
   */
  allowedMethods(path: string): HttpMethod[] {
    const search = this.search;
    search.reset(EVERY_ROUTE);
    const matched = (search.matched = []);
    const from = pathStart(path);
    this.enter(this.root, path, from, pathEnd(path, from), search);
    search.matched = undefined;
    const methods = matched.sort((a, b) => a - b).flatMap((index) => this.routes[index].methods ?? ANY_METHOD);
    return [...new Set(methods)];
  }

  /**
   * The method a request is treated as. A method outside Rails' list is refused before routing in
   * both behaviours (Rails 2.2's and 2.3's Request#request_method raised); `_method` counts only
   * on POST, and an unknown value of it is refused in A and ignored in B.
   */
  private requestMethod(method: string, params: Readonly<Record<string, unknown>>): SearchedMethod {
    const requested = method === "GET" ? this.searchedGet : (this.searchedMethods.get(method) ?? this.searchedMethods.get(method.toLowerCase()));
    if (!requested) throw new UnknownHttpMethod(method, this.requestMethods);
    if (requested.name !== "post") return requested;
    const override = own(params, "_method");
    if (override === undefined || override === null) return requested;
    const wanted = String(override).toLowerCase();
    if (!this.overrideMethods.includes(wanted)) {
      if (this.rules.rejectsUnknownMethodOverride) throw new UnknownHttpMethod(String(override), this.requestMethods);
      return requested;
    }
    // Rack's MethodOverride takes LINK and UNLINK, which Rails 6.1's request then refuses.
    const overridden = this.searchedMethods.get(wanted);
    if (!overridden) throw new UnknownHttpMethod(String(override), this.requestMethods);
    return overridden;
  }

  /** The class of routes a method is matched by: its own where some route is restricted to it, else the last (routes with no method condition). */
  private methodClass(method: string): number {
    return this.methodClasses.get(method) ?? this.classMethods.length - 1;
  }

  private result(index: number, values: ValueStack, path: string, request: RequestFacts | undefined, method = "GET"): Recognition {
    const fixed = (this.fixed[index] ??= fixedValues(this.routes[index], this.rules));
    const recognition: Recognition = { route: fixed.name, controller: fixed.controller, action: fixed.action, params: {} };
    for (let i = 0; i < fixed.defaults.length; i += 2) put(recognition, fixed, fixed.defaults[i], fixed.defaults[i + 1]);
    if (fixed.plainKeys) {
      const params = recognition.params;
      for (let i = 0; i < values.length; i += 2) params[values.at(i)] = decode(values.at(i + 1));
    } else for (let i = 0; i < values.length; i += 2) put(recognition, fixed, values.at(i), decode(values.at(i + 1)));
    for (let i = 0; i < fixed.params.length; i += 2) setOwn(recognition.params, fixed.params[i], fixed.params[i + 1]);
    if (fixed.mounted && this.search.mount) recognition.mount = this.search.mount;
    const redirect = fixed.redirect;
    if (redirect) {
      const facts = { ...(request ?? NO_REQUEST), path: request?.path ?? path.replace(/[?#].*$/s, "") };
      const params = recognition.params;
      const code = redirect.to instanceof RedirectCode ? redirect.to : undefined;
      recognition.redirect = !code
        ? { status: redirect.status, location: redirectLocation(redirect, params, facts) }
        : code.code === null
          ? { status: redirect.status }
          : {
              status: redirect.status,
              get location() {
                return redirectLocation(redirect, params, facts, method);
              },
            };
    }
    return recognition;
  }

  /**
   * Depth-first over the trie, one request segment at a time (`path` from `from` to the next `/`),
   * keeping the lowest route index that fully matches. Subtrees whose routes all come later are
   * skipped. Static texts are followed through the level's character tree straight from the path;
   * the segment is sliced only for the segment matchers.
   */
  private walk(node: TrieNode, path: string, from: number, end: number, search: Search): void {
    let to = path.indexOf("/", from);
    if (to < 0 || to > end) to = end;
    const next = to + 1;
    // A doubled slash after this segment, or an empty segment (the first starts past every leading
    // slash): found before anything below could be passed over as out of reach.
    if (this.squeezes && (to === from || (next <= end && path.charCodeAt(next) === SLASH))) {
      search.doubled = true;
      return;
    }
    let segment: string | undefined;
    let at = from;
    for (let text: CharNode<StaticEntry> | undefined = node.statics; ;) {
      const entry = text.value;
      if (entry) {
        if (at === to) {
          if (entry.exact) this.enter(entry.exact, path, next, end, search);
          if (entry.formatOptional && next > end) this.enter(entry.formatOptional, path, next, end, search);
        } else if ((entry.formatRequired || entry.formatOptional) && isFormatDot(path, at, to)) {
          if (entry.formatRequired) this.walkFormatted(entry.formatRequired, path, at, to, end, search);
          if (entry.formatOptional) this.walkFormatted(entry.formatOptional, path, at, to, end, search);
        }
        if (entry.headed)
          for (const edge of entry.headed)
            if (reachable(edge.slot, next, end, search)) this.follow(edge, (segment ??= path.slice(from, to)), path, next, end, search);
      }
      if (at >= to) break;
      text = text.child(path.charCodeAt(at));
      if (!text) break;
      const length = text.length;
      // A label is compared as a string: the engine's comparison of two flat strings beats a loop of charCodeAt.
      if (at + length > to || (length > 1 && path.substring(at, at + length) !== text.label)) break;
      at += length;
    }
    // The segment is sliced only for an edge whose routes could still win: a request matched by a
    // static path passes over the parameter edges beside it (`(/:locale)` at the root) unsliced.
    const generic = node.generic;
    for (let i = 0; i < generic.length; i++)
      if (reachable(generic[i].slot, next, end, search)) this.follow(generic[i], (segment ??= path.slice(from, to)), path, next, end, search);
    if (node.controllerEdges.length) this.walkControllers(node, path, from, end, search);
    if ((node.glob || node.formattedGlob) && from < end) {
      // A glob takes the rest of the path whole: a doubled slash in it is found here.
      if (this.squeezes && doubledSlash(path, from, end)) {
        search.doubled = true;
        return;
      }
      if (node.glob) this.walkGlob(node.glob, path, from, end, search);
      if (node.formattedGlob) this.walkFormattedGlob(node.formattedGlob, path, from, end, search);
    }
  }

  private walkFormattedGlob(glob: NonNullable<TrieNode["formattedGlob"]>, path: string, from: number, end: number, search: Search): void {
    if (!reachable(glob.node.slot, end + 1, end, search)) return;
    const values = search.values;
    const length = values.length;
    const dot = path.lastIndexOf(".", end - 1);
    const slash = dot < 0 ? -1 : path.indexOf("/", dot);
    if (dot > from && dot < end - 1 && (slash < 0 || slash >= end)) {
      values.push(glob.key, path.slice(from, dot));
      values.push("format", path.slice(dot + 1, end));
    } else values.push(glob.key, path.slice(from, end));
    this.atTerminal(glob.node, search);
    values.length = length;
  }

  /**
   * A glob at `from`: for each number of segments the routes may take after it, the glob holds
   * everything before them. The split points are found walking back from the end once, so the
   * time stays linear in the request.
   */
  private walkGlob(glob: NonNullable<TrieNode["glob"]>, path: string, from: number, end: number, search: Search): void {
    const values = search.values;
    let split = end;
    let taken = 0;
    for (const tail of glob.tails) {
      for (; taken < tail; taken++) {
        split = path.lastIndexOf("/", split - 1);
        if (split <= from) return;
      }
      values.push(glob.key, path.slice(from, split));
      this.enter(glob.node, path, split + 1, end, search);
      values.length -= 2;
    }
  }

  /** `:controller` edges: each candidate controller written at `from`, longest first. */
  private walkControllers(node: TrieNode, path: string, from: number, end: number, search: Search): void {
    const values = search.values;
    for (const edge of node.controllerEdges) {
      if (edge.node.minRoute >= search.best) continue;
      for (const candidate of edge.candidates) {
        const after = from + candidate.length;
        if (after > end || !path.startsWith(candidate, from) || (after < end && path.charCodeAt(after) !== SLASH)) continue;
        values.push("controller", candidate);
        this.enter(edge.node, path, after + 1, end, search);
        values.length -= 2;
      }
    }
  }

  /** Past a `<text>.:format` segment whose format starts after `dot`. */
  private walkFormatted(node: TrieNode, path: string, dot: number, to: number, end: number, search: Search): void {
    if (!reachable(node.slot, to + 1, end, search)) return;
    search.values.push("format", path.slice(dot + 1, to));
    this.enter(node, path, to + 1, end, search);
    search.values.length -= 2;
  }

  /** Past a pattern edge whose routes are within reach (the caller has asked), where its matcher takes the segment. */
  private follow(edge: PatternEdge, segment: string, path: string, next: number, end: number, search: Search): void {
    const values = search.values;
    const before = values.length;
    if (edge.matcher.match(segment, values)) this.enter(edge.node, path, next, end, search);
    values.length = before;
  }

  /** Goes on at `node` with the request's segments from `from`: the path ends there, or the walk goes on. */
  private enter(node: TrieNode, path: string, from: number, end: number, search: Search): void {
    if (from <= end) {
      if (reachable(node.slot, from, end, search)) this.walk(node, path, from, end, search);
      return;
    }
    if (reachable(node.slot, from, end, search)) this.atTerminal(node, search);
    // A glob that is its route's last segment may take no segment: its value is "" (Rails 2's
    // path segment was `(.*)`, so `files/*path` took `/files`, and `*path` took `/`).
    const glob = node.glob;
    if (glob && glob.tails[0] === 0 && reachable(glob.node.slot, from, end, search)) {
      search.values.push(glob.key, "");
      this.atTerminal(glob.node, search);
      search.values.length -= 2;
    }
  }

  /** The first route ending here that takes the method (a node knows it per method class); on the error path, every route ending here. */
  private atTerminal(node: TrieNode, search: Search): void {
    if (search.matched) {
      for (const index of node.terminals) search.matched.push(index);
      return;
    }
    let index = search.bounds[node.slot + search.endingAt];
    // A route whose request constraints do not hold is passed over for the next route ending here.
    if (index < search.best && this.conditional?.[index]) index = this.nextHolding(node, index, search);
    if (index < search.best) {
      search.best = index;
      search.bestValues.copy(search.values);
    }
  }

  /** The first route ending at `node` from `from` on that takes the search's method and whose request constraints hold; NONE when none does. */
  private nextHolding(node: TrieNode, from: number, search: Search): number {
    for (const index of node.terminals) {
      if (index < from || index >= search.best) continue;
      const route = this.routes[index];
      if (route.methods && !route.methods.includes(search.method as HttpMethod)) continue;
      if (!this.conditional![index] || this.requestHolds(index, search.values, search)) return index;
    }
    return NONE;
  }

  /**
   * Whether a route's request constraints hold for the search's request, and then each of its
   * constraints of the application's code, told the values the route would be recognised with.
   */
  private requestHolds(index: number, values: ValueStack, search: Search): boolean {
    const route = this.routes[index];
    if (!conditionsHold(route.requestConditions, search.request)) return false;
    if (!route.applicationConstraints.length) return true;
    const { controller, action, params } = this.result(index, values, search.path, search.request);
    const request = constraintRequest(search.method, search.path, search.request, pathParameters(controller, action, params));
    return route.applicationConstraints.every((code) => code.holds(request));
  }

  /**
   * A route's path into the trie, ending at each depth from its required segments on. A last
   * segment that is only `.:format` (`/analysis/.:format`) is a segment of its own in A, as Rails
   * 2.2's dot came after a required slash (`/analysis/.json`). In B its format is optional, and
   * Rails 2.3 took the slash before an optional format as one of the format's alternatives: the
   * route takes `/analysis`, `/analysis/` and `/analysis.json`, never `/analysis/.json`, as a
   * route whose segment before is `analysis.:format`.
   */
  private insert(route: Route, index: number): void {
    if (route.groups.length) {
      // Each form of a route with optional groups is a path of its own to the same route.
      for (const form of groupForms(route)) this.insertPath(form.segments, form.segments.length, route, index);
      return;
    }
    const { segments, required } = recognisedSegments(route);
    this.insertPath(segments, required, route, index);
  }

  private insertPath(segments: readonly PathSegment[], required: number, route: Route, index: number): void {
    let node = this.root;
    for (let depth = 0; depth <= segments.length; depth++) {
      if (depth >= required && node.terminals[node.terminals.length - 1] !== index) {
        if (node.terminals === NO_TERMINALS) node.terminals = [];
        node.terminals.push(index);
      }
      if (depth === segments.length) break;
      const next = this.child(node, segments[depth], route, depth === segments.length - 1);
      if (node.glob?.node === next) addTails(node.glob, depth, required, segments.length);
      node = next;
    }
  }

  private child(node: TrieNode, segment: PathSegment, route: Route, last: boolean): TrieNode {
    if (segment.every((p) => p.kind === "static")) {
      const entry = staticEntry(node, segment.map((p) => (p.kind === "static" ? p.text : "")).join(""));
      return (entry.exact ??= new TrieNode());
    }
    const text = staticTextBeforeFormat(segment);
    if (last && text !== undefined && !route.requirements.format) {
      const entry = staticEntry(node, text);
      return route.optionalFormat ? (entry.formatOptional ??= new TrieNode()) : (entry.formatRequired ??= new TrieNode());
    }
    if (segment.length === 1 && segment[0].kind === "glob") {
      node.glob ??= { key: segment[0].key, node: new TrieNode(), tails: [] };
      return node.glob.node;
    }
    if (last && route.optionalFormat && isFormattedGlob(segment) && !route.requirements.format) {
      node.formattedGlob ??= { key: (segment[0] as { key: string }).key, node: new TrieNode() };
      return node.formattedGlob.node;
    }
    if (
      segment.length === 1 &&
      segment[0].kind === "param" &&
      segment[0].key === "controller" &&
      !route.requirements.controller &&
      this.controllers.length > 0
    ) {
      const namespace = route.controllerNamespace;
      let edge = node.controllerEdges.find((e) => e.namespace === namespace);
      if (!edge) {
        // Longest first, so that `admin/threads` is tried before `admin`.
        const candidates = this.controllers.filter((c) => c.startsWith(namespace) && c.length > namespace.length).map((c) => c.slice(namespace.length));
        edge = { namespace, candidates: candidates.sort((a, b) => b.length - a.length), node: new TrieNode() };
        if (node.controllerEdges === NO_CONTROLLER_EDGES) node.controllerEdges = [];
        node.controllerEdges.push(edge);
      }
      return edge.node;
    }
    const made = segmentMatcher(segment, (key) => route.requirements[key], last && route.optionalFormat);
    // One matcher per kind across the trie (every resource's `:id` with the same requirement): what a request touches stays few objects, warm in the cache.
    let matcher = this.matchers.get(made.id);
    if (!matcher) this.matchers.set(made.id, (matcher = made));
    // Text right before an optional format (`pages(.:format)` with a constraint on the format) heads the
    // segment without its dot: a request may leave the dot out with the format.
    const whole = segmentHead(segment);
    const head = last && route.optionalFormat && segment.length === 2 && whole.endsWith(".") ? whole.slice(0, -1) : whole;
    if (!head && node.generic === NO_EDGES) node.generic = [];
    const list = head ? (staticEntry(node, head).headed ??= []) : node.generic;
    let edge = list.find((e) => e.matcher.id === matcher.id);
    if (!edge) {
      edge = { matcher, node: new TrieNode(), slot: 0 };
      list.push(edge);
    }
    return edge.node;
  }

  /** Computes the bounds of a node and every node below it, children first, into `bounds`; returns the node's own. */
  private finish(node: TrieNode, bounds: number[]): { ending: number[]; deeper: number[] } {
    const classes = this.classMethods.length;
    const ending = new Array<number>(classes).fill(NONE);
    const deeper = new Array<number>(classes).fill(NONE);
    for (const index of node.terminals) {
      const methods = this.routes[index].methods;
      for (let c = 0; c < classes; c++) {
        if (ending[c] === NONE && (c === EVERY_ROUTE || !methods || methods.includes(this.classMethods[c] as never))) ending[c] = index;
      }
    }
    const below = (next: TrieNode | undefined) => {
      if (!next) return;
      const child = this.finish(next, bounds);
      for (let c = 0; c < classes; c++) deeper[c] = Math.min(deeper[c], child.ending[c], child.deeper[c]);
    };
    // An edge's node has its slot once finished: the edge keeps a copy (PatternEdge.slot).
    const edgeBelow = (edge: PatternEdge) => {
      below(edge.node);
      edge.slot = edge.node.slot;
    };
    for (const [, entry] of node.statics.entries()) {
      below(entry.exact);
      below(entry.formatRequired);
      below(entry.formatOptional);
      entry.headed?.forEach(edgeBelow);
    }
    if (node.statics !== NO_STATICS) node.statics.finish();
    node.generic.forEach(edgeBelow);
    below(node.glob?.node);
    below(node.formattedGlob?.node);
    for (const edge of node.controllerEdges) below(edge.node);
    node.slot = bounds.length;
    bounds.push(...ending, ...deeper);
    node.minRoute = Math.min(ending[EVERY_ROUTE], deeper[EVERY_ROUTE]);
    if (node.generic.length > 1) node.generic.sort((a, b) => a.node.minRoute - b.node.minRoute);
    return { ending, deeper };
  }
}

/** The static paths that lead to a node where routes end (`/posts`, `/posts/search`), from `node` reached by `prefix`. */
function staticPaths(node: TrieNode, prefix = "", paths: string[] = []): string[] {
  for (const [text, entry] of node.statics.entries()) {
    for (const next of [entry.exact, entry.formatOptional]) {
      if (!next) continue;
      const path = `${prefix}/${text}`;
      if (next.terminals.length) paths.push(path);
      staticPaths(next, path, paths);
    }
  }
  return paths;
}

/** `*key.:format`: a glob, a dot and the format. */
function isFormattedGlob(segment: PathSegment): boolean {
  const [glob, dot, format] = segment;
  return segment.length === 3 && glob.kind === "glob" && dot.kind === "static" && dot.text === "." && format.kind === "param" && format.key === "format";
}

/**
 * A mount's split of the request's path (its text from the first segment, `length` of it matched),
 * as Rails' router makes it: the match, without a trailing slash, is the mount path; the rest, with
 * a leading slash, the application's path.
 */
function mountParts(text: string, length: number): { path: string; rest: string } {
  const taken = `/${text.slice(0, length)}`;
  const rest = text.slice(length);
  return { path: taken.endsWith("/") ? taken.slice(0, -1) : taken, rest: rest.startsWith("/") ? rest : `/${rest}` };
}

/** A spanning route's values from its expression's match, `key, value` pairs; null where it did not match. */
function captured(found: RegExpExecArray | null, keys: readonly string[], globs: readonly string[]): string[] | null {
  if (!found) return null;
  const values: string[] = [];
  keys.forEach((key, k) => {
    // A glob that took no segment is "", as the trie gives it.
    if (found[k + 1] !== undefined || globs.includes(key)) values.push(key, found[k + 1] ?? "");
  });
  return values;
}

/** Whether a route names HEAD among its methods. */
function namesHead(route: Route): boolean {
  return route.methods?.includes("head") ?? false;
}

/** Whether a route of the search's method that beats the best so far may end at or below the node of `slot`, the path going on from `from`. */
function reachable(slot: number, from: number, end: number, search: Search): boolean {
  return search.bounds[slot + (from > end ? search.endingAt : search.deeperAt)] < search.best;
}

/** A recognised value for `key`: `controller` and `action` go to the recognition's own fields unless the route fixes them. */
function put(recognition: Recognition, fixed: FixedValues, key: string, value: string): void {
  if (key === "controller") recognition.controller = fixed.controller ?? `${fixed.controllerNamespace}${value}`;
  else if (key === "action") recognition.action = fixed.action ?? value;
  else setOwn(recognition.params, key, value);
}

/** Whether a format follows the dot at `at` to the segment's end `to` (a format has no dot of its own). */
function isFormatDot(path: string, at: number, to: number): boolean {
  if (path.charCodeAt(at) !== DOT || at + 1 >= to) return false;
  for (let i = at + 1; i < to; i++) if (path.charCodeAt(i) === DOT) return false;
  return true;
}

function staticEntry(node: TrieNode, text: string): StaticEntry {
  if (node.statics === NO_STATICS) node.statics = new CharNode<StaticEntry>("");
  return node.statics.ensure(text, () => ({}));
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

const DOT = 46;
const SLASH = 47;

const NO_PARAMS: Readonly<Record<string, unknown>> = Object.freeze({});

/** What a route with no method condition takes, as allowedMethods lists it (HEAD is GET's). */
const ANY_METHOD: readonly HttpMethod[] = ["get", "put", "post", "delete", "options"];

/** The method class of the error path's walk: every route whose path matches. */
const EVERY_ROUTE = 0;

/**
 * What a route's every recognition starts from, made when it is first recognised: read from one
 * object of one shape, where the route's own fields and its shared traits were several reads.
 */
interface FixedValues {
  readonly name: string | null;
  readonly controller: string | null;
  /** Where a `:controller` value is recognised, its namespace (`admin/`). */
  readonly controllerNamespace: string;
  readonly action: string | null;
  readonly defaults: string[];
  readonly params: string[];
  /**
   * No key of the route's path is `controller` or `action`, nor `__proto__`: each value recognised
   * is a param, set by plain assignment (the keys are the route's, never the request's).
   */
  readonly plainKeys: boolean;
  readonly redirect: RedirectTarget | null;
  /** The route's application is mounted (Recognition.mount). */
  readonly mounted: boolean;
}

function fixedValues(route: Route, rules: BehaviourRules): FixedValues {
  const defaults: string[] = [];
  for (const key of Object.keys(route.defaults)) {
    // B's optional format never takes a default: Rails 2.3 set :format only from the request.
    if (!(route.optionalFormat && key === "format") || rules.optionalFormatTakesDefault) defaults.push(key, route.defaults[key]);
  }
  const params = Object.keys(route.params).flatMap((key) => [key, route.params[key]]);
  const plainKeys = !hasKey(route.segments, "controller") && !hasKey(route.segments, "action") && !hasKey(route.segments, "__proto__");
  return {
    name: route.name,
    controller: route.controller,
    controllerNamespace: route.controllerNamespace,
    action: route.action,
    defaults: defaults.length ? defaults : NONE_FIXED,
    params: params.length ? params : NONE_FIXED,
    plainKeys,
    redirect: route.redirect,
    mounted: route.app?.mounted ?? false,
  };
}

const NONE_FIXED = Object.freeze([]) as unknown as string[];

/** Whether `path` has two slashes in a row between `from` and `end`. */
function doubledSlash(path: string, from: number, end: number): boolean {
  const at = path.indexOf("//", from);
  return at >= 0 && at < end;
}

/**
 * Where a request path's segments start and end: `/posts/1/?x=1` → the text `posts/1`. The query is
 * not part of the path and one trailing slash is ignored. A start past the end means no segments (the root).
 */
function pathStart(path: string): number {
  let from = 0;
  while (from < path.length && path.charCodeAt(from) === SLASH) from++;
  return from;
}

function pathEnd(path: string, from: number): number {
  let end = path.indexOf("?", from);
  if (end < 0) end = path.length;
  const fragment = path.indexOf("#", from);
  if (fragment >= 0 && fragment < end) end = fragment;
  if (end > from && path.charCodeAt(end - 1) === SLASH) end--;
  return end > from ? end : from - 1;
}
