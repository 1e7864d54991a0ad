import { Declaration, parseHelperName, positionalKeys, printable, Route, Span } from "resource-routes/internal";

import { runAround } from "../text/sourceText";
import { helperWords } from "./references";
import { RoutingWorkspace } from "./workspace";

/** The longest call given a hint, from its `(` to its `)`: a longer one is not a helper call worth one. */
const MAX_CALL = 2_000;

/** A hint shown after a helper call: the path it builds. */
export interface InlayHint {
  /** Where it is shown: right after the call's closing parenthesis. */
  offset: number;
  label: string;
  /** The route's declaration, for a tooltip. */
  tooltip: string;
}

/**
 * Inlay hints (setting `resourceRoutes.inlayHints.enabled`): after each helper call in `span`,
 * the path it builds with the arguments that are literals filled in (`post_comment_path(post, 2)`
 * ▸ `/posts/:post_id/comments/2`). Read from the text, never evaluated: an argument that is not a
 * number or string literal stays `:key`; a call with a trailing object of named values is
 * left without a hint (what it sets is not known without running it).
 */
export function inlayHints(workspace: RoutingWorkspace, uri: string, span: Span): InlayHint[] {
  const document = workspace.document(uri);
  if (!document || workspace.routingFiles().length === 0) return [];
  const text = document.text;
  const hints: InlayHint[] = [];
  for (const use of helperWords(text, span)) {
    if (use.span.end < span.start) continue;
    const parsed = parseHelperName(use.word);
    if (!parsed || parsed.hash) continue;
    const holder = workspace.namedRoute(parsed.name);
    // The call's `(` may follow the name after spaces, as many as there are.
    const open = runAround(text, use.span.end, use.span.end, isBlank).end;
    const call = holder && text.charCodeAt(open) === OPEN ? callAt(text.slice(open, open + MAX_CALL), open) : undefined;
    if (!holder || !call || call.named) continue;
    hints.push({
      offset: call.end,
      label: `▸ ${printable(builtPath(holder.route, call.args))}`,
      tooltip: `${holder.route.verb} ${holder.route.path} → ${holder.route.target}`,
    });
  }
  return hints;
}

/** The path a call builds: literal arguments filled in, the others as their keys; a format not given left out when it is optional. */
function builtPath(route: Route, args: Array<string | undefined>): string {
  const keys = positionalKeys(route);
  const values = new Map(keys.map((key, i) => [key, i < args.length ? args[i] : null] as const));
  let path = route.path;
  if (route.optionalFormat && values.get("format") === null) path = path.replace(/\.:format$/, "");
  return path.replace(/[:*]([A-Za-z_][A-Za-z0-9_]*)/g, (whole, key: string) => {
    const value = values.get(key);
    return value ? encodeURIComponent(value) : whole;
  });
}

const OPEN = "(".charCodeAt(0);
const isBlank = (code: number) => code === 0x20 || code === 0x09;

/**
 * The call in `text`, the document's text from the call's `(` (at `at`) on: each top-level
 * argument as a literal's value or undefined, whether it passes an object, and where the call
 * ends. Brackets and strings are skipped as written; an unbalanced call, or one that does not end
 * within `text`, gives undefined.
 */
function callAt(text: string, at: number): { args: Array<string | undefined>; named: boolean; end: number } | undefined {
  const args: Array<string | undefined> = [];
  let depth = 0;
  let start = 1;
  let named = false;
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === "`") {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return undefined;
      i = close;
    } else if (c === "(" || c === "[" || c === "{") {
      if (c === "{" && depth === 0) named = true;
      depth++;
    } else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) {
        const last = text.slice(start, i).trim();
        if (last || args.length) args.push(literal(last));
        return { args, named, end: at + i + 1 };
      }
      depth--;
    } else if (c === "," && depth === 0) {
      args.push(literal(text.slice(start, i).trim()));
      start = i + 1;
    }
  }
  return undefined;
}

/** A number or plain string literal's value, else undefined. */
function literal(source: string): string | undefined {
  if (/^-?\d+(?:\.\d+)?$/.test(source)) return source;
  const quoted = /^(["'])([^"'\\]*)\1$/.exec(source);
  return quoted ? quoted[2] : undefined;
}

/**
 * Inlay hints in a routing file (setting `resourceRoutes.inlayHints.declarationPaths`, on by
 * default): at the end of each declaration's first line in `span`, the base path its routes share
 * (`/posts/:post_id/comments`), so the file says where each declaration lands without a hover.
 */
export function declarationPathHints(workspace: RoutingWorkspace, uri: string, span: Span): InlayHint[] {
  const file = workspace.routingFile(uri);
  const text = workspace.document(uri)?.text;
  if (!file?.analysis.tree || text === undefined) return [];
  const own = new Map<Declaration, Route[]>();
  for (const route of file.routes.routes) {
    const declaration = route.origin?.declaration;
    if (!declaration?.source || declaration.source.call.end < span.start || declaration.source.call.start > span.end) continue;
    const list = own.get(declaration);
    if (list) list.push(route);
    else own.set(declaration, [route]);
  }
  const hints: InlayHint[] = [];
  for (const [declaration, routes] of own) {
    const base = declarationBase(routes);
    if (!base) continue;
    const call = declaration.source!.call;
    let offset = call.start;
    while (offset < text.length && text.charCodeAt(offset) !== NEWLINE) offset++;
    if (offset > call.start && text.charCodeAt(offset - 1) === CARRIAGE_RETURN) offset--;
    if (offset < span.start || offset > span.end) continue;
    hints.push({ offset, label: printable(base), tooltip: `${routes.length} route${routes.length === 1 ? "" : "s"} under ${base}` });
  }
  return hints.sort((a, b) => a.offset - b.offset);
}

const CARRIAGE_RETURN = 13;
const NEWLINE = 10;

/**
 * The base path of a declaration's own routes: the segments they all begin with (`.:format`
 * aside), `/posts` for a resource. A shallow resource's member routes leave the nesting, so its
 * collection's routes (no `:id`) say where it is declared. Undefined when they share only `/`.
 */
export function declarationBase(routes: readonly Route[]): string | undefined {
  const collection = routes.filter((route) => !/\/:id\b/.test(route.path));
  const split = (collection.length ? collection : routes).map((route) =>
    route.path
      .replace(/\.:format$/, "")
      .split("/")
      .filter(Boolean),
  );
  const first = split[0] ?? [];
  let length = first.length;
  for (const segments of split) {
    let i = 0;
    while (i < length && i < segments.length && segments[i] === first[i]) i++;
    length = i;
  }
  return length ? `/${first.slice(0, length).join("/")}` : undefined;
}
