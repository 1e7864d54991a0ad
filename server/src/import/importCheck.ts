import { type DrawSettings, expandDeclarations, type RouteJSON, RouteSet } from "resource-routes/internal";

import { routeLine } from "../routing/routeLine";
import type { ImportedStatement } from "../ruby/routesRb";
import { rubyDeclarations } from "../ruby/rubyDeclarations";

/*
 * The proof of an import: the routes the imported calls make when the facility draws them as
 * values (no TypeScript in between), against the routes the analyser reads from the written file.
 */

/** The routes the imported calls draw, or the facility's refusal of them. */
export function expectedRoutes(body: readonly ImportedStatement[], settings: DrawSettings): RouteJSON[] | { error: string } {
  const { body: declarations, refused } = rubyDeclarations(body, settings.behaviour === "C");
  // A call the mapper refuses throws when the written file runs; one the DSL cannot take is written as a comment.
  const thrown = refused.find((call) => !call.unwritable);
  if (thrown) return { error: thrown.message };
  const table = expandDeclarations({ settings, body: declarations });
  if (table.error) return { error: table.error.message };
  return new RouteSet(table, settings, { warn: () => undefined }).routes.map((route) => route.toJSON());
}

/** Each place two route tables differ, as one line: a route only one has, or one whose fields differ. */
export function routeDifferences(expected: readonly RouteJSON[], actual: readonly RouteJSON[]): string[] {
  const lines: string[] = [];
  const texts = (routes: readonly RouteJSON[]) => routes.map((route) => JSON.stringify(route));
  const [want, have] = [texts(expected), texts(actual)];
  let i = 0;
  let j = 0;
  while ((i < want.length || j < have.length) && lines.length < 20) {
    if (i < want.length && j < have.length && want[i] === have[j]) {
      i++;
      j++;
      continue;
    }
    // A route only one table has (one a partial import left out) is said once, the two meeting again past
    // it; where each has the other's route elsewhere (moved), or neither has it, they differ where they stand.
    const lacks = j >= have.length || (!have.includes(want[i], j) && want.includes(have[j], i));
    const adds = i >= want.length || (!want.includes(have[j], i) && have.includes(want[i], j));
    if (lacks) lines.push(`route ${i + 1}: the file lacks ${routeLine(expected[i++])}`);
    else if (adds) lines.push(`route ${i + 1}: the file has ${routeLine(actual[j++])}, which the import does not`);
    else lines.push(`route ${i + 1}: ${routeLine(expected[i++])} is read from the file as ${routeLine(actual[j])} (${have[j++]})`);
  }
  return lines;
}
