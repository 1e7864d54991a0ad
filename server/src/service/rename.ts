import ts = require("typescript");
import { baseName, Declaration, parseHelperName, type Route, Span } from "resource-routes/internal";

import { LoadedRoutingFile } from "../analysis/routingFile";
import { GENERATED_MARK } from "../files/generatedFile";
import { decodedOr, parseUri } from "../files/uris";
import { editOf } from "../incremental/groupedTable";
import { expectedTargetEdits } from "../literals/expectedTargets";
import { parsedForLiterals } from "../literals/literalRewrites";
import { movedLiteral } from "../literals/literalRoutes";
import { capturedLine, capturedRedirects, keptUrlsModule, type Redirect, redirectEntries, redirectsOfMoves } from "../routing/redirects";
import { redirectsList } from "../routing/redirectsModule";
import { stringContent } from "../text/sourceText";
import { controllerFolder } from "./controllers";
import { declarationAt, innermostDeclaration } from "./declarationAt";
import { TextEdit, WorkspaceChange } from "./edits";
import { wordAt } from "./helperNames";
import { literalMatches, type LiteralUse } from "./literalUses";
import { helperWords } from "./references";
import { RoutingWorkspace } from "./workspace";

/** What a rename starts from: the name written in a routing file whose routes' names follow it. */
interface RenameTarget {
  /** The routing file holding the name. */
  uri: string;
  /** The name's text in the routing file, without its quotes. */
  name: Span;
  /** What the editor selects and replaces at the cursor (the name, or a helper use). */
  at: Span;
}

export type RenameResult = WorkspaceChange | { error: string };

/**
 * Where a rename at `offset` starts: on a declaration's name (`resources("posts")`), on an `as:`,
 * `has_many` or `has_one` value, or on a helper use (`post_comments_path`, renaming the name its
 * route comes from). The placeholder is the name as written.
 */
export function prepareRename(workspace: RoutingWorkspace, uri: string, offset: number): { span: Span; placeholder: string } | { error: string } {
  const target = renameTarget(workspace, uri, offset);
  if (!target) return { error: "Only a resource name, an as:, has_many or has_one value, or a helper use can be renamed here." };
  const text = workspace.document(target.uri)!.text;
  return { span: target.at, placeholder: text.slice(target.name.start, target.name.end) };
}

/**
 * Renames the name at `offset` to `newName` and every use of every helper whose route name
 * changes with it, across the workspace, open or not: `posts` → `articles` takes `posts_path`,
 * `post_path`, `new_post_path`, nested `post_comments_path`, `hash_for_` and `formatted_` variants
 * along. The new names come from analysing the routing file as it would be (the project's own
 * inflector singularises), so nothing is guessed. Refused when a new name is held by another route.
 * With `keepUrls`, the URLs whose pattern the rename changes keep working: each is added to the
 * redirects module beside the routing file (see keptUrlsEdits), which the HTTP adapters serve.
 */
