import { PathSegment, Route, RouteTable } from "resource-routes/internal";

import { ByEndGroups, declarationGroups, RouteGroup, routeGroups, unchangedEnds } from "../incremental/groupedTable";
import { capturesAll, comparable } from "./captures";
import { SegmentTree } from "./segmentTree";

/** A route that recognition can never return, and the earlier route that takes every request it would match. */
export interface Capture {
  route: Route;
  by: Route;
}

/**
 * The routes of one route table that an earlier route always captures (the classic mistake: a
 * catch-all or `photos/:id` above `photos/search`). Only what is provable is reported: the earlier
 * route must take every method the later one takes and, for every request path the later one
 * matches, match it too — compared part by part, taking requirements into account conservatively
 * (two requirements are the same only when they are written the same). A route is compared only
 * with the earlier routes that could capture it, found in a tree of their segments (a static
 * segment is matched only by itself), so a file costs about a pass over its routes however they
 * are nested; after an edit, only the routes of the declarations it re-expanded and the later
 * routes whose static beginning extends theirs are judged again (see Run).
 */
export function unreachableRoutes(table: RouteTable): Capture[] {
  const declared = declarationGroups(table);
  // The routes of the declarations, in order, then those of one whose expansion stopped (a group of their own).
  const parts = routeGroups(table);
  const previous = runs.find(declared, (run) => !run.continued);
  const run = (previous && continuedRun(previous, parts)) ?? firstRun(parts);
  runs.set(declared, run);
  const order = run.order;
  return [...run.by].sort(([a], [b]) => (before(order, a, b) ? -1 : 1)).map(([placed, by]) => ({ route: placed.route, by: by.route }));
}

/**
 * One computation over a table, which the next table of the same file continues. Routes are kept
 * by their static beginning (the static segments before the first that is not), and in a tree by
 * their segments, where those of several lengths (an optional tail) or with a glob stand apart.
 * An earlier route can capture a later one only if its static beginning begins the later one's:
 * so after an edit replaced a run of declarations, only the routes whose static beginning extends
 * that of a route added or removed can change, and among them only those after the replaced run
 * (a route with no static beginning, or of several lengths, makes it compute all again).
 */
interface Run {
  groups: readonly RouteGroup[];
  /** Each group's place in the table. */
  order: Map<RouteGroup, number>;
  /**
   * Routes by their static beginning, for continuing runs: made when a run is first continued
   * (the CLI's one run never needs it) and kept up from then on (see Beginnings).
   */
  beginnings?: Beginnings;
  tree: SegmentTree<Placed>;
  /** Routes of several lengths, or with a glob: compared with every later route. */
  irregular: Placed[];
  by: Map<Placed, Placed>;
  /** A later table continued it (its lists are that table's now): it cannot be continued again. */
  continued: boolean;
}

/** @internal Pairs of routes compared since the process started: the work tests bound, where a clock would lie. */
export const work = { comparisons: 0 };

/** The run of a file's last table, which the next table of the file continues. */
const runs = new ByEndGroups<Run>();

/**
 * A route where it stands in the table: its group and its index there. A group is one object for
 * good (re-used groups are the same objects in later tables; only the routes of a stopped
 * expansion's remainder, a group of each table's own, are placed anew), so a placement made once
 * holds in every later run that keeps the group.
 */
interface Placed {
  readonly route: Route;
  readonly group: RouteGroup;
  readonly index: number;
}

function placed(group: RouteGroup): Placed[] {
  return group.routes.map((route, index) => ({ route, group, index }));
}

/** Whether `a` comes before `b` in the run's table. */
function before(order: Run["order"], a: Placed, b: Placed): boolean {
  const sa = order.get(a.group)!;
  const sb = order.get(b.group)!;
  return sa < sb || (sa === sb && a.index < b.index);
}

function firstRun(groups: readonly RouteGroup[]): Run {
  const run: Run = {
    groups,
    order: new Map(groups.map((group, i) => [group, i])),
    tree: new SegmentTree(),
    irregular: [],
    by: new Map(),
    continued: false,
  };
  for (const group of groups) {
    const routes = group.routes;
    for (let index = 0; index < routes.length; index++) {
      const placement: Placed = { route: routes[index], group, index };
      const irregular = isIrregular(placement.route);
      judge(run, placement, irregular);
      add(run, placement, irregular);
    }
  }
  run.tree.fit();
  run.irregular = run.irregular.slice();
  return run;
}

