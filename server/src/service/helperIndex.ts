import { nearestWithin, RouteTable } from "resource-routes/internal";

import { ByEndGroups, declarationGroups, DeclarationRoutes, editOf, versionOf } from "../incremental/groupedTable";
import { KeptFor } from "../incremental/keptFor";
import { HelperInfo } from "./helperNames";

/**
 * The workspace's helper names, searched by prefix in name order, without being spelled out or
 * sorted again after an edit. A route name `n` has four helpers, `n_path`, `n_url`,
 * `hash_for_n_path` and `hash_for_n_url`; the index keeps only the route names (the strings the
 * routes hold), sorted twice: as `n_path` sorts and as `n_url` sorts (the two orders differ where
 * one name begins another: `a_b_path` < `a_path`, but `a_url` < `a_b_url`). Each sorted list read
 * with a prefix and a suffix is the sorted list of one kind of helper, and a lookup merges the
 * four kinds; helpers are spelled only for the answer.
 *
 * Each top-level declaration (a group of its file's route table) has its own sorted lists,
 * made once: an edit re-expands only the declarations it touched and the others keep their
 * group objects. The lists of one version of a file are merged, and later versions share the
 * merged lists: a lookup binary-searches them, skipping the names of declarations the version no
 * longer has, and searches the lists of the declarations it added, until there are enough of
 * those to merge again. Its cost follows the size of the answer and the number of declarations an
 * edit changed, not the number of routes.
 */

/** The suffixes of the helpers a route name has, besides their `hash_for_` forms. */
export const SUFFIXES = ["_path", "_url"] as const;
type Suffix = (typeof SUFFIXES)[number];
const HASH_FOR = "hash_for_";

/** Route names in the order of their helpers with each suffix. */
type Orders = Record<Suffix, readonly string[]>;

/** Names to search, from one routing file's table, with the entries to pass over (those of declarations the table no longer has). */
export interface HelperSource {
  names: Orders;
  skip?: (suffix: Suffix, index: number) => boolean;
  table: RouteTable;
}

/** The names of many declarations, sorted once: each entry with the declaration that claimed it. */
interface Merged {
  orders: Orders;
  owners: Record<Suffix, readonly DeclarationRoutes[]>;
  groups: Set<DeclarationRoutes>;
  /** The same groups in file order. */
  list: readonly DeclarationRoutes[];
}

/**
 * What a table's sources were made of, kept per table version: the next version's come from it
 * and the edit between them. It holds no table (a source does): a version's parts are kept while
 * the next version lives, and through a table each version would keep every one before it.
 */
interface SourceParts {
  merged: Merged;
  /** The table's groups not in the merged lists (in no particular order: a table's names are distinct). */
  unmerged: readonly DeclarationRoutes[];
  /** The merged groups the table no longer has. */
  gone: ReadonlySet<DeclarationRoutes>;
  /** How many names the table's groups claim. */
  claimed: number;
}

/**
 * A workspace's helper index: the sorted name lists and nearest-name answers it worked out, kept
 * per declaration group and per table version (KeptFor) for as long as those live, in fields of
 * its own so that two workspaces share nothing.
 */
export class HelperIndex {
  private readonly groupOrders = new KeptFor<DeclarationRoutes, Orders>();
  /** The merged lists of a file's last table, which later tables of the file share. */
  private readonly mergedOf = new ByEndGroups<Merged>();
  /** Each table's sources, and what they were made of per table version (see SourceParts). */
  private readonly tableSources = new KeptFor<RouteTable, HelperSource[]>();
  private readonly versionParts = new KeptFor<object, SourceParts>();
  /** Answers per table version (`GroupedTable.version`), null for none, kept while a table or its successor lives. */
  private readonly tableNearest = new KeptFor<object, Map<string, Nearest | null>>();
  private readonly groupNearest = new KeptFor<DeclarationRoutes, Map<string, { candidate: string; distance: number } | null>>();