export function rename(workspace: RoutingWorkspace, uri: string, offset: number, newName: string, keepUrls = false): RenameResult {
  const target = renameTarget(workspace, uri, offset);
  if (!target) return { error: "Nothing to rename here: a resource name, an as:, has_many or has_one value, or a helper use." };
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(newName)) return { error: `"${newName}" is not a name a route can have (letters, digits and underscores)` };
  const text = workspace.document(target.uri)!.text.toString();
  // The URLs written by hand that the routes' helpers generate, read before the edit: moved with their routes.
  const literals = literalMatches(workspace, target.uri);
  const renamedWith = (ownEdits: readonly TextEdit[]) => {
    const edited = applied(text, ownEdits);
    const [first, last] = [ownEdits[0].span, ownEdits[ownEdits.length - 1].span];
    const change = { start: first.start, oldEnd: last.end, newEnd: last.end + edited.length - text.length };
    return workspace.withRoutingEdit(target.uri, edited, change, (before, after) => {
      const routes = after && renamedRoutes(before, after);
      if (!routes || "error" in routes) return routes;
      // Asked to keep the old URLs working: where each pattern that no longer routes goes now.
      const redirects = keepUrls ? redirectsOfMoves(routes.moved) : [];
      // Redirects answer only where no route is: one a route that stays takes first never answers, and the user is told.
      const captured = capturedRedirects(redirects, after.routes).map(capturedLine);
      return { ...routes, literals: movedLiterals(workspace, literals, routes.moved, before, after), redirects, captured };
    });
  };
  let own: TextEdit[] = [{ uri: target.uri, span: target.name, newText: newName }];
  let renamed = renamedWith(own);
  // A controller other routes still name keeps its module: the renamed routes keep reaching it, named in a controller: option.
  let keptController: ControllerChange | undefined;
  if (renamed && !("error" in renamed) && renamed.controllers.length === 1 && renamed.controllers[0].stillNamed) {
    const option = controllerOption(workspace, target, renamed.controllers[0].from);
    const withOption = option && renamedWith([own[0], option].sort((a, b) => a.span.start - b.span.start));
    if (withOption && !("error" in withOption) && withOption.controllers.length === 0) {
      [own, renamed, keptController] = [[own[0], option], withOption, renamed.controllers[0]];
    }
  }
  if (!renamed) return { error: "The rename would change which routes the file declares; rename it by hand." };
  if ("error" in renamed) return renamed;
  for (const [, name] of renamed.names) {
    const holder = workspace.namedRoute(name);
    if (holder && holder.uri !== target.uri) return { error: `The route name "${name}" is already held by a route of ${holder.uri}.` };
  }
  const edits: TextEdit[] = [...own];
  for (const document of workspace.documents()) {
    // A document that imports other route sets names other routes; a generated one (typed routes,
    // the controller map) is written again from the renamed file, not edited name by name.
    if (document.text.slice(0, GENERATED_MARK.length) === GENERATED_MARK || !workspace.usesRouteSet(document.uri, target.uri)) continue;
    for (const use of helperWords(document.text)) {
      const parsed = parseHelperName(use.word);
      const name = parsed && renamed.names.get(parsed.name);
      if (!parsed || !name) continue;
      edits.push({ uri: document.uri, span: use.span, newText: `${parsed.hash ? "hash_for_" : ""}${name}_${parsed.kind}` });
    }
  }
  const follows = keptController ? keptControllerNote(workspace, target.uri, keptController) : controllerFollows(workspace, target.uri, renamed.controllers);
  const result = { edits: [...edits, ...renamed.literals], ...follows };
  if (!keepUrls) return result;
  const kept = keptUrlsEdits(workspace, target.uri, renamed.redirects);
  if ("error" in kept) return kept;
  const note = [result.note, ...renamed.captured].filter(Boolean).join(" ");
  return {
    ...result,
    ...(note ? { note } : {}),
    edits: [...result.edits, ...kept.edits],
    ...(kept.createFile ? { createFile: kept.createFile, createOnly: true } : {}),
  };
}

/**
 * The redirects module beside the routing file (`redirects.ts`) with the redirects a rename calls
 * for: created where there is none, else each added at the end of its `redirects` list. A module
 * `diff --redirects --out` generated is not edited (it is written again whole): that is said.
 */
function keptUrlsEdits(
  workspace: RoutingWorkspace,
  routingUri: string,
  redirects: readonly Redirect[],
): { edits: TextEdit[]; createFile?: string } | { error: string } {
  const entries = redirectEntries(redirects);
  if (entries.length === 0) return { edits: [] };
  const module = routingUri.replace(/[^/]*$/, "redirects.ts");
  const document = workspace.document(module);
  if (!document) return { edits: [{ uri: module, span: { start: 0, end: 0 }, newText: keptUrlsModule(entries) }], createFile: module };
  const text = document.text.toString();
  if (text.startsWith(GENERATED_MARK))
    return { error: `${fileName(module)} is generated by resource-routes diff --redirects --out: rename here, then run it again` };
  const list = redirectsList(text)?.end;
  if (list === undefined) return { error: `${fileName(module)} holds no \`const redirects: RouteRedirect[] = [ … ]\` to add the old URLs to` };
  // Before the line of the list's closing bracket.
  const at = text.lastIndexOf("\n", list - 1) + 1;
  return { edits: [{ uri: module, span: { start: at, end: at }, newText: `${entries.join("\n")}\n` }] };
}

/**
 * The controller modules a rename takes along, so that the routes keep reaching one: each
 * controller the routes no longer name whose module exists is renamed with them (`products.ts` →
 * `items.ts`, `products/index.ts` → `items/index.ts`), unless other routes still name it or the new
 * name has a module already. What is and is not renamed is said in the note.
 */
