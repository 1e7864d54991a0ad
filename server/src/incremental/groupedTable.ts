import { type Declaration, type Diagnostic, type OptionMap, type Refusal, type Route, RouteTable } from "resource-routes/internal";

import { KeptFor } from "./keptFor";
import type { TakenOver } from "./ownership";

/** Routes registered together, in order (a table's group: one unit of expansion's). */
export interface RouteGroup {
  readonly routes: readonly Route[];
}

/** The routes one unit of expansion (see reexpand.ts) added, and the name lookups they depended on. */
export interface DeclarationRoutes {
  declaration: Declaration;
  /** The options of the block the declaration is in (a namespace's), for one below the top level. */
  scope?: OptionMap;
  routes: Route[];
  /** Names it took. */
  claimed: string[];
  /** Names it found taken by earlier declarations. */
  takenBefore: string[];
  /** Names its resources found held by another resource's route: each reported (route-name-taken) again whenever the group is kept. */
  refused: Refusal[];
  /** What the static checks (validate.ts) found in its declaration. */
  checks: Diagnostic[];
}

/**
 * How a patched table's groups differ from those of the table it continues: the run of
 * `removed` groups at index `at` became the `added` ones (which may re-use some of them), the
 * groups around the run the same. Work kept for the earlier table can be brought up to date
 * from it, at the cost of the run.
 */
export interface TableEdit {
  /** The `version` of the table continued. */
  readonly from: object;
  readonly at: number;
  readonly removed: readonly DeclarationRoutes[];
  readonly added: readonly DeclarationRoutes[];
  /** The run's place in the tree's body, when its units are top-level declarations. */
  readonly declarations?: { readonly at: number; readonly length: number };
}

/**
 * A route table the editor keeps across the versions of a file: its routes in groups, one per unit
 * of expansion, so that the next version re-uses the groups an edit did not touch; a table patched
 * from the previous one continues its name lookup instead of building it again.
 */
export class GroupedTable extends RouteTable {
  /** Per unit of expansion, what it added, and the settings the units were expanded with. */
  groups: { settings: string; list: DeclarationRoutes[] } = { settings: "", list: [] };
  /**
   * Stands for this table where work done on it is kept (a WeakMap's key), and is named by the
   * table that continues it (`edit.from`) without holding this one.
   */
  readonly version: object = {};
  /** For a patched table: how its groups differ from those of the table it continues. */
  edit?: TableEdit;
  /** How many routes the groups hold, once a patch made them its groups' (then `listed` is false). */
  private count = 0;
  private listed = true;
  private continued = false;

  /**
   * The routes, in registration order. A patched table lists them when first asked: they are
   * its groups' routes, and most versions of a file being edited are never asked: a list of
   * every route per keystroke would be garbage.
   */
  override get routes(): Route[] {
    if (!this.listed) {
      const routes = new Array<Route>(this.count);
      let at = 0;
      for (const group of this.groups.list) for (const route of group.routes) routes[at++] = route;
      this.list = routes;
      this.listed = true;
    }
    return this.list;
  }

  override get size(): number {
    return this.listed ? this.list.length : this.count;
  }

  override add(route: Route): void {
    if (!this.listed) throw new Error("a patched table takes no more routes");
    super.add(route);
  }

  /** Lets go of each declaration's routes, grouped again when next asked for (a patch that cannot keep them in order). */
  regroupDeclarations(): void {
    this.byDeclaration = undefined;
  }

  /**
   * A table that continues `previous`, taking over its lookups as they are (with all its names
   * and routes: the caller forgets the groups it no longer holds), and holding no routes until
   * `takeGroupRoutes`. `previous` must not be used afterwards (but to list its routes); undefined
   * when it was taken over already.
   */
  static continuing(previous: TakenOver<GroupedTable>): GroupedTable | undefined {
    if (previous.continued) return undefined;
    previous.continued = true;
    const table = new GroupedTable(previous.limit, previous.named);
    table.byDeclaration = previous.byDeclaration;
    return table;
  }