  /**
   * A routing file's names to search: merged lists and the lists of declarations added since, and
   * one for names no declaration finished (a file whose expansion stopped). `mergeAll`: merge the
   * declarations added since, however few (a moment the user is idle: a merge of a large file is
   * felt in a keystroke, and a burst of edits then starts with none pending). A table
   * made by an edit of one whose sources were made gets its own from those at the cost of the edit;
   * others find merged lists through their first or last group and compare the group lists.
   */
  lists(table: RouteTable, mergeAll = false): HelperSource[] {
    const known = this.tableSources.peek(table);
    if (known && !mergeAll) return known;
    const groups = declarationGroups(table);
    const found = this.versionParts.peek(versionOf(table)) ?? this.sourcesAfterEdit(table) ?? this.throughEnds(groups);
    let merged = found?.merged;
    let unmerged = found?.unmerged ?? groups;
    let gone = found?.gone ?? new Set<DeclarationRoutes>();
    const claimed = found?.claimed ?? groups.reduce((n, group) => n + group.claimed.length, 0);
    let sources: HelperSource[];
    const pending = unmerged.length > 0 || gone.size > 0;
    if (!merged || unmerged.length > MAX_UNMERGED || gone.size > merged.groups.size / 4 || (mergeAll && pending)) {
      merged = this.merge(merged, groups, unmerged, gone);
      this.mergedOf.set(groups, merged);
      unmerged = [];
      gone = new Set();
      sources = [{ names: merged.orders, table }];
    } else {
      const { owners } = merged;
      const skipped = gone;
      const skip = skipped.size > 0 ? (suffix: Suffix, i: number) => skipped.has(owners[suffix][i]) : undefined;
      sources = [{ names: merged.orders, skip, table }, ...unmerged.map((group) => ({ names: this.ordersOfGroup(group), table }))];
    }
    // Declarations claim distinct names: when they claim as many as the table holds, they claim all.
    if (claimed !== table.named.size) sources.push({ names: ordered(unclaimedNames(table)), table });
    this.tableSources.set(table, sources);
    this.versionParts.set(versionOf(table), { merged, unmerged, gone, claimed });
    return sources;
  }

  /** The parts of the sources of the table `table` continues, brought past the edit between them. */
  private sourcesAfterEdit(table: RouteTable): SourceParts | undefined {
    const edit = editOf(table);
    const before = edit && this.versionParts.peek(edit.from);
    if (!edit || !before) return undefined;
    // The table continued is not used again (see RouteTable.continuing), but lives while this one
    // names it: its parts would keep merged lists an idle merge replaces.
    this.versionParts.drop(edit.from);
    const { merged } = before;
    // A group the edit re-used is both removed and added: it stays where it was, merged or not.
    const removed = new Set(edit.removed);
    const added = new Set(edit.added);
    const unmerged = before.unmerged.filter((group) => !removed.has(group));
    for (const group of edit.added) if (!merged.groups.has(group)) unmerged.push(group);
    const newlyGone = edit.removed.filter((group) => merged.groups.has(group) && !added.has(group));
    const gone = newlyGone.length === 0 ? before.gone : new Set([...before.gone, ...newlyGone]);
    const claimed =
      before.claimed + edit.added.reduce((n, group) => n + group.claimed.length, 0) - edit.removed.reduce((n, group) => n + group.claimed.length, 0);
    return { merged, unmerged, gone, claimed };
  }

  /** The parts of a table's sources from merged lists found through its first or last group, if any. */
  private throughEnds(groups: readonly DeclarationRoutes[]): SourceParts | undefined {
    const merged = this.mergedOf.find(groups);
    if (!merged) return undefined;
    return {
      merged,
      unmerged: groups.filter((group) => !merged.groups.has(group)),
      gone: goneSince(merged, groups),
      claimed: groups.reduce((n, group) => n + group.claimed.length, 0),
    };
  }

