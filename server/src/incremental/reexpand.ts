import {
  behaviourOf,
  type Declaration,
  type DeclarationTree,
  type Diagnostic,
  Expander,
  ExpansionUnit,
  ExpansionUnits,
  expansionUnits,
  type Inflector,
  isOptionMap,
  OptionMap,
  OptionValue,
  Refusal,
  RouteDefinitionError,
  ScopedUnits,
  stopped,
  validateDeclaration,
} from "resource-routes/internal";

import { DiagnosticMemo } from "./diagnosticMemo";
import { DeclarationRoutes, GroupedTable, unchangedEnds } from "./groupedTable";
import type { TakenOver, WrittenInto } from "./ownership";

/*
 * Re-expansion after an edit: the editor's incremental layer over the facility's rules (the
 * runtime's expand.ts). A file's table is kept as groups, one per unit of expansion: a top-level
 * declaration, or one declared in a namespace or with_options block, which gives its declarations
 * options and nothing else (so an API's thousands of resources under one namespace are as many
 * groups as they would be without it). After an edit, the units the edit did not touch keep their
 * groups' routes, and only the others are expanded again.
 */

/**
 * The facility's expansion for the editor: `expandDeclarations` of the runtime, as groups, and
 * with the previous version's table (taken over) declarations equal to earlier ones keep their
 * routes, the earlier declaration objects taking their places in `tree.body`.
 */
export function expandIncrementally(
  tree: WrittenInto<DeclarationTree>,
  inflector: Inflector | undefined,
  previous: TakenOver<GroupedTable> | undefined,
  maxRoutes = Infinity,
): GroupedTable {
  const settingsKey = JSON.stringify(tree.settings);
  const before = previous?.groups.settings === settingsKey ? previous : undefined;
  if (behaviourOf(tree.settings) === "C") return (before && scopedPatch(tree, inflector, before)) || scopedWhole(tree, inflector, maxRoutes, settingsKey);
  const units = expansionUnits(tree.body);
  const expander = (table: GroupedTable) => new RecordingExpander(tree.settings, inflector, table);
  // A root that takes a named route's options depends on another unit's routes, which no group records: such a file is expanded whole.
  const whole = units.declarations.some(readsNamedRoute);
  const patched = before && !whole && patch(before, units, expander);
  if (patched) return patched;
  const table = new GroupedTable(maxRoutes);
  const checks = units.declarations.map(validateDeclaration);
  for (const list of checks) for (const diagnostic of list) table.diagnostics.push(diagnostic);
  table.groups = { settings: settingsKey, list: [] };
  try {
    expandUnits(expander(table), table, units, { from: 0, to: units.length }, (!whole && before?.groups.list) || [], checks);
  } catch (error) {
    stopped(table, error);
  }
  return table;
}

/**
 * Behaviour C's expansion, whole, in groups: one per top-level declaration (a block's
 * declarations depend on the scope it pushed, so only the top level is cut), each with the names
 * its lookups found taken. A refused declaration stops it, the table keeping the error.
 */
function scopedWhole(tree: DeclarationTree, inflector: Inflector | undefined, maxRoutes: number, settingsKey: string): GroupedTable {
  const table = new GroupedTable(maxRoutes);
  table.groups = { settings: settingsKey, list: [] };
  const units = new ScopedUnits(tree.settings, table, inflector);
  try {
    for (const declaration of tree.body) table.groups.list.push(scopedGroup(units, table, declaration));
  } catch (error) {
    stopped(table, error);
  }
  return table;
}

/** One top-level declaration of behaviour C expanded into `table` as a group, with the warnings its expansion gave. */
function scopedGroup(units: ScopedUnits, table: GroupedTable, declaration: Declaration): DeclarationRoutes {
  const start = table.routes.length;
  const warned = table.diagnostics.length;
  const taken = new Set<string>();
  units.expand(declaration, (name) => taken.add(name));
  const routes = table.routes.slice(start);
  const claimed = routes.flatMap((route) => (route.name === null ? [] : [route.name]));
  // A name its own routes took first is its own, not one an earlier declaration holds.
  for (const name of claimed) taken.delete(name);
  return { declaration, routes, claimed, takenBefore: [...taken], refused: [], checks: table.diagnostics.slice(warned) };
}

