import { type DrawSettings, expandDeclarations, type Route, type Span } from "resource-routes/internal";

import { type ImportedCall, type ImportedStatement, MAPPER_METHODS } from "./routesRb";
import { rubyDeclarations } from "./rubyDeclarations";
import { RubyHash, RubySymbol, type RubyValue } from "./rubyValues";

/*
 * Route names as Rails 2 gave them. Where a named route (`map.tag '…'`, a root) takes a name an
 * earlier route holds, Rails' named-route table gives it to the later one (its helper goes there),
 * where the facility keeps the first (its rule: a name held is never taken again); a resource's
 * routes take only free names in both. The import writes the file so that each helper goes where
 * Rails' went: the earlier holder of a name that is a named route (`map.tag '…'`) or a root is
 * written as a plain `connect`, so the later route takes the name; a name a resource's route holds
 * cannot be given up that way, and is said.
 */

/** A name Rails gave to a later route that the written file cannot give it: where, and why. */
export interface KeptName {
  line: number;
  /** The later call's text, which Rails' helper went to. */
  span?: Span;
  message: string;
}

/** How many times a file's names are settled again: each round frees names a later route then takes. */
const MAX_ROUNDS = 8;

/** A name given to a later route as Rails gave it: the earlier call's method (where it was written) and the later call's line. */
export interface MovedName {
  name: string;
  span: Span;
  laterLine: number;
}

/** The statements with each name taken over in Rails given to the later route where it can be, those moved, and the names that cannot be. */
export function withRailsNames(
  body: readonly ImportedStatement[],
  settings: DrawSettings,
): { body: ImportedStatement[]; moved: MovedName[]; kept: KeptName[] } {
  let current = [...body];
  const moved: MovedName[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // Rails' named-route table takes a name over for a named route or a root; a resource's routes take only free names, as the facility's do.
    const taken = takenNames(current, settings).filter(({ later }) => later && isNamedRoute(later));
    const movable = taken.filter(({ holder }) => holder && isNamedRoute(holder));
    if (movable.length === 0)
      return {
        body: current,
        moved,
        kept: taken.map(({ name, holder, later }) => ({
          line: later?.line ?? holder?.line ?? 0,
          span: later?.source.call,
          message: `${name}_path goes to the route of line ${holder?.line ?? "?"} here, where Rails gave the name to this later route: a resource's route keeps its name in the written file (rename one of them in routes.rb)`,
        })),
      };
    const unnamed = new Map(movable.map(({ holder, name, later, route }) => [holder!, { name, later, route }] as const));
    for (const [holder, { name, later }] of unnamed) moved.push({ name, span: holder.source.method, laterLine: later?.line ?? 0 });
    current = rewritten(current, unnamed);
  }
  return { body: current, moved, kept: [] };
}

/** A call that names its one route: `map.tag '…'` or a root, whose name Rails' table gives to the last such call. */
function isNamedRoute(call: ImportedCall): boolean {
  return !MAPPER_METHODS.has(call.method) || call.method === "root" || call.method === "named_route";
}

/** The names the facility kept on an earlier route where Rails gave them to a later one: the statements of both. */
function takenNames(
  body: readonly ImportedStatement[],
  settings: DrawSettings,
): Array<{ name: string; holder?: ImportedCall; later?: ImportedCall; route?: Route }> {
  const { body: declarations } = rubyDeclarations(body);
  const table = expandDeclarations({ settings, body: declarations });
  const calls = callsOf(body);
  return table.diagnostics
    .filter((d) => d.code === "route-name-taken")
    .map((d) => {
      const name = /"([^"]+)"/.exec(d.message)?.[1] ?? "?";
      return { name, holder: callAt(calls, d.related?.[0]?.span), later: callAt(calls, d.span), route: table.named.get(name) };
    });
}

/** The options a route was drawn with, as a hash a `connect` takes: a root that took a named route's options keeps them without its name. */
function optionsOf(route: Route): RubyHash {
  const entries: Array<[RubyValue, RubyValue]> = [];
  if (route.controller !== null) entries.push([new RubySymbol("controller"), route.controller]);
  if (route.action !== null) entries.push([new RubySymbol("action"), route.action]);
  for (const [key, value] of Object.entries(route.params)) entries.push([new RubySymbol(key), value]);
  if (route.methods)
    entries.push([
      new RubySymbol("conditions"),
      new RubyHash([[new RubySymbol("method"), route.methods.length === 1 ? route.methods[0] : [...route.methods]]]),
    ]);
  return new RubyHash(entries);
}

function callsOf(body: readonly ImportedStatement[], out: ImportedCall[] = []): ImportedCall[] {
  for (const statement of body) {
    if (statement.kind !== "call") continue;
    out.push(statement);
    if (statement.block) callsOf(statement.block.body, out);
  }
  return out;
}

/** The innermost call whose text holds `span`. */
function callAt(calls: readonly ImportedCall[], span: Span | undefined): ImportedCall | undefined {
  if (!span) return undefined;
  let found: ImportedCall | undefined;
  for (const call of calls) {
    const { start, end } = call.source.call;
    if (start <= span.start && span.end <= end && (!found || end - start < found.source.call.end - found.source.call.start)) found = call;
  }
  return found;
}

/** The body with each given call written as a plain `connect`, a note before it saying why. */
function rewritten(
  body: readonly ImportedStatement[],
  unnamed: ReadonlyMap<ImportedCall, { name: string; later?: ImportedCall; route?: Route }>,
): ImportedStatement[] {
  return body.flatMap((statement): ImportedStatement[] => {
    if (statement.kind !== "call") return [statement];
    const block = statement.block && { ...statement.block, body: rewritten(statement.block.body, unnamed) };
    const change = unnamed.get(statement);
    if (!change) return [{ ...statement, ...(block ? { block } : {}) }];
    // A named route's arguments are its path and options; a root's, its options alone (its path is empty), or
    // the name of the route whose options it took (`map.root :page`), written out from the route it drew.
    const byName = statement.method === "root" && statement.args.length > 0 && !(statement.args[0] instanceof RubyHash);
    const args =
      statement.method === "named_route"
        ? statement.args.slice(1)
        : statement.method !== "root"
          ? statement.args
          : ["", ...(byName && change.route ? [optionsOf(change.route)] : statement.args)];
    return [
      {
        kind: "note",
        text: `named ${change.name} in routes.rb: Rails gave that name to the later route of line ${change.later?.line ?? "?"}, so this one has none`,
      },
      { ...statement, method: "connect", args, ...(block ? { block } : {}) },
    ];
  });
}