  /**
   * The sorted lists of `list`'s groups: the previous merged lists without the groups gone,
   * with the added groups' names (sorted on their own, a few thousand at most) put in at the
   * places a binary search finds, the kept runs between them copied without comparing their names;
   * the first time, every group's names sorted.
   */
  private merge(
    previous: Merged | undefined,
    list: readonly DeclarationRoutes[],
    added: readonly DeclarationRoutes[],
    gone: ReadonlySet<DeclarationRoutes>,
  ): Merged {
    const current = new Set(list);
    const orders = {} as Record<Suffix, string[]>;
    const owners = {} as Record<Suffix, DeclarationRoutes[]>;
    const tagged: Array<{ name: string; owner: DeclarationRoutes }> = [];
    for (const group of previous ? added : current) {
      for (const name of group.claimed) tagged.push({ name, owner: group });
      // Merged, it is searched in the merged lists from now on: its own are not needed again.
      this.groupOrders.drop(group);
    }
    for (const suffix of SUFFIXES) {
      const fresh = spelledOrder(tagged, suffix, (entry) => entry.name);
      const keptNames = previous?.orders[suffix] ?? [];
      const keptOwners = previous?.owners[suffix] ?? [];
      // Made at their full size and filled in order (the kept lists hold 100,000 names on a large file).
      const names: string[] = (orders[suffix] = new Array<string>(keptNames.length + fresh.length));
      const by: DeclarationRoutes[] = (owners[suffix] = new Array<DeclarationRoutes>(keptNames.length + fresh.length));
      let filled = 0;
      const keep = (to: number) => {
        for (let i = from; i < to; i++) {
          if (gone.has(keptOwners[i])) continue;
          names[filled] = keptNames[i];
          by[filled++] = keptOwners[i];
        }
        from = to;
      };
      let from = 0;
      for (const entry of fresh) {
        // A kept name that sorts the same goes first (the names of groups gone sort as they did).
        keep(firstAfter(keptNames, from, entry.name, suffix));
        names[filled] = entry.name;
        by[filled++] = entry.owner;
      }
      keep(keptNames.length);
      names.length = by.length = filled;
    }
    return { orders, owners, groups: current, list };
  }

  private ordersOfGroup(group: DeclarationRoutes): Orders {
    return this.groupOrders.get(group, () => ordered(group.claimed));
  }

  /**
   * The name nearest to `word` (within `bound` edits) among the route names the tables' declarations
   * claim, or among their `_path`/`_url` helper names (`spelled: "helper"`). Ties go to the first
   * table, then the first declaration. Found per declaration and remembered there, and per table
   * version: the version after an edit starts from its predecessor's answer and searches only the
   * declarations the edit added (all of them again only when the edit replaced the declaration
   * that held the answer).
   */
  nearestRouteName(tables: readonly RouteTable[], word: string, bound: number, spelled: "route" | "helper" = "route"): string | undefined {
    const query: NearestQuery = {
      word,
      bound,
      key: `${spelled}\u0000${bound}\u0000${word}`,
      spell: spelled === "route" ? (names) => names : (names) => names.flatMap((name) => [`${name}_path`, `${name}_url`]),
    };
    let best: Nearest | undefined;
    for (const table of tables) {
      const found = this.nearestInTable(table, query);
      if (found && (!best || found.distance < best.distance)) best = found;
    }
    return best?.candidate;
  }

  private nearestInTable(table: RouteTable, query: NearestQuery): Nearest | undefined {
    const known = this.tableNearest.get(versionOf(table), () => new Map());
    const cached = known.get(query.key);
    if (cached !== undefined) return cached ?? undefined;
    const derived = this.nearestAfterEdit(table, query);
    const found = derived === undefined ? this.searchTable(table, query) : derived;
    known.set(query.key, found);
    return found ?? undefined;
  }