function controllerFollows(workspace: RoutingWorkspace, uri: string, controllers: readonly ControllerChange[]): Pick<WorkspaceChange, "note" | "renameFiles"> {
  if (controllers.length === 0) return {};
  const file = workspace.routingFile(uri);
  const folder = file && controllerFolder(workspace, uri, file);
  const renameFiles: Array<{ from: string; to: string }> = [];
  const said: string[] = [];
  for (const { from, to, stillNamed } of controllers) {
    const module = folder?.modules.get(from);
    const at = module && module.uri.lastIndexOf(`/${from}`);
    if (!module || at === undefined || at < 0) said.push(`${from} → ${to} (no module of ${from} to rename)`);
    else if (stillNamed) said.push(`${from} → ${to} (${fileName(module.uri)} is kept: other routes still name ${from})`);
    else if (folder!.modules.has(to)) said.push(`${from} → ${to} (a module of ${to} exists already)`);
    else {
      const renamedUri = `${module.uri.slice(0, at + 1)}${to}${module.uri.slice(at + 1 + from.length)}`;
      renameFiles.push({ from: module.uri, to: renamedUri });
      said.push(`${from} → ${to} (${fileName(module.uri)} is renamed ${fileName(renamedUri)})`);
    }
  }
  return { note: `The routes' controller changes: ${said.join("; ")}.`, ...(renameFiles.length ? { renameFiles } : {}) };
}

/**
 * The edit that makes a renamed resource's routes keep their controller (`controller: "products"`
 * among its options, or an options object after its name): for a declaration of one name whose
 * options say no controller; undefined where it cannot be written.
 */
function controllerOption(workspace: RoutingWorkspace, target: RenameTarget, controller: string): TextEdit | undefined {
  const tree = workspace.routingFile(target.uri)?.analysis.tree;
  const declaration = tree && declarationAt(tree.body, target.name.start);
  const source = declaration?.part === "declaration" ? declaration.declaration.source : undefined;
  if (!source || source.names.length !== 1 || source.options.has("controller") || !/^[\w/]+$/.test(controller)) return undefined;
  const option = `controller: "${controller}"`;
  const first = [...source.options].find(([path]) => !path.includes("."));
  if (first) return { uri: target.uri, span: { start: first[1].key.start, end: first[1].key.start }, newText: `${option}, ` };
  // No option written: none may be written elsewhere (a spread, a variable) either.
  const text = workspace.document(target.uri)!.text;
  const after = source.names[0].end;
  if (!/^\s*[,)]/.test(text.slice(after, after + 200))) return undefined;
  return { uri: target.uri, span: { start: after, end: after }, newText: `, { ${option} }` };
}

/** What the note says when the renamed routes keep reaching a controller whose module other routes still name. */
function keptControllerNote(workspace: RoutingWorkspace, uri: string, { from, to }: ControllerChange): Pick<WorkspaceChange, "note"> {
  const file = workspace.routingFile(uri);
  const module = file && controllerFolder(workspace, uri, file)?.modules.get(from);
  const name = module ? fileName(module.uri) : `the ${from} controller`;
  return {
    note: `The renamed routes keep reaching ${name} through controller: "${from}": other routes still name ${from}, so it is not renamed ${to}.`,
  };
}

/** The text with edits made (in order, none overlapping). */
function applied(text: string, edits: readonly TextEdit[]): string {
  let result = "";
  let from = 0;
  for (const edit of edits) {
    result += text.slice(from, edit.span.start) + edit.newText;
    from = edit.span.end;
  }
  return result + text.slice(from);
}

/** A file's name as the user reads it, from its uri. */
function fileName(uri: string): string {
  return decodedOr(baseName(uri));
}

/** A controller the routes name no more, the one they name instead, and whether other routes of the file still name the old one. */
interface ControllerChange {
  from: string;
  to: string;
  stillNamed: boolean;
}

/**
 * Old route name → new one for every route whose name changes (with B's formatted_ aliases), and
 * the controllers that change; undefined when the routes do not correspond one to one. `after` is
 * made from `before` (see withRoutingEdit): where its table patched `before`'s, only the routes of
 * the declarations it expanded again can differ, the others being the same objects.
 */
function renamedRoutes(
  before: LoadedRoutingFile,
  after: LoadedRoutingFile,
): { names: Map<string, string>; controllers: ControllerChange[]; moved: Map<Route, Route> } | { error: string } | undefined {
  const edit = editOf(after.routes.table);
  const old = edit ? edit.removed.flatMap((segment) => segment.routes) : before.routes.routes;
  const now = edit ? edit.added.flatMap((segment) => segment.routes) : after.routes.routes;
  if (old.length !== now.length) return undefined;
  const names = new Map<string, string>();
  const controllers = new Map<string, string>();
  const unchanged = new Set<string>();
  const moved = new Map<Route, Route>();
  for (let i = 0; i < old.length; i++) {
    const [a, b] = [old[i], now[i]];
    if (a.path.split("/").length !== b.path.split("/").length) return undefined;
    if (a.path !== b.path) moved.set(a, b);
    if (a.controller !== b.controller && a.controller && b.controller) controllers.set(a.controller, b.controller);
    if (a.name === b.name) {
      if (a.name) unchanged.add(a.name);
      continue;
    }
    if (a.name && !b.name) return { error: `The route ${a.verb} ${b.path} would lose its name "${a.name}": the new name is already held by an earlier route.` };
    if (a.name && b.name) names.set(a.name, b.name);
  }
  const aliases = new Map<string, string>();
  for (const [from, to] of names) {
    if (unchanged.has(to)) return { error: `"${to}" is already the name of another route; renaming would take it from that route.` };
    if (after.behaviour === "B") aliases.set(`formatted_${from}`, `formatted_${to}`);
  }
  const named = new Set(after.routes.routes.map((route) => route.controller));
  return {
    names: new Map([...names, ...aliases]),
    controllers: [...controllers].map(([from, to]) => ({ from, to, stillNamed: named.has(from) })),
    moved,
  };
}

