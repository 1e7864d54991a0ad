import { BEHAVIOURS, Recognizer, type RouteSet } from "resource-routes/internal";

import { editOf, type GroupedTable, versionOf } from "../incremental/groupedTable";
import { matchAmongCandidates } from "./literalRecognition";
import { type LiteralMatch, literalRecognised, matchLiteral } from "./literalRoutes";
import type { UrlLiteral } from "./urlLiterals";

/**
 * The URL literals of one document matched against one routing file, kept across the versions of
 * its routes. Matching asks a recogniser of the routes that could take each literal (see
 * literalRecognition.ts), made anew for each version: a version the editor patched from the last one (a keystroke in the
 * routing file) matches again only the literals whose route it removed or that a route it added
 * recognises, asking a recogniser of the added routes alone; the others keep their match, whose
 * route is the same object in the new version. A literal matched again this way is answered by
 * the added routes where they recognise it (no route before them did, or it would have kept its
 * match), and only otherwise by the routes that could take it. Any other new version matches
 * everything again.
 */
export class KeptLiteralMatches {
  /** How many times a literal was matched anew: the work kept matches spare. */
  matched = 0;
  private version: object | undefined;
  private readonly kept = new Map<string, { literal: UrlLiteral; match: LiteralMatch | undefined }>();
  /** The literals the last patch made match again, and the routes it added (from `start` on): where their answer is first looked for. */
  private again: { keys: Set<string>; start: number; added: Recognizer } | undefined;

  /** The literal's match in `routes`, the routing file's routes now. */
  matchOf(literal: UrlLiteral, set: { uri: string; routes: RouteSet }): LiteralMatch | undefined {
    this.advance(set.routes);
    const key = `${literal.method}${literal.methodKnown ? "" : "?"} ${JSON.stringify(literal.pieces)}`;
    let entry = this.kept.get(key);
    if (!entry) {
      this.matched++;
      const again = this.again?.keys.delete(key) ? this.again : undefined;
      const match = again
        ? (method: string, path: string) => {
            try {
              const found = again.added.match(method, path);
              return { ...found, index: again.start + found.index };
            } catch {
              return matchAmongCandidates(set.routes, method, path);
            }
          }
        : undefined;
      this.kept.set(key, (entry = { literal, match: matchLiteral(literal, [{ ...set, match }]) }));
    }
    return entry.match;
  }

  /** Brings the kept matches to `routes`: kept where the change from the version they were made in cannot touch them. Given every version in turn, the chain of edits holds. */
  advance(routes: RouteSet): void {
    const version = versionOf(routes.table);
    if (version === this.version) return;
    const edit = editOf(routes.table);
    const previous = this.version;
    this.version = version;
    this.again = undefined;
    // A route with a :controller or :action segment recognises by the whole set's controllers: everything is matched again.
    const added = edit?.added.flatMap((group) => group.routes) ?? [];
    const table = routes.table as GroupedTable;
    if (!edit || edit.from !== previous || added.some((route) => route.dynamicTarget)) {
      this.kept.clear();
      return;
    }
    // The edit replaced a run of routes: those before it keep their places, those after it move by the difference.
    let start = 0;
    for (let i = 0; i < edit.at; i++) start += table.groups.list[i].routes.length;
    const removed = edit.removed.reduce((n, group) => n + group.routes.length, 0);
    const recogniser = added.length ? new Recognizer(added, BEHAVIOURS[routes.behaviour]) : undefined;
    const again = new Set<string>();
    for (const [key, entry] of this.kept) {
      const { literal, match } = entry;
      // A match before the run stands: the routes the edit added all come after it.
      if (match && match.index < start) continue;
      if ((match && match.index < start + removed) || (recogniser && literalRecognised(literal, recogniser))) {
        this.kept.delete(key);
        again.add(key);
      } else if (match) entry.match = { ...match, index: match.index + added.length - removed };
    }
    if (recogniser && again.size) this.again = { keys: again, start, added: recogniser };
  }
}
