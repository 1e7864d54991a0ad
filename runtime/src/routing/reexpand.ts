import type { TakenOver, WrittenInto } from "../text/ownership";
import { Declaration } from "./declarations";
import { Diagnostic } from "./diagnostics";
import { RouteDefinitionError } from "./errors";
import { DeclarationRoutes, RouteTable, unchangedEnds } from "./table";
import { validateDeclaration } from "./validate";
import { isOptionMap, OptionValue } from "./values";

/*
 * Re-expansion after an edit: the incremental layer over the facility's rules (expand.ts). A
 * file's table is kept as groups, one per top-level declaration; after an edit, the declarations
 * the edit did not touch keep their groups' routes, and only the others are expanded again.
 */

/** What re-expansion asks of the facility: expanding one top-level declaration, and the reports of a group it keeps. */
export interface GroupExpander {
  expandGroup(declaration: Declaration, checks: Diagnostic[]): DeclarationRoutes;
  reportAgain(group: DeclarationRoutes): void;
}

/** How many previous groups ahead a declaration is looked for. */
const REUSE_WINDOW = 8;

/**
 * The file's top-level declarations, each recorded as a group in `table`. A declaration equal (as
 * data) to a group of the previous expansion, found near the same place in the file, whose names
 * are still free and whose taken names are still taken, re-uses that group's routes instead of
 * expanding again: the previous declaration object takes the new one's source ranges and its
 * place in `declarations`, so the re-used routes point at the current text.
 */
export function expandTopLevel(
  expander: GroupExpander,
  table: RouteTable,
  declarations: WrittenInto<Declaration[]>,
  previous: readonly DeclarationRoutes[],
  checks: Diagnostic[][],
): void {
  let next = 0; // previous groups before this one were matched or passed over
  // Declarations the reader re-used as they were: their previous group is theirs alone.
  const present = new Set(declarations);
  declarations.forEach((declaration, index) => {
    const found = reusable(table, declaration, previous, next, present);
    if (found === undefined) {
      table.groups!.list.push(expander.expandGroup(declaration, checks[index]));
      return;
    }
    const reused = previous[found];
    next = found + 1;
    takeSources(reused.declaration, declaration);
    reused.checks = checks[index];
    declarations[index] = reused.declaration;
    for (const route of reused.routes) table.add(route);
    table.groups!.list.push(reused);
    expander.reportAgain(reused);
  });
}

/** The index of a previous group that can stand for `declaration`: among the next few, as an edit inserts or removes only a few. */
function reusable(
  table: RouteTable,
  declaration: Declaration,
  previous: readonly DeclarationRoutes[],
  from: number,
  present: Set<Declaration>,
): number | undefined {
  for (let i = from; i < Math.min(previous.length, from + REUSE_WINDOW); i++) {
    const group = previous[i];
    const same = group.declaration === declaration || (!present.has(group.declaration) && sameDeclaration(group.declaration, declaration));
    if (!same) continue;
    if (group.claimed.every((n) => table.isFree(n)) && group.takenBefore.every((n) => !table.isFree(n))) return i;
  }
  return undefined;
}

/**
 * The previous table patched where the declarations changed: the run of top-level declarations
 * between those it begins and ends with unchanged (the same objects: the analyser re-uses the
 * declarations of statements an edit did not touch) is expanded, and its routes and names put in
 * place of the run's before. Its work is that of the run, not of the file; the name lookup is
 * taken over, not copied. Undefined when a patch cannot give what a whole expansion would (a
 * declaration refused, a name the run needs held by a declaration after it, a name a declaration
 * after it found taken now free, too many routes); the caller then expands everything.
 */
