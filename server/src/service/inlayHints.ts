import { Span } from "../routing/declarations";
import { positionalKeys } from "../routing/generate";
import { parseHelperName } from "../routing/helpers";
import { Route } from "../routing/route";
import { printable } from "../text/escape";
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
    hints.push({ offset: call.end, label: `▸ ${printable(builtPath(holder.route, call.args))}`, tooltip: `${holder.route.verb} ${holder.route.path} → ${holder.route.target}` });
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