/**
 * The URLs written by hand whose route a rename moves, written for the new path with the same
 * values (`"/posts/" + id` → `` `/articles/${id}` ``): they go where they went. One the new route
 * does not generate back is left as it is. Where the route's controller changes too, what a test
 * expects beside the URL (`{ controller: "posts" }`, `"posts#show"`) changes with it, or the URL
 * is left as it is when that cannot be followed (see expectedTargetEdits).
 */
function movedLiterals(
  workspace: RoutingWorkspace,
  literals: readonly LiteralUse[],
  moved: ReadonlyMap<Route, Route>,
  before: LoadedRoutingFile,
  after: LoadedRoutingFile,
): TextEdit[] {
  const edits = new Map<string, TextEdit>();
  const parsed = new Map<string, ts.SourceFile | undefined>();
  for (const use of literals) {
    const to = moved.get(use.route);
    const newText = to && movedLiteral(use.literal, use.quote, before.routes, after.routes, to);
    if (!to || !newText) continue;
    const [from, now] = [use.route.controller, to.controller];
    if (from && now && from !== now) {
      if (!parsed.has(use.uri)) parsed.set(use.uri, parsedForLiterals(parseUri(use.uri)?.path ?? use.uri, workspace.document(use.uri)!.text.toString()));
      const file = parsed.get(use.uri);
      const expected = file ? expectedTargetEdits(file, use.span, from, now) : { blocked: true as const };
      if ("blocked" in expected) continue;
      for (const { span, newText: target } of expected.edits) edits.set(`${use.uri} ${span.start}`, { uri: use.uri, span, newText: target });
    }
    edits.set(`${use.uri} ${use.span.start}`, { uri: use.uri, span: use.span, newText });
  }
  return [...edits.values()];
}

function renameTarget(workspace: RoutingWorkspace, uri: string, offset: number): RenameTarget | undefined {
  const file = workspace.routingFile(uri);
  const hit = file?.analysis.tree && declarationAt(file.analysis.tree.body, offset);
  if (hit?.part === "declaration") {
    const index = hit.declaration.source!.names.indexOf(hit.span);
    if (index >= 0 && (hit.declaration.kind === "resources" || hit.declaration.kind === "resource"))
      return targetOf(workspace, uri, nameSpan(hit.declaration, index), undefined);
  }
  // An option value lies in the call of the innermost declaration around it.
  const around = file?.analysis.tree && innermostDeclaration(file.analysis.tree.body, offset);
  for (const [path, option] of around?.source?.options ?? []) {
    if (/^(as|has_many(\.\d+)?|has_one(\.\d+)?)$/.test(path) && offset >= option.value.start && offset <= option.value.end)
      return targetOf(workspace, uri, option.value, undefined);
  }
  // A helper use: the name its route's name comes from.
  const document = workspace.document(uri);
  const word = document && wordAt(document.text, offset);
  const parsed = word && parseHelperName(word.word);
  const holder = parsed ? workspace.namedRoute(parsed.name, workspace.routeSetOf(uri)) : undefined;
  const origin = holder?.route.origin;
  const source = origin?.declaration.source;
  if (!holder || !origin || !source || !word) return undefined;
  // `as:` names the path, not the helpers: a helper's name comes from the resource's name (or its has_many/has_one entry).
  const span = origin.association ? source.options.get(origin.association)?.value : nameSpan(origin.declaration, origin.nameIndex);
  return span && targetOf(workspace, holder.uri, span, { start: word.start, end: word.end });
}

function nameSpan(declaration: Declaration, index: number): Span | undefined {
  return declaration.source?.names[index];
}

/** A target whose name is a plain string literal (a name computed by code is not renamed). */
function targetOf(workspace: RoutingWorkspace, uri: string, literal: Span | undefined, at: Span | undefined): RenameTarget | undefined {
  const text = workspace.document(uri)?.text;
  const name = text && literal && stringContent(text, literal);
  if (!name || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(text.slice(name.start, name.end))) return undefined;
  return { uri, name, at: at ?? name };
}