/** The run of a table whose groups are `groups`, from the previous table's; undefined when all must be computed again. */
function continuedRun(previous: Run, groups: readonly RouteGroup[]): Run | undefined {
  const old = previous.groups;
  // The routes of a stopped expansion are a group of each table's own: compared apart, they
  // would end every file past the route limit with a changed group, and all would be judged again.
  const oldRest = remainderOf(old);
  const rest = remainderOf(groups);
  const oldDeclared = oldRest ? old.slice(0, -1) : old;
  const declared = rest ? groups.slice(0, -1) : groups;
  const { head, tail } = unchangedEnds(oldDeclared, declared);
  const replacedRun = oldDeclared.slice(head, oldDeclared.length - tail);
  const replacingRun = declared.slice(head, declared.length - tail);
  const removed = oldRest ? [...replacedRun, oldRest] : replacedRun;
  const added = rest ? [...replacingRun, rest] : replacingRun;
  const changed = new Set<string>();
  for (const group of [...removed, ...added]) {
    for (const route of group.routes) {
      const beginning = beginningOf(route);
      if (beginning === "" || isIrregular(route)) return undefined;
      changed.add(beginning);
    }
  }

  previous.continued = true;
  // The order too is the previous one patched: only places from the replaced run on can change,
  // and only those of the run when it kept its length (an edit inside one declaration).
  const order = previous.order;
  for (const group of removed) order.delete(group);
  const moved = replacingRun.length === replacedRun.length ? head + replacingRun.length : declared.length;
  for (let i = head; i < moved; i++) order.set(groups[i], i);
  if (rest) order.set(rest, groups.length - 1);
  const beginnings = previous.beginnings ?? beginningsOf(previous);
  const run: Run = { ...previous, groups, order, continued: false, beginnings };
  for (const group of removed) {
    for (const route of group.routes) {
      const beginning = beginningOf(route);
      const list = beginnings.lists.get(beginning)!;
      const gone = drop(list, route);
      if (list.length === 0) forget(beginnings, beginning);
      if (isIrregular(route)) drop(run.irregular, route);
      else run.tree.remove(leafOf(run.tree, route), (placed) => placed.route === route);
      run.by.delete(gone);
    }
  }
  for (const group of added) for (const route of placed(group)) add(run, route, isIrregular(route.route));
  // Routes whose beginning a changed one's could cover, from the replaced run on, are judged again.
  for (const beginning of rejudged(beginnings, changed)) {
    for (const route of beginnings.lists.get(beginning)!) if (run.order.get(route.group)! >= head) judge(run, route, isIrregular(route.route));
  }
  return run;
}

/**
 * The beginnings a changed one could capture (mayCapture): all begin with its static text, so
 * they are one range of the sorted list, found by a binary search, where every beginning of the
 * file was compared before.
 */
function rejudged({ sorted }: Beginnings, changed: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const key of changed) {
    const partial = key.indexOf(PARTIAL);
    const prefix = partial < 0 ? key : key.slice(0, partial);
    for (let i = lowerBound(sorted, prefix); i < sorted.length && sorted[i].startsWith(prefix); i++) {
      if (mayCapture(key, sorted[i])) found.add(sorted[i]);
    }
  }
  return found;
}

/**
 * A run's routes by their static beginning (see beginningOf), each list in route order, and the
 * beginnings sorted: those a changed route's beginning could cover are one range (see rejudged).
 */
interface Beginnings {
  lists: Map<string, Placed[]>;
  sorted: string[];
}

/**
 * The beginnings of a first run's routes, made once it is continued: its routes in table order,
 * each placement found in its node's short list (the irregular routes' by a lookup), so every list
 * is made in route order and none is sorted.
 */
function beginningsOf(run: Run): Beginnings {
  const lists = new Map<string, Placed[]>();
  const irregular = new Map(run.irregular.map((placed) => [placed.route, placed]));
  for (const group of run.groups) {
    for (const route of group.routes) {
      const placed = irregular.get(route) ?? placementIn(asList(run.tree.at(leafOf(run.tree, route))), route);
      const beginning = beginningOf(route);
      const list = lists.get(beginning);
      if (list) list.push(placed);
      else lists.set(beginning, [placed]);
    }
  }
  lists.forEach((list, beginning) => {
    if (list.length > 1) lists.set(beginning, list.slice());
  });
  return { lists, sorted: [...lists.keys()].sort() };
}

/** A route's placement in its node's list. */
function placementIn(list: readonly Placed[], route: Route): Placed {
  let i = 0;
  while (list[i].route !== route) i++;
  return list[i];
}

