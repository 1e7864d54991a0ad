import { parsePath, PathPart, PathSegment } from "./path";
import type { Route } from "./route";

/*
 * Behaviour C's optional groups (`(/:locale)/posts`, `/photos(/:id)`, `/photos/:id(-:slug)`,
 * `:controller(/:action(/:id(.:format)))`): a route keeps its path as Journey's spec reads it, a
 * list of tokens where a group holds tokens of its own, and its forms say which groups a request or
 * a generated path may leave out. A group inside another is left out with it. The optional format
 * at the end of a path is not a group here: it stays the route's optionalFormat, after whatever the
 * form ends with.
 */

/** The slash between two segments. */
interface Slash {
  readonly kind: "slash";
}

/** A group of tokens that may be left out together. */
export interface OptionalGroup {
  readonly kind: "group";
  readonly tokens: readonly GroupedToken[];
}

export type GroupedToken = PathPart | Slash | OptionalGroup;

const SLASH: Slash = Object.freeze({ kind: "slash" });

/** A path with optional groups, as a route keeps it. */
export interface GroupedPath {
  /** The path's tokens, groups among them. */
  readonly tokens: readonly GroupedToken[];
  /** Every group, inner first (as their parentheses close): the order of a form's `kept`. */
  readonly groups: readonly OptionalGroup[];
  /** Per group, the index of the group around it, or -1. */
  readonly parents: readonly number[];
  /** The keys of the groups' parts: a value a path may do without. */
  readonly optionalKeys: ReadonlySet<string>;
  /**
   * Whether a group begins or ends inside a segment (`:id(-:slug)`, `(.:format)` inside another
   * group), not only runs of whole segments: Journey's token-by-token filter then decides which
   * requests may reach the route's expression (see pathPattern).
   */
  readonly withinSegments: boolean;
}

/** The most forms a route's groups may give (each group in or out): more is refused when the route is drawn. */
export const MAX_GROUP_FORMS = 64;

/** The groups of a path: none for most routes. */
export function groupsOf(route: Pick<Route, "groupedPath">): readonly OptionalGroup[] {
  return route.groupedPath?.groups ?? NO_GROUPS;
}

const NO_GROUPS: readonly OptionalGroup[] = Object.freeze([]);

/** Whether a key of a route is in one of its optional groups (a request may leave it out). */
export function inOptionalGroup(route: Pick<Route, "groupedPath">, key: string): boolean {
  return route.groupedPath?.optionalKeys.has(key) ?? false;
}

/** One form of a route: the segments of the groups it keeps, and which groups those are. */
export interface GroupForm {
  segments: PathSegment[];
  /** Per group of the route, whether the form keeps it. */
  kept: readonly boolean[];
  /** Its tokens in order, separators apart (see simulatable). */
  tokens: readonly (PathPart | Slash)[];
}

/** Every form of a route with groups, the fullest first (made once per route). */
const formsOf = new WeakMap<Route, GroupForm[]>();

export function groupForms(route: Route): GroupForm[] {
  let forms = formsOf.get(route);
  if (!forms) formsOf.set(route, (forms = allForms(route.groupedPath!, route.optionalFormat)));
  return forms;
}

/**
 * The form generation writes for the given values: a group is kept when each of its own keys
 * (not its inner groups') has a value, and the group around it is kept (Journey's rule).
 */
export function formFor(route: Route, present: (key: string) => boolean): GroupForm {
  const { groups, parents } = route.groupedPath!;
  const own = groups.map((group) =>
    group.tokens.every((token) => token.kind === "static" || token.kind === "slash" || token.kind === "group" || present(token.key)),
  );
  const kept = (g: number): boolean => own[g] && (parents[g] < 0 || kept(parents[g]));
  const wanted = groups.map((_, g) => kept(g));
  return groupForms(route).find((form) => form.kept.every((k, g) => k === wanted[g]))!;
}

function allForms(path: GroupedPath, optionalFormat: boolean): GroupForm[] {
  const { groups, parents } = path;
  const forms: GroupForm[] = [];
  for (let mask = 0; mask < 1 << groups.length; mask++) {
    const kept = groups.map((_, g) => (mask & (1 << g)) === 0);
    // An inner group stays only with the group around it.
    if (groups.some((_, g) => kept[g] && parents[g] >= 0 && !kept[parents[g]])) continue;
    const keeps = new Set(groups.filter((_, g) => kept[g]));
    const tokens = flattened(path.tokens, (group) => keeps.has(group));
    forms.push({ segments: formSegments(tokens, optionalFormat), kept, tokens });
  }
  return forms;
}