  /** The answer of the table `table` continues, brought past the edit (null: none within the bound); undefined when it cannot be (then the whole table is searched). */
  private nearestAfterEdit(table: RouteTable, query: NearestQuery): Nearest | null | undefined {
    const edit = editOf(table);
    const before = edit && this.tableNearest.peek(edit.from)?.get(query.key);
    if (!edit || before === undefined) return undefined;
    let best = before;
    if (best && best.index >= edit.at + edit.removed.length) best = { ...best, index: best.index + edit.added.length - edit.removed.length };
    // The edit replaced the declaration that held the answer: the next best may be anywhere.
    else if (best && best.index >= edit.at) return undefined;
    for (let i = 0; i < edit.added.length; i++) {
      const found = this.nearestInGroup(edit.added[i], query);
      const index = edit.at + i;
      if (found && (!best || found.distance < best.distance || (found.distance === best.distance && index < best.index))) best = { ...found, index };
    }
    return best;
  }

  private searchTable(table: RouteTable, query: NearestQuery): Nearest | null {
    let best: Nearest | null = null;
    const groups = declarationGroups(table);
    for (let index = 0; index < groups.length; index++) {
      const found = this.nearestInGroup(groups[index], query);
      if (found && (!best || found.distance < best.distance)) best = { ...found, index };
    }
    // Names no declaration finished (an expansion that stopped) are searched as they are.
    const found = nearestWithin(query.word, query.spell(unclaimedNames(table)), query.bound);
    if (found && (!best || found.distance < best.distance)) best = { ...found, index: -1 };
    return best;
  }

  private nearestInGroup(group: DeclarationRoutes, query: NearestQuery): { candidate: string; distance: number } | undefined {
    const cache = this.groupNearest.get(group, () => new Map());
    let found = cache.get(query.key);
    if (found === undefined) cache.set(query.key, (found = nearestWithin(query.word, query.spell(group.claimed), query.bound) ?? null));
    return found ?? undefined;
  }
}

/** Declarations added since the lists were merged, searched in their own lists, before merging again. */
const MAX_UNMERGED = 64;

/** The first index from `from` on whose name, spelled with `suffix`, sorts after `name` spelled with it (`names` is sorted so). */
function firstAfter(names: readonly string[], from: number, name: string, suffix: Suffix): number {
  let low = from;
  let high = names.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareSpelled(names[middle], suffix, name, suffix) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The merged groups a table no longer has, found without a set of the table's own: the
 * groups a later table keeps stay in their order (an edit replaces a run of declarations, and a
 * re-used one keeps its place), so one walk through both lists, passing over the table's added
 * groups, meets each kept one where it is expected; a merged group not met there is gone.
 */
function goneSince(merged: Merged, groups: readonly DeclarationRoutes[]): Set<DeclarationRoutes> {
  const gone = new Set<DeclarationRoutes>();
  let at = 0;
  for (const group of merged.list) {
    while (at < groups.length && !merged.groups.has(groups[at])) at++;
    if (at < groups.length && groups[at] === group) at++;
    else gone.add(group);
  }
  return gone;
}

/**
 * The names of a table that no declaration's group claims: those of routes registered before an
 * expansion stopped. Declarations claim distinct names, so counting tells when there are none.
 */
function unclaimedNames(table: RouteTable): string[] {
  const groups = declarationGroups(table);
  let claimed = 0;
  for (const group of groups) claimed += group.claimed.length;
  if (claimed === table.named.size) return [];
  const covered = new Set(groups.flatMap((group) => group.claimed));
  return [...table.named.keys()].filter((name) => !covered.has(name));
}

function ordered(names: readonly string[]): Orders {
  const name = (n: string) => n;
  return { _path: spelledOrder(names, "_path", name), _url: spelledOrder(names, "_url", name) };
}

/** A sorted copy of `items`, in the order of their names spelled with `suffix`. */
function spelledOrder<T>(items: readonly T[], suffix: Suffix, nameOf: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareSpelled(nameOf(a), suffix, nameOf(b), suffix));
}

