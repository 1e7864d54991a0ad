import { KeptFor } from "../text/keptFor";
import type { TakenOver } from "../text/ownership";
import { Declaration } from "./declarations";
import { Diagnostic } from "./diagnostics";
import { RouteDefinitionError } from "./errors";
import { Route, RouteGroup, RouteOrigin } from "./route";
import type { OptionMap } from "./values";

/** A resource's route that could not take its name, as another resource's route held it. */
export interface Refusal {
  name: string;
  origin: RouteOrigin;
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
 * The expander's result: routes in registration order, the name each route holds, the
 * diagnostics of the declarations, and the error that stopped loading (if any).
 */
export class RouteTable {
  /**
   * The routes, in registration order. A patched table lists them when first asked: they are
   * its groups' routes, and most versions of a file being edited are never asked: a list of
   * every route per keystroke would be garbage.
   */
  get routes(): Route[] {
    if (!this.list) {
      const routes = new Array<Route>(this.count);
      let at = 0;
      for (const group of this.groups!.list) for (const route of group.routes) routes[at++] = route;
      this.list = routes;
    }
    return this.list;
  }

  /** How many routes the table holds, without listing them. */
  get size(): number {
    return this.list ? this.list.length : this.count;
  }

  /** The routes registered so far; undefined once a patch made them its groups' (see `routes`). */
  private list: Route[] | undefined = [];
  /** How many routes the groups hold, when `list` is undefined. */
  private count = 0;
  /**
   * The route holding each name: a lookup, whose order is not the routes' (a patched table adds
   * names where it patched); namedRoutes() gives them in order.
   */
  readonly named: Map<string, Route>;
  readonly diagnostics: Diagnostic[] = [];
  error: RouteDefinitionError | undefined;
  /** Per unit of expansion (a top-level declaration, or one in a namespace), what it added: lets the next expansion of the same file re-use what did not change. */
  groups?: { settings: string; list: DeclarationRoutes[] };
  /**
   * Stands for this table where work done on it is kept (a WeakMap's key), and is named by the
   * table that continues it (`edit.from`) without holding this one.
   */
  readonly version: object = {};
  /** For a patched table: how its groups differ from those of the table it continues. */
  edit?: TableEdit;

  /** `limit`: the most routes the table takes (the analyser's budget); one more stops loading with `too-many-routes`. */
  constructor(
    private readonly limit = Infinity,
    named = new Map<string, Route>(),
  ) {
    this.named = named;
  }

  /**
   * A table that continues `previous`, taking over its lookups as they are (with all its names
   * and routes: the caller forgets the groups it no longer holds), and holding no routes until
   * `takeGroupRoutes`. `previous` must not be used afterwards (but to list its routes); undefined
   * when it was taken over already.
   */
  static continuing(previous: TakenOver<RouteTable>): RouteTable | undefined {
    if (previous.continued) return undefined;
    previous.continued = true;
    const table = new RouteTable(previous.limit, previous.named);
    table.byDeclaration = previous.byDeclaration;
    return table;
  }

  private continued = false;

  /**
   * Makes the routes those of the table's groups, once a patch has put its groups in place:
   * `previous` held `previousSize` routes, of which the patch removed `removed` and added those
   * registered on this table so far.
   */
  takeGroupRoutes(previousSize: number, removed: number): void {
    this.count = previousSize - removed + this.list!.length;
    this.list = undefined;
  }

  /** The route limit was passed (by a patched table, whose routes are counted once it takes its groups' routes). */
  get overLimit(): boolean {
    return this.size > this.limit;
  }

  /** Named routes in the order they were registered (as `named` iterates in a table built from scratch). */
  *namedRoutes(): Iterable<[string, Route]> {
    for (const route of this.routes) if (route.name !== null && this.named.get(route.name) === route) yield [route.name, route];
  }

  /** Whether `name` is still free. */
  isFree(name: string): boolean {
    return !this.named.has(name);
  }

  add(route: Route): void {
    if (!this.list) throw new Error("a patched table takes no more routes");
    if (this.list.length >= this.limit) {
      throw new RouteDefinitionError(
        `More than ${this.limit.toLocaleString("en-US")} routes: the analyser reads no more of this file; the routes before are kept`,
        "too-many-routes",
      );
    }
    this.list.push(route);
    if (route.name !== null) this.named.set(route.name, route);
    if (this.byDeclaration) group(this.byDeclaration, route);
  }

  /**
   * Takes out of a continued table's lookups what one group of the table it continues added:
   * its names and its declarations' routes (the caller left its routes out of `routes`).
   */
  forget(group: DeclarationRoutes): void {
    for (const name of group.claimed) this.named.delete(name);
    if (this.byDeclaration) for (const route of group.routes) if (route.origin) this.byDeclaration.delete(route.origin.declaration);
  }

  /** Routes registered by one declaration (any name of it, its nested associations and actions). */
  routesOf(origin: Pick<RouteOrigin, "declaration">): Route[] {
    // Grouped once per table, and kept up by the tables that continue it: a hover asks for a
    // declaration and each declaration of its block.
    if (!this.byDeclaration) {
      this.byDeclaration = new Map();
      for (const route of this.routes) group(this.byDeclaration, route);
    }
    return this.byDeclaration.get(origin.declaration) ?? [];
  }

  private byDeclaration: Map<Declaration, Route[]> | undefined;
}

/**
 * A table's routes in groups that later versions of the table share: its groups (one per
 * top-level declaration), then, when an expansion stopped, the routes no group holds.
 * What is worked out per group and kept survives edits that did not touch it.
 */
export function routeGroups(table: Pick<RouteTable, "routes" | "size" | "groups">): readonly RouteGroup[] {
  // Worked out once per table (a table's group list is its own and complete once it is made):
  // the diagnostics, the outline and the controller checks each ask after every edit.
  const declared = table.groups?.list;
  const make = (list: readonly DeclarationRoutes[]): readonly RouteGroup[] => {
    let covered = 0;
    for (const group of list) covered += group.routes.length;
    return covered === table.size ? list : [...list, { routes: table.routes.slice(covered) }];
  };
  return declared ? groupsOf.get(declared, make) : make([]);
}

const groupsOf = new KeptFor<readonly DeclarationRoutes[], readonly RouteGroup[]>();

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

function group(byDeclaration: Map<Declaration, Route[]>, route: Route): void {
  const declaration = route.origin?.declaration;
  if (!declaration) return;
  const list = byDeclaration.get(declaration);
  if (list) list.push(route);
  else byDeclaration.set(declaration, [route]);
}

/**
 * How many items two versions of a list (of groups) begin and end with unchanged: what lies
 * between is the run an edit replaced. `same` tells an unchanged item (identity by default).
 */
export function unchangedEnds<A, B>(
  old: readonly A[],
  now: readonly B[],
  same: (old: A, now: B) => boolean = (a, b) => a === (b as unknown),
): { head: number; tail: number } {
  const most = Math.min(old.length, now.length);
  let head = 0;
  while (head < most && same(old[head], now[head])) head++;
  let tail = 0;
  while (tail < most - head && same(old[old.length - 1 - tail], now[now.length - 1 - tail])) tail++;
  return { head, tail };
}