  /**
   * Makes the routes those of the table's groups, once a patch has put its groups in place:
   * `previous` held `previousSize` routes, of which the patch removed `removed` and added those
   * registered on this table so far.
   */
  takeGroupRoutes(previousSize: number, removed: number): void {
    this.count = previousSize - removed + this.list.length;
    this.list = [];
    this.listed = false;
  }

  /**
   * Takes out of a continued table's lookups what one group of the table it continues added:
   * its names and its declarations' routes (the caller left its routes out of `routes`).
   */
  forget(group: DeclarationRoutes): void {
    for (const name of group.claimed) this.named.delete(name);
    if (this.byDeclaration) for (const route of group.routes) if (route.origin) this.byDeclaration.delete(route.origin.declaration);
  }
}

/**
 * A table's routes in groups that later versions of the table share: its groups (one per unit of
 * expansion), then, when an expansion stopped, the routes no group holds; a table the runtime
 * made (no groups) is one group. What is worked out per group and kept survives edits that did
 * not touch it.
 */
export function routeGroups(table: RouteTable): readonly RouteGroup[] {
  // Worked out once per table (a table's group list is its own and complete once it is made):
  // the diagnostics, the outline and the controller checks each ask after every edit.
  const declared = table instanceof GroupedTable ? table.groups.list : undefined;
  const make = (list: readonly DeclarationRoutes[]): readonly RouteGroup[] => {
    let covered = 0;
    for (const group of list) covered += group.routes.length;
    return covered === table.size ? list : [...list, { routes: table.routes.slice(covered) }];
  };
  return declared ? groupsOf.get(declared, make) : make([]);
}

const groupsOf = new KeptFor<readonly DeclarationRoutes[], readonly RouteGroup[]>();

/** A table's groups: its units' when the editor made it, none for a table the runtime made. */
export function declarationGroups(table: RouteTable): readonly DeclarationRoutes[] {
  return table instanceof GroupedTable ? table.groups.list : [];
}

/**
 * What the work on one version of a file's table leaves to the next version's, found through the
 * table's first or last group: a later table shares them unless an edit replaced both (then all
 * is worked out again). Two entries per version, where one per group cost a WeakMap entry per
 * declaration per edit.
 */
export class ByEndGroups<Value> {
  private readonly byEnd = new KeptFor<RouteGroup, Value>();

  set(groups: readonly RouteGroup[], value: Value): void {
    for (const group of [groups[0], groups[groups.length - 1]]) if (group) this.byEnd.set(group, value);
  }

  /** What an earlier table left through one of these ends, if `usable` takes it. */
  find(groups: readonly RouteGroup[], usable: (value: Value) => boolean = () => true): Value | undefined {
    for (const group of [groups[0], groups[groups.length - 1]]) {
      const value = group && this.byEnd.peek(group);
      if (value !== undefined && usable(value)) return value;
    }
    return undefined;
  }
}

/**
 * How many items two versions of a list (of groups) begin and end with unchanged: what lies
 * between is the run an edit replaced. `same` tells an unchanged item (identity by default), given
 * the new item's index too.
 */
export function unchangedEnds<A, B>(
  old: readonly A[],
  now: readonly B[],
  same: (old: A, now: B, nowIndex: number) => boolean = (a, b) => a === (b as unknown),
): { head: number; tail: number } {
  const most = Math.min(old.length, now.length);
  let head = 0;
  while (head < most && same(old[head], now[head], head)) head++;
  let tail = 0;
  while (tail < most - head && same(old[old.length - 1 - tail], now[now.length - 1 - tail], now.length - 1 - tail)) tail++;
  return { head, tail };
}

/** How a table differs from the one it continues, when a patch made it. */
export function editOf(table: RouteTable): TableEdit | undefined {
  return table instanceof GroupedTable ? table.edit : undefined;
}

/** What stands for a table where work on it is kept: its version, or a table of the runtime's itself. */
export function versionOf(table: RouteTable): object {
  return table instanceof GroupedTable ? table.version : table;
}
