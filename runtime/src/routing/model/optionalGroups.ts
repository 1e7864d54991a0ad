import { parsePath, PathSegment, pathText } from "./path";
import type { Route } from "./route";

/*
 * Behaviour C's optional groups of whole segments (`(/:locale)/posts`, `/photos(/:id)`): a route
 * keeps every segment, and its groups say which runs of them a request or a generated path may
 * leave out. A group inside another is left out with it. The optional format is not a group here:
 * it stays the route's optionalFormat, on whatever segment comes last.
 */

/** A run of segments, `[first, end)`, that may be left out together. */
export type OptionalGroup = readonly [first: number, end: number];

/** Whether segment `index` of a route is in one of its optional groups (a request may leave it out). */
export function inOptionalGroup(route: Pick<Route, "groups">, index: number): boolean {
  return route.groups.some(([first, end]) => index >= first && index < end);
}

/** The most forms a route's groups may give (each group in or out): more is refused when the route is drawn. */
export const MAX_GROUP_FORMS = 64;

/** One form of a route: the segments of the groups it keeps, and which groups those are. */
export interface GroupForm {
  segments: PathSegment[];
  /** Per group of the route, whether the form keeps it. */
  kept: readonly boolean[];
}

/** Every form of a route with groups, the fullest first (made once per route). */
const formsOf = new WeakMap<Route, GroupForm[]>();

export function groupForms(route: Route): GroupForm[] {
  let forms = formsOf.get(route);
  if (!forms) formsOf.set(route, (forms = allForms(route.segments, route.groups, route.optionalFormat)));
  return forms;
}

/**
 * The form generation writes for the given values: a group is kept when each of its own keys
 * (not its inner groups') has a value, and the group around it is kept (Journey's rule).
 */
export function formFor(route: Route, present: (key: string) => boolean): GroupForm {
  const groups = route.groups;
  const own = groups.map(([first, end], g) => {
    for (let i = first; i < end; i++) {
      // A segment of an inner group is that group's to ask about.
      if (groups.some(([f, e], inner) => inner !== g && f >= first && e <= end && i >= f && i < e)) continue;
      for (const part of route.segments[i]) if (part.kind !== "static" && part.key !== "format" && !present(part.key)) return false;
    }
    return true;
  });
  const kept = (g: number): boolean => own[g] && (enclosing(groups, g) < 0 || kept(enclosing(groups, g)));
  const wanted = groups.map((_, g) => kept(g));
  return groupForms(route).find((form) => form.kept.every((k, g) => k === wanted[g]))!;
}

/** The innermost group around group `g`, or -1. */
function enclosing(groups: readonly OptionalGroup[], g: number): number {
  const [first, end] = groups[g];
  let best = -1;
  groups.forEach(([f, e], other) => {
    if (other !== g && f <= first && e >= end && (f !== first || e !== end || other < g)) {
      if (best < 0 || (f >= groups[best][0] && e <= groups[best][1])) best = other;
    }
  });
  return best;
}

function allForms(segments: readonly PathSegment[], groups: readonly OptionalGroup[], optionalFormat: boolean): GroupForm[] {
  const forms: GroupForm[] = [];
  const count = groups.length;
  for (let mask = 0; mask < 1 << count; mask++) {
    const kept = groups.map((_, g) => (mask & (1 << g)) === 0);
    // An inner group stays only with the group around it.
    if (groups.some((_, g) => kept[g] && enclosing(groups, g) >= 0 && !kept[enclosing(groups, g)])) continue;
    const left = segments.flatMap((_, i) => (groups.some(([first, end], g) => !kept[g] && i >= first && i < end) ? [] : [i]));
    forms.push({ segments: left.length === segments.length ? [...segments] : reformatted(left, segments, optionalFormat), kept });
  }
  return forms;
}

/** The kept segments (by index), the optional format moved to whichever of them is now last. */
function reformatted(left: readonly number[], all: readonly PathSegment[], optionalFormat: boolean): PathSegment[] {
  // With no segment left, the path is `/`, which takes no format.
  if (!optionalFormat || left.length === 0) return left.map((i) => all[i]);
  const text = pathText(left.map((i) => (i === all.length - 1 ? withoutFormat(all[i]) : all[i])));
  return parsePath(`${text === "/" ? "" : text}.:format`);
}

/** A segment with its trailing `.:format` taken off (`:id.:format` → `:id`). */
export function withoutFormat(segment: PathSegment): PathSegment {
  const before = segment.slice(0, -1);
  const dot = before[before.length - 1];
  if (dot?.kind !== "static") return before;
  return dot.text === "." ? before.slice(0, -1) : [...before.slice(0, -1), { kind: "static", text: dot.text.slice(0, -1) }];
}

/** The path as Rails writes it: each group in parentheses around its segments, the optional format as `(.:format)`. */
export function groupedPathText(segments: readonly PathSegment[], groups: readonly OptionalGroup[], optionalFormat: boolean): string {
  let text = "";
  segments.forEach((segment, i) => {
    // Groups are listed inner first (as their parentheses close): opened outer first.
    for (let g = groups.length - 1; g >= 0; g--) if (groups[g][0] === i) text += "(";
    text += pathText([optionalFormat && i === segments.length - 1 ? withoutFormat(segment) : segment]);
    for (const [, end] of groups) if (end === i + 1) text += ")";
  });
  // A path of groups alone keeps its first slash outside them, as Rails writes it (`/(:locale)`).
  if (/^(\(+[^)]+\))(\(+\/:[^)]+\))*$/.test(text)) text = text.replace(/^(\(+)\//, "/$1");
  return `${text || "/"}${optionalFormat ? "(.:format)" : ""}`;
}
