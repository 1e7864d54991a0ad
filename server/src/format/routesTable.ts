import { Route } from "../routing/route";
import { printable } from "../text/escape";

/** How the parts of a routes table are shown: colours on a terminal, plain text elsewhere. */
export interface Style {
  name(text: string): string;
  verb(text: string, verb: string): string;
  path(text: string): string;
  dim(text: string): string;
}

export const PLAIN_STYLE: Style = { name: (t) => t, verb: (t) => t, path: (t) => t, dim: (t) => t };

/** A table like `rake routes`: name (right-aligned), verb, path, controller#action; one line per route, whatever a name holds. */
export function routesTable(routes: readonly Route[], style: Style = PLAIN_STYLE): string {
  const rows = routes.map((r) => [r.name ?? "", r.verb, r.path, r.target].map(printable));
  const widths = [0, 1, 2].map((i) => rows.reduce((widest, row) => Math.max(widest, row[i].length), 0));
  return rows
    .map(([name, verb, path, target]) =>
      [
        style.name(name.padStart(widths[0])),
        style.verb(verb.padEnd(widths[1]), verb),
        style.path(path.padEnd(widths[2])),
        style.dim(target),
      ].join(" ").trimEnd(),
    )
    .join("\n");
}