export function patch(
  previous: TakenOver<RouteTable>,
  declarations: WrittenInto<Declaration[]>,
  expander: (table: RouteTable) => GroupExpander,
): RouteTable | undefined {
  const old = previous.groups!.list;
  if (previous.error) return undefined;
  const { head, tail } = unchangedEnds(old, declarations, (group, declaration) => group.declaration === declaration);
  const removed = old.slice(head, old.length - tail);
  // The groups after the run, old[keptFrom…]: thousands on a large file, walked in place.
  const keptFrom = old.length - tail;
  const run = declarations.slice(head, declarations.length - tail);

  const table = RouteTable.continuing(previous);
  if (!table) return undefined;
  for (const group of removed) table.forget(group);
  const checks = run.map(validateDeclaration);
  table.groups = { settings: previous.groups!.settings, list: old.slice(0, head) };
  const diagnostics = table.diagnostics;
  for (const group of table.groups.list) for (const diagnostic of group.checks) diagnostics.push(diagnostic);
  for (const list of checks) for (const diagnostic of list) diagnostics.push(diagnostic);
  for (let i = keptFrom; i < old.length; i++) for (const diagnostic of old[i].checks) diagnostics.push(diagnostic);
  // Reports in the order a whole expansion makes them: the declarations' before the run, the run's, those after.
  const reporter = expander(table);
  for (const group of table.groups.list) reporter.reportAgain(group);
  try {
    expandTopLevel(reporter, table, run, removed, checks);
  } catch (error) {
    if (error instanceof RouteDefinitionError) return undefined;
    throw error;
  }
  // Declarations of the run that re-used a group were replaced by its (see expandTopLevel): in the tree too.
  run.forEach((declaration, i) => (declarations[head + i] = declaration));
  // The run found a name taken: by a declaration before it, or (then the kept ones would change) after it.
  const takenInRun = table.groups.list.slice(head).flatMap((group) => group.takenBefore);
  if (takenInRun.length > 0) {
    const heldAfter = new Set(old.slice(keptFrom).flatMap((group) => group.claimed));
    if (takenInRun.some((name) => heldAfter.has(name))) return undefined;
  }
  // A name a kept declaration found taken that the run no longer holds would now be its own.
  for (let i = keptFrom; i < old.length; i++) if (!old[i].takenBefore.every((name) => table.named.has(name))) return undefined;
  const list = table.groups.list;
  const runEnd = list.length;
  list.length = runEnd + tail; // made long enough once, where a push each grew it again and again
  for (let i = 0; i < tail; i++) {
    list[runEnd + i] = old[keptFrom + i];
    reporter.reportAgain(old[keptFrom + i]);
  }
  table.takeGroupRoutes(
    previous.size,
    removed.reduce((n, group) => n + group.routes.length, 0),
  );
  table.edit = { from: previous.version, at: head, removed, added: list.slice(head, runEnd) };
  return table.overLimit ? undefined : table;
}

/** Whether two declarations are equal as data: everything but their source ranges. */
function sameDeclaration(a: Declaration, b: Declaration): boolean {
  return (
    a.kind === b.kind &&
    a.path === b.path &&
    sameValue(a.names, b.names) &&
    sameValue(a.options, b.options) &&
    (a.block === undefined || b.block === undefined
      ? a.block === b.block
      : a.block.length === b.block.length && a.block.every((d, i) => sameDeclaration(d, b.block![i])))
  );
}

function sameValue(a: OptionValue | string[], b: OptionValue | string[]): boolean {
  if (a === b) return true;
  if (a instanceof RegExp || b instanceof RegExp) return a instanceof RegExp && b instanceof RegExp && a.source === b.source && a.flags === b.flags;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (!isOptionMap(a) || !isOptionMap(b)) return false;
  // Key order counts: it is the order of member and collection routes.
  const keys = Object.keys(a);
  const otherKeys = Object.keys(b);
  return keys.length === otherKeys.length && keys.every((k, i) => otherKeys[i] === k && sameValue(a[k], b[k]));
}

/** Gives `target` (and its nested declarations, which have the same shape) the source ranges of `from`. */
function takeSources(target: WrittenInto<Declaration>, from: Declaration): void {
  target.source = from.source;
  target.block?.forEach((child, i) => takeSources(child, from.block![i]));
}