/**
 * Behaviour C's table patched where the top-level declarations changed, as the B patch below: the
 * run between the unchanged ones is expanded, the concerns the declarations before it declare
 * remembered. Undefined where a patch cannot give what a whole expansion would: the earlier
 * expansion stopped, a concern declared in the run (what the declarations after it draw may
 * change), a declaration refused, a name the run finds held by a declaration after it, a name a
 * declaration after it found taken now free.
 */
function scopedPatch(tree: WrittenInto<DeclarationTree>, inflector: Inflector | undefined, previous: TakenOver<GroupedTable>): GroupedTable | undefined {
  const old = previous.groups.list;
  const body = tree.body;
  // A table the runtime stopped holds routes no group does.
  if (previous.error || routeCount(old) !== previous.size) return undefined;
  // A declaration equal as data to a group's stands for it, the group's taking its source ranges; one whose expansion warned
  // is expanded again (its warnings are of the ranges it was read with).
  const inTree = treeHolds(body);
  const { head, tail } = unchangedEnds(old, body, (group, now) => standsFor(group, now, inTree) && (group.declaration === now || group.checks.length === 0));
  const removed = old.slice(head, old.length - tail);
  const run = body.slice(head, body.length - tail);
  if (removed.some((group) => declaresConcern(group.declaration)) || run.some(declaresConcern)) return undefined;
  // Path names merged in a block change what the routes after it draw, in the groups after it too.
  if (old.some((group) => mergesPathNames(group.declaration)) || body.some(mergesPathNames)) return undefined;
  const keptFrom = old.length - tail;
  const table = GroupedTable.continuing(previous);
  if (!table) return undefined;
  const keep = (group: DeclarationRoutes, index: number) => {
    if (group.declaration === body[index]) return;
    takeSources(group.declaration, body[index]);
    (body as Declaration[])[index] = group.declaration;
  };
  for (let i = 0; i < head; i++) keep(old[i], i);
  for (let i = 0; i < tail; i++) keep(old[keptFrom + i], body.length - tail + i);
  // A concern's declarations draw routes in each group that uses it: their lists cannot be patched in order.
  if (removed.some(drawsElsewhere)) table.regroupDeclarations();
  for (const group of removed) table.forget(group);
  table.groups = { settings: previous.groups.settings, list: old.slice(0, head) };
  const units = new ScopedUnits(tree.settings, table, inflector);
  for (const group of table.groups.list) {
    units.remember(group.declaration);
    for (const diagnostic of group.checks) table.diagnostics.push(diagnostic);
  }
  try {
    for (const declaration of run) table.groups.list.push(scopedGroup(units, table, declaration));
  } catch (error) {
    if (error instanceof RouteDefinitionError) return undefined;
    throw error;
  }
  const list = table.groups.list;
  if (list.slice(head).some(drawsElsewhere)) table.regroupDeclarations();
  if (!lookupsHold(table, head, old, keptFrom)) return undefined;
  const runEnd = list.length;
  for (let i = keptFrom; i < old.length; i++) {
    list.push(old[i]);
    for (const diagnostic of old[i].checks) table.diagnostics.push(diagnostic);
  }
  table.takeGroupRoutes(previous.size, routeCount(removed));
  table.edit = {
    from: previous.version,
    at: head,
    removed,
    added: list.slice(head, runEnd),
    declarations: run.length ? { at: head, length: run.length } : undefined,
  };
  return table.overLimit ? undefined : table;
}

/** Whether a group holds routes of a declaration outside its own (a concern's, declared elsewhere). */
function drawsElsewhere(group: DeclarationRoutes): boolean {
  const own = new Set<Declaration>();
  const add = (declaration: Declaration): void => {
    own.add(declaration);
    declaration.block?.forEach(add);
  };
  add(group.declaration);
  return group.routes.some((route) => route.origin !== undefined && !own.has(route.origin.declaration));
}

/** Whether a declaration, or one in its blocks, declares a concern. */
function declaresConcern(declaration: Declaration): boolean {
  return declaration.kind === "concern" || (declaration.block ?? []).some(declaresConcern);
}

