import { printable } from "resource-routes/internal";

/** How the parts of a routes table are shown: colours on a terminal, plain text elsewhere. */
export interface TableStyle {
  name(text: string): string;
  verb(text: string, verb: string): string;
  path(text: string): string;
  dim(text: string): string;
}

export const PLAIN_STYLE: TableStyle = { name: (t) => t, verb: (t) => t, path: (t) => t, dim: (t) => t };

/** What a table row shows of a route (a Route, or a route object read back from JSON). */
export interface TableRoute {
  name: string | null;
  verb: string;
  path: string;
  target: string;
  /** B: the path's final `.:format` may be left out. */
  optionalFormat?: boolean;
}

export interface TableOptions {
  /** Print an optional format as Rails 2.3's `rake routes` did: `/posts(.:format)`. */
  optionalFormat?: boolean;
}

/** A table like `rake routes`: name (right-aligned), verb, path, controller#action; one line per route, whatever a name holds. */
export function routesTable(routes: readonly TableRoute[], style: TableStyle = PLAIN_STYLE, options: TableOptions = {}): string {
  const shown = (r: TableRoute) => (options.optionalFormat && r.optionalFormat ? r.path.replace(/\.:format$/, "(.:format)") : r.path);
  const rows = routes.map((r) => [r.name ?? "", r.verb, shown(r), r.target].map(printable));
  const widths = [0, 1, 2].map((i) => rows.reduce((widest, row) => Math.max(widest, row[i].length), 0));
  return rows
    .map(([name, verb, path, target]) =>
      [style.name(name.padStart(widths[0])), style.verb(verb.padEnd(widths[1]), verb), style.path(path.padEnd(widths[2])), style.dim(target)]
        .join(" ")
        .trimEnd(),
    )
    .join("\n");
}
