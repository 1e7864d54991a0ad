import type { DrawSettings } from "./settings";
import type { Span } from "./span";
import { OptionMap } from "./values";

/**
 * The declaration tree: what a routing file says, as data. Both the recording mapper of draw()
 * and the static analyser produce it; `expandDeclarations` is the only thing that reads it.
 */

export type DeclarationKind = "resources" | "resource" | "namespace" | "with_options" | "connect" | "named_route" | "root";

/**
 * The mapper's methods, each a kind of declaration, for the analyser and the importer (a record's
 * keys, so that the compiler holds the list to the type).
 * @internal
 */
export const DECLARATION_KINDS = Object.keys({
  resources: true,
  resource: true,
  namespace: true,
  with_options: true,
  connect: true,
  named_route: true,
  root: true,
} satisfies Record<DeclarationKind, true>) as readonly DeclarationKind[];

export interface Declaration {
  kind: DeclarationKind;
  /** resources/resource: the names; namespace: its name; named_route: the route name. */
  names: string[];
  /** connect / named_route: the path pattern. */
  path?: string;
  options: OptionMap;
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