/** Whether a declaration, or one in its blocks, is a `resources_path_names`. */
function mergesPathNames(declaration: Declaration): boolean {
  return declaration.kind === "resources_path_names" || (declaration.block ?? []).some(mergesPathNames);
}

/** Whether a declaration, or one in its block, is a root that takes a named route's options (`root("episodes")`). */
function readsNamedRoute(declaration: Declaration): boolean {
  return (declaration.kind === "root" && declaration.names.length > 0) || (declaration.block ?? []).some(readsNamedRoute);
}

/** The report of each refusal, for the next expansions of the file (a kept group reports its refusals again). */
const reports = new DiagnosticMemo<Refusal>();

/**
 * The facility's expander, recording per unit the names it claimed, found taken and was refused
 * (what a group needs to be re-used), and reporting refusals through the memo above.
 */
class RecordingExpander extends Expander {
  private recording: { claimed: Set<string>; takenBefore: string[]; refused: Refusal[] } | undefined;

  constructor(
    settings: DeclarationTree["settings"],
    inflector: Inflector | undefined,
    private readonly grouped: GroupedTable,
  ) {
    super(settings, inflector, grouped);
  }

  /** One unit expanded into the table, recorded as a group: its routes and the name lookups they depended on. */
  expandGroup(unit: ExpansionUnit, checks: Diagnostic[]): DeclarationRoutes {
    const start = this.grouped.routes.length;
    const recording = (this.recording = { claimed: new Set<string>(), takenBefore: [], refused: [] });
    this.expandUnit(unit);
    this.recording = undefined;
    return {
      declaration: unit.declaration,
      scope: unit.scope,
      routes: this.grouped.routes.slice(start),
      claimed: [...recording.claimed],
      takenBefore: recording.takenBefore,
      refused: recording.refused,
      checks,
    };
  }

  /** Whether `name` is free, noted in the group being recorded: a re-used group needs the same answers. */
  protected override isFree(name: string): boolean {
    const free = super.isFree(name);
    const recording = this.recording;
    if (recording && free) recording.claimed.add(name);
    else if (recording && !recording.claimed.has(name)) recording.takenBefore.push(name);
    return free;
  }

  protected override refused(refusal: Refusal): void {
    this.recording?.refused.push(refusal);
    this.report(refusal);
  }

  /**
   * The reports of a group an expansion keeps, made again as its own expansion would make them
   * now: from the name's holder now, and the declaration's source ranges now.
   */
  reportAgain(group: DeclarationRoutes): void {
    for (const refusal of group.refused) this.report(refusal);
  }

  private report(refusal: Refusal): void {
    const holder = this.grouped.named.get(refusal.name)!;
    // Its ranges all come from the two declarations' sources.
    const inputs = [holder, refusal.origin.declaration.source, holder.origin?.declaration.source];
    this.grouped.diagnostics.push(reports.get(refusal, inputs, () => this.refusalReport(refusal)));
  }
}

/** How many previous groups ahead a declaration is looked for. */
const REUSE_WINDOW = 8;

/**
 * The units `run.from` to `run.to`, each recorded as a group in `table`. A unit equal (as data,
 * with the same scope) to a group of the previous expansion, found near the same place in the
 * file, whose names are still free and whose taken names are still taken, re-uses that group's
 * routes instead of expanding again: the previous declaration object takes the new one's source
 * ranges and its place in the tree, so the re-used routes point at the current text.
 */
function expandUnits(
  expander: RecordingExpander,
  table: GroupedTable,
  units: ExpansionUnits,
  run: { from: number; to: number },
  previous: readonly DeclarationRoutes[],
  checks: Diagnostic[][],
): void {
  let next = 0; // previous groups before this one were matched or passed over
  // Declarations the reader re-used as they were: their previous group is theirs alone.
  const inTree = treeHolds(units.declarations);
  const sameScope = scopeComparer();
  for (let index = run.from; index < run.to; index++) {
    const found = reusable(table, units, index, previous, next, inTree, sameScope);
    const unitChecks = checks[index - run.from];
    if (found === undefined) {
      table.groups.list.push(expander.expandGroup(units.unit(index), unitChecks));
      continue;
    }
    const reused = previous[found];
    next = found + 1;
    adopt(reused, units, index);
    reused.checks = unitChecks;
    for (const route of reused.routes) table.add(route);
    table.groups.list.push(reused);
    expander.reportAgain(reused);
  }
}

