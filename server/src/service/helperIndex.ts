import { RouteTable, Segment } from "../routing/table";
import { Route } from "../routing/route";
import { HelperInfo, helpersOf } from "./helperNames";
import { nearestWithin } from "../routing/validate";

/**
 * The workspace's helper names without a workspace-wide list. Each top-level declaration (a
 * segment of its file's route table) has its own sorted list, made once: an edit re-expands only
 * the declarations it touched and the others keep their segment objects, so their lists survive.
 * A prefix lookup binary-searches every list and merges the ranges it finds, so its cost follows
 * the number of declarations and the size of the answer, never the number of routes.
 */
const segmentLists = new WeakMap<Segment, HelperInfo[]>();
const tableLists = new WeakMap<RouteTable, HelperInfo[][]>();

/** A routing file's sorted helper lists: one per declaration, and one for routes no declaration finished (a file whose expansion stopped). */
export function helperLists(table: RouteTable): HelperInfo[][] {
  let lists = tableLists.get(table);
  if (lists) return lists;
  const segments = table.segments?.list ?? [];
  lists = segments.map((segment) => listOfSegment(segment, table));
  const unclaimed = unclaimedNames(table);
  if (unclaimed.length) lists.push(sorted(helpersOf(unclaimed.map((name): [string, Route] => [name, table.named.get(name)!]))));
  tableLists.set(table, lists);
  return lists;
}

/**
 * The names of a table that no declaration's segment claims: those of routes registered before an
 * expansion stopped. Declarations claim distinct names, so counting tells when there are none.
 */
function unclaimedNames(table: RouteTable): string[] {
  const segments = table.segments?.list ?? [];
  let claimed = 0;
  for (const segment of segments) claimed += segment.claimed.length;
  if (claimed === table.named.size) return [];
  const covered = new Set(segments.flatMap((segment) => segment.claimed));
  return [...table.named.keys()].filter((name) => !covered.has(name));
}

function listOfSegment(segment: Segment, table: RouteTable): HelperInfo[] {
  let list = segmentLists.get(segment);
  if (!list) {
    const named: Array<[string, Route]> = segment.claimed.flatMap((name) => {
      const route = table.named.get(name);
      return route ? [[name, route]] : [];
    });
    list = sorted(helpersOf(named));
    segmentLists.set(segment, list);
  }
  return list;
}

function sorted(helpers: HelperInfo[]): HelperInfo[] {
  return helpers.sort((a, b) => (a.helper < b.helper ? -1 : a.helper > b.helper ? 1 : 0));
}

/**
 * The first `limit` helpers, in name order, that start with `prefix`, across `lists`, keeping
 * only those `accept` takes (the workspace's winner of each name).
 */
export function helpersWithPrefix(lists: readonly HelperInfo[][], prefix: string, limit: number, accept: (info: HelperInfo) => boolean): HelperInfo[] {
  // One cursor per list with a match, merged through a binary heap ordered by the current name.
  const heap: Array<{ list: HelperInfo[]; at: number }> = [];
  for (const list of lists) {
    const at = lowerBound(list, prefix);
    if (at < list.length && list[at].helper.startsWith(prefix)) heap.push({ list, at });
  }
  const name = (i: number) => heap[i].list[heap[i].at].helper;
  const less = (i: number, j: number) => name(i) < name(j);
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j], heap[i]]);
  const down = (i: number) => {
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < heap.length && less(left, least)) least = left;
      if (right < heap.length && less(right, least)) least = right;
      if (least === i) return;
      swap(i, least);
      i = least;
    }
  };
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) down(i);
  const found: HelperInfo[] = [];
  while (heap.length > 0 && found.length < limit) {
    const top = heap[0];
    const info = top.list[top.at];
    if (accept(info)) found.push(info);
    top.at++;
    if (top.at >= top.list.length || !top.list[top.at].helper.startsWith(prefix)) {
      heap[0] = heap[heap.length - 1];
      heap.pop();
    }
    if (heap.length > 0) down(0);
  }
  return found;
}

function lowerBound(list: readonly HelperInfo[], prefix: string): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle].helper < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The name nearest to `word` (within `bound` edits) among the route names the tables' declarations
 * claim, or among their `_path`/`_url` helper names (`spelled: "helper"`), found per declaration
 * and remembered there: after an edit only the declarations it touched are searched again. Ties
 * go to the first table, then the first declaration.
 */
export function nearestRouteName(tables: readonly RouteTable[], word: string, bound: number, spelled: "route" | "helper" = "route"): string | undefined {
  const spell = spelled === "route" ? (names: readonly string[]) => names : (names: readonly string[]) => names.flatMap((name) => [`${name}_path`, `${name}_url`]);
  const key = `${spelled}\u0000${word}`;
  let best: { candidate: string; distance: number } | undefined;
  for (const table of tables) {
    for (const segment of table.segments?.list ?? []) {
      let cache = segmentNearest.get(segment);
      if (!cache) segmentNearest.set(segment, (cache = new Map()));
      let found = cache.get(key);
      if (found === undefined) cache.set(key, (found = nearestWithin(word, spell(segment.claimed), bound) ?? null));
      if (found && (!best || found.distance < best.distance)) best = found;
    }
    // Names no declaration finished (an expansion that stopped) are searched as they are.
    const found = nearestWithin(word, spell(unclaimedNames(table)), bound);
    if (found && (!best || found.distance < best.distance)) best = found;
  }
  return best?.candidate;
}

const segmentNearest = new WeakMap<Segment, Map<string, { candidate: string; distance: number } | null>>();
