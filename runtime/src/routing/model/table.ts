import { Declaration } from "./declarations";
import { Diagnostic } from "./diagnostics";
import { RouteDefinitionError } from "./errors";
import { Route, RouteOrigin } from "./route";

/**
 * The expander's result: routes in registration order, the name each route holds, the
 * diagnostics of the declarations, and the error that stopped loading (if any).
 */
export class RouteTable {
  /** The routes, in registration order. */
  get routes(): Route[] {
    return this.list;
  }

  /** How many routes the table holds. */
  get size(): number {
    return this.list.length;
  }

  /** The routes registered so far. */
  protected list: Route[] = [];
  /**
   * The route holding each name: a lookup, whose order need not be the routes' (the editor's
   * tables add names where they patched); namedRoutes() gives them in order.
   */
  readonly named: Map<string, Route>;
  readonly diagnostics: Diagnostic[] = [];
  error: RouteDefinitionError | undefined;
  /** Each declaration's routes, grouped when first asked for (routesOf). */
  protected byDeclaration: Map<Declaration, Route[]> | undefined;

  /** `limit`: the most routes the table takes (the analyser's budget); one more stops loading with `too-many-routes`. */
  constructor(
    readonly limit = Infinity,
    named = new Map<string, Route>(),
  ) {
    this.named = named;
  }

  /** The route limit was passed. */
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
    if (this.list.length >= this.limit) {
      throw new RouteDefinitionError(
        `More than ${this.limit.toLocaleString("en-US")} routes: the analyser reads no more of this file; the routes before are kept`,
        "too-many-routes",
      );
    }
    this.list.push(route);
    if (route.name !== null) this.named.set(route.name, route);
    if (this.byDeclaration) groupByDeclaration(this.byDeclaration, route);
  }

  /** Routes registered by one declaration (any name of it, its nested associations and actions). */
  routesOf(origin: Pick<RouteOrigin, "declaration">): Route[] {
    // Grouped once per table: a hover asks for a declaration and each declaration of its block.
    if (!this.byDeclaration) {
      this.byDeclaration = new Map();
      for (const route of this.routes) groupByDeclaration(this.byDeclaration, route);
    }
    return this.byDeclaration.get(origin.declaration) ?? [];
  }
}

/** Adds a route to its declaration's list. */
function groupByDeclaration(byDeclaration: Map<Declaration, Route[]>, route: Route): void {
  const declaration = route.origin?.declaration;
  if (!declaration) return;
  const list = byDeclaration.get(declaration);
  if (list) list.push(route);
  else byDeclaration.set(declaration, [route]);
}