/**
 * Whether the new tree holds a declaration object itself (its statement's reading re-used): asked
 * only of a group equal as data to a unit it is not, and made once asked, as a set of every unit's
 * declaration is what a keystroke in a large file would otherwise make each time.
 */
function treeHolds(declarations: readonly Declaration[]): (declaration: Declaration) => boolean {
  let held: Set<Declaration> | undefined;
  return (declaration) => (held ??= new Set(declarations)).has(declaration);
}

/** Whether a group's declaration stands for `declaration`: it is that declaration, or one equal as data that the tree does not hold elsewhere. */
function standsFor(group: DeclarationRoutes, declaration: Declaration, inTree: (declaration: Declaration) => boolean): boolean {
  return group.declaration === declaration || (sameDeclaration(group.declaration, declaration) && !inTree(group.declaration));
}

/**
 * Whether the name lookups of a patched table's groups still hold: the run (the groups from
 * `head`) found no name taken that a kept group after it holds (by then, the kept ones would
 * change), and each kept group after it (`old` from `keptFrom`) finds taken what it found taken
 * (a name the run no longer holds would now be its own).
 */
function lookupsHold(table: GroupedTable, head: number, old: readonly DeclarationRoutes[], keptFrom: number): boolean {
  const takenInRun = table.groups.list.slice(head).flatMap((group) => group.takenBefore);
  if (takenInRun.length > 0) {
    const heldAfter = new Set(old.slice(keptFrom).flatMap((group) => group.claimed));
    if (takenInRun.some((name) => heldAfter.has(name))) return false;
  }
  for (let i = keptFrom; i < old.length; i++) if (!old[i].takenBefore.every((name) => table.named.has(name))) return false;
  return true;
}

/** How many routes groups hold. */
function routeCount(groups: readonly DeclarationRoutes[]): number {
  return groups.reduce((n, group) => n + group.routes.length, 0);
}

/** Whether a group stands for unit `index`: its very declaration, or one equal as data that the tree does not hold elsewhere, in an equal scope. */
function sameUnit(
  group: DeclarationRoutes,
  units: ExpansionUnits,
  index: number,
  inTree: (declaration: Declaration) => boolean,
  sameScope: ScopeComparer,
): boolean {
  return standsFor(group, units.declarations[index], inTree) && sameScope(group.scope, units.scopeAt(index));
}

/** The group's declaration stands for unit `index`'s in the tree, with the unit's source ranges: the group's routes point at it. */
function adopt(group: DeclarationRoutes, units: ExpansionUnits, index: number): void {
  const declaration = units.declarations[index];
  if (group.declaration === declaration) return;
  takeSources(group.declaration, declaration);
  units.replace(index, group.declaration);
}

/** The index of a previous group that can stand for unit `index`: among the next few, as an edit inserts or removes only a few. */
function reusable(
  table: GroupedTable,
  units: ExpansionUnits,
  index: number,
  previous: readonly DeclarationRoutes[],
  from: number,
  inTree: (declaration: Declaration) => boolean,
  sameScope: ScopeComparer,
): number | undefined {
  for (let i = from; i < Math.min(previous.length, from + REUSE_WINDOW); i++) {
    const group = previous[i];
    if (!sameUnit(group, units, index, inTree, sameScope)) continue;
    if (group.claimed.every((n) => table.isFree(n)) && group.takenBefore.every((n) => !table.isFree(n))) return i;
  }
  return undefined;
}

/**
 * The previous table patched where the units changed: the run of units between those it begins
 * and ends with unchanged (the same declarations, or equal as data, in the same scope) is
 * expanded, and its routes and names put in place of the run's before. Its work is that of the
 * run, not of the file; the name lookup is taken over, not copied. Undefined when a patch cannot
 * give what a whole expansion would (a declaration refused, a name the run needs held by a unit
 * after it, a name a unit after it found taken now free, too many routes); the caller then
 * expands everything.
 */