/** `a + aSuffix` against `b + bSuffix` in string order (UTF-16 code units, as `<` compares), without joining them. */
function compareSpelled(a: string, aSuffix: string, b: string, bSuffix: string): number {
  const length = Math.min(a.length + aSuffix.length, b.length + bSuffix.length);
  for (let i = 0; i < length; i++) {
    const x = i < a.length ? a.charCodeAt(i) : aSuffix.charCodeAt(i - a.length);
    const y = i < b.length ? b.charCodeAt(i) : bSuffix.charCodeAt(i - b.length);
    if (x !== y) return x - y;
  }
  return a.length + aSuffix.length - (b.length + bSuffix.length);
}

/** Whether `name + suffix` starts with `prefix`. */
function spelledStartsWith(name: string, suffix: string, prefix: string): boolean {
  if (prefix.length <= name.length) return name.startsWith(prefix);
  return prefix.startsWith(name) && suffix.startsWith(prefix.slice(name.length));
}

/** A position in one kind of helper (a sorted list read with a prefix and suffix) of one source. */
interface Cursor {
  source: HelperSource;
  suffix: Suffix;
  hash: boolean;
  /** What the route names must start with, spelled with the suffix: the prefix less `hash_for_` for hash helpers. */
  rest: string;
  at: number;
  /** The helper at `at`. */
  helper: string;
}

/**
 * The first `limit` helpers, in name order, that start with `prefix`, across `sources`, keeping
 * only those `accept` takes (the workspace's winner of each name).
 */
export function helpersWithPrefix(sources: readonly HelperSource[], prefix: string, limit: number, accept: (info: HelperInfo) => boolean): HelperInfo[] {
  // One cursor per source and kind of helper with a match, merged through a binary heap ordered by the current helper.
  const heap: Cursor[] = [];
  /** Moves a cursor to its next entry not passed over; false when it has none with the prefix left. */
  const settle = (cursor: Cursor) => {
    const { source, suffix } = cursor;
    const names = source.names[suffix];
    while (cursor.at < names.length && source.skip?.(suffix, cursor.at)) cursor.at++;
    if (cursor.at >= names.length || !spelledStartsWith(names[cursor.at], suffix, cursor.rest)) return false;
    cursor.helper = `${cursor.hash ? HASH_FOR : ""}${names[cursor.at]}${suffix}`;
    return true;
  };
  for (const source of sources) {
    for (const suffix of SUFFIXES) {
      for (const hash of [false, true]) {
        // Hash helpers all match a prefix that `hash_for_` begins with, and none that it does not begin.
        const rest = !hash ? prefix : prefix.startsWith(HASH_FOR) ? prefix.slice(HASH_FOR.length) : HASH_FOR.startsWith(prefix) ? "" : undefined;
        if (rest === undefined) continue;
        const cursor: Cursor = { source, suffix, hash, rest, at: lowerBound(source.names[suffix], suffix, rest), helper: "" };
        if (settle(cursor)) heap.push(cursor);
      }
    }
  }
  const less = (i: number, j: number) => heap[i].helper < heap[j].helper;
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
    const route = top.source.table.named.get(top.source.names[top.suffix][top.at]);
    const info = route && { helper: top.helper, route };
    if (info && accept(info)) found.push(info);
    top.at++;
    if (!settle(top)) {
      heap[0] = heap[heap.length - 1];
      heap.pop();
    }
    if (heap.length > 0) down(0);
  }
  return found;
}

/** The first index of `names` whose name spelled with `suffix` is not before `prefix`. */
function lowerBound(names: readonly string[], suffix: Suffix, prefix: string): number {
  let low = 0;
  let high = names.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareSpelled(names[middle], suffix, prefix, "") < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

interface NearestQuery {
  word: string;
  bound: number;
  /** What the answers are remembered by. */
  key: string;
  /** The names to search among, from a declaration's route names. */
  spell: (names: readonly string[]) => readonly string[];
}

interface Nearest {
  candidate: string;
  distance: number;
  /** The index of the group that holds it in its table's list (-1: the names no group holds). */
  index: number;
}