/** A beginning no route has any more: out of the lookup and the sorted list (an edit's typing would leave one per character). */
function forget(beginnings: Beginnings, beginning: string): void {
  beginnings.lists.delete(beginning);
  beginnings.sorted.splice(lowerBound(beginnings.sorted, beginning), 1);
}

/** Where `text` goes in a sorted list of texts (compared by UTF-16 code units, as sort() orders them). */
function lowerBound(sorted: readonly string[], text: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < text) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The last group when it holds the routes of a stopped expansion (no declaration's: see routeGroups). */
function remainderOf(groups: readonly RouteGroup[]): RouteGroup | undefined {
  const last = groups[groups.length - 1];
  return last && !("declaration" in last) ? last : undefined;
}

/**
 * Whether a route that begins with `earlier` can capture one that begins with `later` (see
 * beginningOf): each static segment the same, and a last text the earlier route's segment must
 * begin with (`posts` of B's `posts.:format`) beginning the later one's there.
 */
function mayCapture(earlier: string, later: string): boolean {
  if (earlier === later) return true;
  const partial = earlier.indexOf(PARTIAL);
  if (partial < 0) return later.startsWith(earlier) && later.charCodeAt(earlier.length) === SLASH;
  if (!sameText(earlier, 0, later, 0, partial)) return false;
  // The later route's segment there, past its own PARTIAL mark, up to the next slash.
  const start = later.charCodeAt(partial) === PARTIAL_CODE ? partial + 1 : partial;
  const slash = later.indexOf("/", start);
  const end = slash < 0 ? later.length : slash;
  const head = earlier.length - partial - 1;
  return end - start >= head && sameText(earlier, partial + 1, later, start, head);
}

/** Whether `length` characters of `a` from `at` are those of `b` from `bAt` (compared in place: a pass over thousands of beginnings makes no string). */
function sameText(a: string, at: number, b: string, bAt: number, length: number): boolean {
  if (b.length - bAt < length) return false;
  for (let i = 0; i < length; i++) if (a.charCodeAt(at + i) !== b.charCodeAt(bAt + i)) return false;
  return true;
}

const SLASH = "/".charCodeAt(0);

/**
 * Puts a route in the tree (or with the irregular ones) and, in a continued run, in its static
 * beginning's list, each in route order: a first run adds its routes in route order, each last.
 */
function add(run: Run, placed: Placed, irregular: boolean): void {
  const beginnings = run.beginnings;
  if (irregular) run.irregular.splice(beginnings ? insertionPoint(run, run.irregular, placed) : run.irregular.length, 0, placed);
  else {
    const leaf = leafOf(run.tree, placed.route);
    run.tree.insert(leaf, placed, beginnings ? insertionPoint(run, asList(run.tree.at(leaf)), placed) : undefined);
  }
  if (!beginnings) return;
  const beginning = beginningOf(placed.route);
  const list = beginnings.lists.get(beginning);
  if (list) list.splice(insertionPoint(run, list, placed), 0, placed);
  else {
    beginnings.lists.set(beginning, [placed]);
    beginnings.sorted.splice(lowerBound(beginnings.sorted, beginning), 0, beginning);
  }
}

/** Takes a route's placement out of a list, and gives it. */
function drop(list: Placed[], route: Route): Placed {
  return list.splice(
    list.findIndex((placed) => placed.route === route),
    1,
  )[0];
}

/** The node of a route of one length and no glob, along its segments (nodes are made on the way when missing). */
function leafOf(tree: SegmentTree<Placed>, route: Route): number {
  let at = SegmentTree.ROOT;
  for (let index = 0; index < route.segments.length; index++) {
    const text = staticText(route.segments[index]);
    if (text !== undefined) at = tree.step(at, "static", text);
    else {
      const head = headOf(route, index);
      at = tree.step(at, head === "" ? "param" : beforeFormat(route, index) ? "format" : "partial", head);
    }
  }
  return at;
}

/** What ends at a node of the tree, as a list. */
function asList(there: Placed | readonly Placed[] | undefined): readonly Placed[] {
  return there === undefined ? [] : Array.isArray(there) ? there : [there as Placed];
}

/** Where `route` goes in a list in route order. */
function insertionPoint(run: Run, list: readonly Placed[], route: Placed): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(run.order, list[middle], route)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Records which earlier route, if any, captures `route`: the first in route order among those that could. */
function judge(run: Run, route: Placed, irregular: boolean): void {
  const by = comparable(route.route) ? firstCapturing(run, route, irregular) : undefined;
  if (by) run.by.set(route, by);
  else run.by.delete(route);
}

/**
 * The first earlier route that captures `route`. Only routes of several lengths can capture one
 * of several lengths; one of a single length is also captured only by routes of its length whose
 * static segments are its own at the same places: the tree's nodes along its segments.
 */
function firstCapturing(run: Run, placed: Placed, irregular: boolean): Placed | undefined {
  const route = placed.route;
  let found = run.irregular.length ? firstIn(run, run.irregular, placed, undefined) : undefined;
  if (irregular) return found;
  const tree = run.tree;
  // Scratch lists of the tree's levels, kept between calls with counts of their own: a large
  // file asks once per route, and emptying an array by its length is a call into the engine.
  let level = LEVEL;
  let next = NEXT;
  level[0] = SegmentTree.ROOT;
  let count = 1;
  for (let index = 0; index < route.segments.length && count > 0; index++) {
    // What every text this segment matches begins with: an earlier segment that must begin otherwise cannot cover it.
    const whole = staticText(route.segments[index]);
    const text = whole ?? headOf(route, index);
    let nextCount = 0;
    for (let i = 0; i < count; i++) {
      const at = level[i];
      const same = whole !== undefined ? tree.staticNext(at, whole) : undefined;
      if (same !== undefined) next[nextCount++] = same;
      const param = tree.paramNext(at);
      if (param !== 0) next[nextCount++] = param;
      nextCount = tree.partialsBeginning(at, text, next, nextCount);
      nextCount = tree.formatsTaking(at, text, next, nextCount);
    }
    const done = level;
    level = next;
    next = done;
    count = nextCount;
  }
  for (let i = 0; i < count; i++) {
    const there = tree.at(level[i]);
    if (there !== undefined) found = firstIn(run, asList(there), placed, found);
  }
  return found;
}

const LEVEL: number[] = [];
const NEXT: number[] = [];

/** The earliest of `found` and the first route of `list` (in route order) that captures `placed`. */
function firstIn(run: Run, list: readonly Placed[], placed: Placed, found: Placed | undefined): Placed | undefined {
  for (const earlier of list) {
    if (!before(run.order, earlier, placed) || (found && !before(run.order, earlier, found))) break;
    work.comparisons++;
    if (capturesAll(earlier.route, placed.route)) return earlier;
  }
  return found;
}

/**
 * What a route begins with, as one text: its static segments (`api/posts`), then, where the first
 * other segment begins with static text, that text after PARTIAL (`api/posts/` + PARTIAL + `new`
 * for B's `new.:format`); "" when its first segment begins with a parameter; ROOT for `/`. An
 * earlier route can capture a later one only if its beginning covers the later one's (mayCapture).
 */
function beginningOf(route: Route): string {
  if (route.segments.length === 0) return ROOT;
  let beginning = "";
  for (const [index, segment] of route.segments.entries()) {
    const text = staticText(segment);
    if (text === undefined) {
      const head = headOf(route, index);
      return head ? `${beginning}${beginning ? "/" : ""}${PARTIAL}${head}` : beginning;
    }
    beginning += beginning ? `/${text}` : text;
  }
  return beginning;
}

/** Marks the text a non-static segment begins with, in a beginning. */
const PARTIAL = "\u0001";
const PARTIAL_CODE = PARTIAL.charCodeAt(0);

const ROOT = "\u0000/";

/** A segment's text when it is static text alone; undefined for one with a parameter or a glob. */
function staticText(segment: PathSegment): string | undefined {
  if (segment.length !== 1) return undefined;
  const only = segment[0];
  return only.kind === "static" ? only.text : undefined;
}

/**
 * The static text every match of a route's segment begins with: its first static part, less the
 * dot of B's optional format, which a request may leave out with the format.
 */
function headOf(route: Route, index: number): string {
  const first = route.segments[index][0];
  if (first.kind !== "static") return "";
  return beforeFormat(route, index) ? first.text.slice(0, -1) : first.text;
}

/** Whether a route's segment is static text and an optional format (`posts(.:format)`), which takes the text alone too. */
function beforeFormat(route: Route, index: number): boolean {
  const segment = route.segments[index];
  const first = segment[0];
  return route.optionalFormat && index === route.segments.length - 1 && segment.length === 2 && first.kind === "static" && first.text.endsWith(".");
}

/** A route of several lengths (an optional tail) or with a glob anywhere. */
function isIrregular(route: Route): boolean {
  // A mount takes requests longer than its path: compared with every later route, as a glob is.
  if (route.requiredSegments < route.segments.length || route.app?.mounted) return true;
  for (const segment of route.segments) for (const part of segment) if (part.kind === "glob") return true;
  return false;
}