function patch(previous: TakenOver<GroupedTable>, units: ExpansionUnits, expander: (table: GroupedTable) => RecordingExpander): GroupedTable | undefined {
  const old = previous.groups.list;
  if (previous.error) return undefined;
  const sameScope = scopeComparer();
  // A group's declaration that the new tree holds itself (its statement's reading re-used) stands for that place alone: adopted
  // at another, equal as data (a line written twice), the tree would hold one declaration twice, and its routes one origin.
  const inTree = treeHolds(units.declarations);
  // Unchanged: the group's very declaration or one equal as data, in an equal scope.
  const { head, tail } = unchangedEnds(old, units.declarations, (group, _, at) => sameUnit(group, units, at, inTree, sameScope));
  const removed = old.slice(head, old.length - tail);
  // The groups after the run, old[keptFrom…]: thousands on a large file, walked in place.
  const keptFrom = old.length - tail;
  const run = { from: head, to: units.length - tail };
  // The kept units stand in the tree by their groups' declarations (an edit's reading may have made equal ones anew, checked again at their new ranges).
  const keep = (group: DeclarationRoutes, index: number) => {
    if (group.declaration !== units.declarations[index]) group.checks = validateDeclaration(units.declarations[index]);
    adopt(group, units, index);
  };
  for (let i = 0; i < head; i++) keep(old[i], i);
  for (let i = 0; i < tail; i++) keep(old[keptFrom + i], units.length - tail + i);

  const table = GroupedTable.continuing(previous);
  if (!table) return undefined;
  for (const group of removed) table.forget(group);
  const checks = units.declarations.slice(run.from, run.to).map(validateDeclaration);
  table.groups = { settings: previous.groups.settings, list: old.slice(0, head) };
  const diagnostics = table.diagnostics;
  for (const group of table.groups.list) for (const diagnostic of group.checks) diagnostics.push(diagnostic);
  for (const list of checks) for (const diagnostic of list) diagnostics.push(diagnostic);
  for (let i = keptFrom; i < old.length; i++) for (const diagnostic of old[i].checks) diagnostics.push(diagnostic);
  // Reports in the order a whole expansion makes them: the units' before the run, the run's, those after.
  const reporter = expander(table);
  for (const group of table.groups.list) reporter.reportAgain(group);
  try {
    expandUnits(reporter, table, units, run, removed, checks);
  } catch (error) {
    if (error instanceof RouteDefinitionError) return undefined;
    throw error;
  }
  if (!lookupsHold(table, head, old, keptFrom)) return undefined;
  const list = table.groups.list;
  const runEnd = list.length;
  list.length = runEnd + tail; // made long enough once, where a push each grew it again and again
  for (let i = 0; i < tail; i++) {
    list[runEnd + i] = old[keptFrom + i];
    reporter.reportAgain(old[keptFrom + i]);
  }
  table.takeGroupRoutes(previous.size, routeCount(removed));
  // Where the run lies in the tree's body, when it is a run of top-level declarations.
  let topLevel = run.to > run.from;
  for (let i = run.from; i < run.to && topLevel; i++) topLevel = units.scopeAt(i) === undefined;
  table.edit = {
    from: previous.version,
    at: head,
    removed,
    added: list.slice(head, runEnd),
    declarations: topLevel ? { at: units.topAt(run.from), length: run.to - run.from } : undefined,
  };
  return table.overLimit ? undefined : table;
}

type ScopeComparer = (a: OptionMap | undefined, b: OptionMap | undefined) => boolean;

/** Whether two units' scopes are equal: the units of one block share theirs, so the last pair's answer serves the next unit too. */
function scopeComparer(): ScopeComparer {
  let last: { a: OptionMap; b: OptionMap; same: boolean } | undefined;
  return (a, b) => {
    if (a === b) return true;
    if (a === undefined || b === undefined) return false;
    if (last?.a !== a || last.b !== b) last = { a, b, same: sameValue(a, b) };
    return last.same;
  };
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
