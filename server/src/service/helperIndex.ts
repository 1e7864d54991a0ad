import { RouteTable, Segment } from "../routing/table";
import { Route } from "../routing/route";
import { HelperInfo, helpersOf } from "./helperNames";
import { nearestWithin } from "../routing/validate";

/**
 * The workspace's helper names, sorted, without re-sorting them after an edit. Each top-level
 * declaration (a segment of its file's route table) has its own sorted list, made once: an edit
 * re-expands only the declarations it touched and the others keep their segment objects, so their
 * lists survive. The lists of one version of a file are merged into one sorted list, which later
 * versions share: a lookup binary-searches it, skipping the entries of declarations the version
 * no longer has, and the lists of the declarations it added, until there are enough of those to
 * merge again. Its cost follows the size of the answer and the number of declarations an edit
 * changed, not the number of routes.
 */
const segmentLists = new WeakMap<Segment, HelperInfo[]>();
const tableSources = new WeakMap<RouteTable, HelperSource[]>();

/** A sorted list of helpers to search, with the entries to pass over (those of declarations a table no longer has). */
export interface HelperSource {
  list: readonly HelperInfo[];
  skip?: (index: number) => boolean;
}

/** Helpers of many declarations, sorted once: each entry with the declaration it belongs to. */
interface Merged {
  entries: HelperInfo[];
  owners: Segment[];
  segments: Set<Segment>;
}

/** The merged list a segment was last part of: a later table of the same file finds it through a declaration they share. */
const mergedOf = new WeakMap<Segment, Merged>();

/** Declarations added since the merged list was made, searched in their own lists, before merging again. */
const MAX_UNMERGED = 64;

/** A routing file's helpers to search: a merged list and the lists of declarations added since, and one for routes no declaration finished (a file whose expansion stopped). */
export function helperLists(table: RouteTable): HelperSource[] {
  let sources = tableSources.get(table);
  if (sources) return sources;
  const segments = table.segments?.list ?? [];
  const current = new Set(segments);
  let merged = [segments[0], segments[segments.length - 1]].map((segment) => segment && mergedOf.get(segment)).find((found) => found !== undefined);
  const unmerged = merged ? segments.filter((segment) => !merged!.segments.has(segment)) : segments;
  const gone = merged ? merged.segments.size - (segments.length - unmerged.length) : 0;
  if (!merged || unmerged.length > MAX_UNMERGED || gone > merged.segments.size / 4) {
    merged = merge(merged, current, unmerged, table);
    for (const segment of segments) mergedOf.set(segment, merged);
    sources = [{ list: merged.entries }];
  } else {
    const { owners } = merged;
    sources = [{ list: merged.entries, skip: gone > 0 ? (i) => !current.has(owners[i]) : undefined }, ...unmerged.map((segment) => ({ list: listOfSegment(segment, table) }))];
  }
  const unclaimed = unclaimedNames(table);
  if (unclaimed.length) sources.push({ list: sorted(helpersOf(unclaimed.map((name): [string, Route] => [name, table.named.get(name)!]))) });
  tableSources.set(table, sources);
  return sources;
}

/**
 * One sorted list of the helpers of `current`'s segments: the previous merged list without the
 * segments gone, merged in one pass with the added segments' helpers (sorted on their own, a few
 * thousand at most); the first time, every segment's helpers sorted.
 */
function merge(previous: Merged | undefined, current: Set<Segment>, added: readonly Segment[], table: RouteTable): Merged {
  const tagged = (segments: Iterable<Segment>) => {
    const list: Array<{ info: HelperInfo; owner: Segment }> = [];
    for (const segment of segments) for (const info of listOfSegment(segment, table)) list.push({ info, owner: segment });
    return list.sort((a, b) => compareHelpers(a.info, b.info));
  };
  const fresh = tagged(previous ? added : current);
  const entries: HelperInfo[] = [];
  const owners: Segment[] = [];
  const kept = previous ?? { entries: [], owners: [] };
  let i = 0;
  let j = 0;
  while (i < kept.entries.length || j < fresh.length) {
    if (i < kept.entries.length && !current.has(kept.owners[i])) {
      i++;
    } else if (j >= fresh.length || (i < kept.entries.length && compareHelpers(kept.entries[i], fresh[j].info) <= 0)) {
      entries.push(kept.entries[i]);
      owners.push(kept.owners[i++]);
    } else {
      entries.push(fresh[j].info);
      owners.push(fresh[j++].owner);
    }
  }
  return { entries, owners, segments: current };
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
  return helpers.sort(compareHelpers);
}

function compareHelpers(a: HelperInfo, b: HelperInfo): number {
  return a.helper < b.helper ? -1 : a.helper > b.helper ? 1 : 0;
}

/**
 * The first `limit` helpers, in name order, that start with `prefix`, across `sources`, keeping
 * only those `accept` takes (the workspace's winner of each name).
 */
export function helpersWithPrefix(sources: readonly HelperSource[], prefix: string, limit: number, accept: (info: HelperInfo) => boolean): HelperInfo[] {
  // One cursor per source with a match, merged through a binary heap ordered by the current name.
  const heap: Array<{ source: HelperSource; at: number }> = [];
  /** Moves a cursor to its next entry not passed over; false when it has none with the prefix left. */
  const settle = (cursor: { source: HelperSource; at: number }) => {
    const { list, skip } = cursor.source;
    while (cursor.at < list.length && skip?.(cursor.at)) cursor.at++;
    return cursor.at < list.length && list[cursor.at].helper.startsWith(prefix);
  };
  for (const source of sources) {
    const cursor = { source, at: lowerBound(source.list, prefix) };
    if (settle(cursor)) heap.push(cursor);
  }
  const name = (i: number) => heap[i].source.list[heap[i].at].helper;
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
    const info = top.source.list[top.at];
    if (accept(info)) found.push(info);
    top.at++;
    if (!settle(top)) {
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