/** The tokens of a path in order, with those of the groups `keeps` takes (and of none else). */
function flattened(list: readonly GroupedToken[], keeps: (group: OptionalGroup) => boolean, into: (PathPart | Slash)[] = []): (PathPart | Slash)[] {
  for (const token of list) {
    if (token.kind !== "group") into.push(token);
    else if (keeps(token)) flattened(token.tokens, keeps, into);
  }
  return into;
}

/** A form's segments, with the optional format after its last; a form of nothing is `/`, which takes no format. */
function formSegments(tokens: readonly (PathPart | Slash)[], optionalFormat: boolean): PathSegment[] {
  const text = tokens.map(tokenText).join("");
  if (text === "" || text === "/") return [];
  return parsePath(optionalFormat ? `${text}.:format` : text);
}

function tokenText(token: PathPart | Slash): string {
  switch (token.kind) {
    case "slash":
      return "/";
    case "static":
      return token.text;
    default:
      return `${token.kind === "glob" ? "*" : ":"}${token.key}`;
  }
}

/**
 * Whether Journey's filter can take a request by this form: it reads a request as separators
 * (`/ . ?`) and the runs between them, each run taken whole by one literal or one parameter, so a
 * form where a group joins two of them inside one run (`:id` then `-:slug`) is never taken whole.
 */
export function simulatable(form: GroupForm): boolean {
  let previousEndsRun = false;
  for (const token of form.tokens) {
    if (token.kind === "slash") {
      previousEndsRun = false;
      continue;
    }
    const text = token.kind === "static" ? token.text : "x";
    if (previousEndsRun && !isSeparator(text[0])) return false;
    previousEndsRun = !isSeparator(text[text.length - 1]);
  }
  return true;
}

/** Whether a character is one Journey's filter reads a request apart at: `/`, `.` or `?`. */
export function isSeparator(c: string | undefined): boolean {
  return c === "/" || c === "." || c === "?";
}

/**
 * A path with optional groups from Journey's spec (the path without its final `(.:format)`).
 * Throws a message on a group that is not closed or not opened.
 */
export function parseGroupedPath(spec: string): GroupedPath {
  const groups: OptionalGroup[] = [];
  const parents: number[] = [];
  const optionalKeys = new Set<string>();
  // The groups being read, outer first, each with its tokens and the indices of the groups closed inside it.
  const open: { tokens: GroupedToken[]; inner: number[] }[] = [{ tokens: [], inner: [] }];
  let withinSegments = false;
  let text = "";
  const flush = (): void => {
    if (!text) return;
    const current = open[open.length - 1];
    for (const part of parsePath(text)[0]) {
      current.tokens.push(part);
      if (open.length > 1 && part.kind !== "static") optionalKeys.add(part.key);
    }
    text = "";
  };
  for (let i = 0; i < spec.length; i++) {
    const c = spec[i];
    if (c === "(") {
      flush();
      if (spec[i + 1] !== "/") withinSegments = true;
      open.push({ tokens: [], inner: [] });
    } else if (c === ")") {
      flush();
      if (open.length === 1) throw new Error("a group closed that was not opened");
      const next = spec[i + 1];
      if (next !== undefined && next !== "/" && next !== "(" && next !== ")") withinSegments = true;
      const { tokens, inner } = open.pop()!;
      const index = groups.push(Object.freeze({ kind: "group" as const, tokens: Object.freeze(tokens) })) - 1;
      parents.push(-1);
      for (const g of inner) parents[g] = index;
      open[open.length - 1].tokens.push(groups[index]);
      open[open.length - 1].inner.push(index);
    } else if (c === "/") {
      flush();
      open[open.length - 1].tokens.push(SLASH);
    } else text += c;
  }
  flush();
  if (open.length > 1) throw new Error("an optional group that is not closed");
  return { tokens: Object.freeze(open[0].tokens), groups, parents, optionalKeys, withinSegments };
}

/** The fullest form's segments of a grouped path (every group kept), with the optional format after them. */
export function fullestSegments(path: GroupedPath, optionalFormat: boolean): PathSegment[] {
  return formSegments(
    flattened(path.tokens, () => true),
    optionalFormat,
  );
}

/** The path as Rails writes it: each group in parentheses around its tokens, the optional format as `(.:format)`. */
export function groupedPathText(path: GroupedPath, optionalFormat: boolean): string {
  const write = (list: readonly GroupedToken[]): string =>
    list.map((token) => (token.kind === "group" ? `(${write(token.tokens)})` : tokenText(token))).join("");
  let text = write(path.tokens);
  // A path of groups alone keeps its first slash outside them, as Rails writes it (`/(:locale)`).
  if (path.tokens.every((token) => token.kind === "group" && token.tokens[0]?.kind === "slash")) text = text.replace(/^(\(+)\//, "/$1");
  return `${text || "/"}${optionalFormat ? "(.:format)" : ""}`;
}
