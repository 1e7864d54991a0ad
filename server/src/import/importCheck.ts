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
  for (let i = 0; i < Math.max(expected.length, actual.length) && lines.length < 20; i++) {
    const [a, b] = [expected[i], actual[i]];
    if (!a) lines.push(`route ${i + 1}: the file has ${routeLine(b)}, which the import does not`);
    else if (!b) lines.push(`route ${i + 1}: the file lacks ${routeLine(a)}`);
    else if (JSON.stringify(a) !== JSON.stringify(b))
      lines.push(`route ${i + 1}: ${routeLine(a)} is read from the file as ${routeLine(b)} (${JSON.stringify(b)})`);
  }
  return lines;
}
