import type { ApplicationConstraint } from "./applicationConstraints";
import type { DrawSettings } from "./settings";
import type { Span } from "./span";
import { OptionMap } from "./values";

/**
 * The declaration tree: what a routing file says, as data. Both the recording mapper of draw()
 * and the static analyser produce it; `expandDeclarations` is the only thing that reads it.
 */

/** A mapper's call: Rails 2's (A and B), modern Rails' (C: from `scope` on), or both's. */
export type DeclarationKind =
  | "resources"
  | "resource"
  | "namespace"
  | "with_options"
  | "connect"
  | "named_route"
  | "root"
  | "scope"
  | "controller"
  | "constraints"
  | "defaults"
  | "shallow"
  | "concern"
  | "concerns"
  | "member"
  | "collection"
  | "new"
  | "get"
  | "post"
  | "put"
  | "patch"
  | "delete"
  | "match"
  | "direct"
  | "resolve"
  | "resources_path_names"
  | "mount";

/** Which mappers make a kind of declaration: behaviours A and B's, C's, or both (a record, so that the compiler holds the lists to the type). */
const MAKERS = {
  resources: "both",
  resource: "both",
  namespace: "both",
  root: "both",
  with_options: "AB",
  connect: "AB",
  named_route: "AB",
  scope: "C",
  controller: "C",
  constraints: "C",
  defaults: "C",
  shallow: "C",
  concern: "C",
  concerns: "C",
  member: "C",
  collection: "C",
  new: "C",
  get: "C",
  post: "C",
  put: "C",
  patch: "C",
  delete: "C",
  match: "C",
  direct: "C",
  resolve: "C",
  resources_path_names: "C",
  mount: "C",
} satisfies Record<DeclarationKind, "AB" | "C" | "both">;

/**
 * The methods of behaviours A and B's mapper (Rails 2's `map`), each a kind of declaration, for
 * the analyser and the importer: any other call on a Rails 2 mapper is a named route.
 * @internal
 */
export const DECLARATION_KINDS: readonly DeclarationKind[] = (Object.keys(MAKERS) as DeclarationKind[]).filter((kind) => MAKERS[kind] !== "C");

/**
 * The methods of behaviour C's mapper (modern Rails' DSL).
 * @internal
 */
export const SCOPED_DECLARATION_KINDS: readonly DeclarationKind[] = (Object.keys(MAKERS) as DeclarationKind[]).filter((kind) => MAKERS[kind] !== "AB");

export interface Declaration {
  kind: DeclarationKind;
  /**
   * resources/resource: the names; namespace: its name; named_route: the route name; C's routes
   * (get, match, …): their paths or actions; scope: its path; concern(s) and controller: the names.
   */
  names: string[];
  /** connect / named_route: the path pattern. */
  path?: string;
  options: OptionMap;
  /** constraints(): the application's code it was given in place of a map of constraints (behaviour C). */
  constraint?: ApplicationConstraint;
  /** The nested block's calls, when a block was given. */
  block?: Declaration[];
  /** Where it was written; absent for declarations made at run time without source positions. */
  source?: DeclarationSource;
}

export interface DeclarationSource {
  /** The whole call expression. */
  call: Span;
  /** The callee's method name (`resources` in `map.resources(...)`). */
  method: Span;
  /** One per entry of `names` (or the path of connect). */
  names: Span[];
  /** @internal Option key paths (`member`, `member.mark`, `has_many.0`) to the key and value that wrote them, in the order written. */
  options: OptionSourceLookup;
}

/** @internal Where each option of a declaration was written, by key path (the analyser's record). */
export interface OptionSourceLookup extends Iterable<[string, OptionSource]> {
  get(path: string): OptionSource | undefined;
  has(path: string): boolean;
}

export interface OptionSource {
  key: Span;
  value: Span;
}

/** A routing file's content: its settings and top-level calls. */
export interface DeclarationTree {
  settings: DrawSettings;
  body: Declaration[];
}
