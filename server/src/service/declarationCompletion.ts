import ts = require("typescript");
import { Declaration, DEFAULT_ACTIONS, RESOURCE_OPTIONS, ROUTE_METHODS, Span } from "resource-routes/internal";

import { nodesAt } from "../analysis/analyze";
import { tokenStart } from "../analysis/fileSyntax";
import { innermostDeclaration } from "./declarationAt";
import { optionDocsOf } from "./optionDocs";
import { RoutingWorkspace } from "./workspace";

/** A word that completes part of a declaration: an option key, a method value or an action name. */
export interface DeclarationItem {
  kind: "option" | "method" | "action";
  label: string;
  documentation: string;
  /** What the item replaces: the word (or string content) at the cursor. */
  replace: Span;
}

const METHOD_VALUES = [...ROUTE_METHODS, "any"];
/** Option paths whose values are methods: `collection: { rss: "get" }`, `conditions: { method: "post" }`. */
const METHOD_OPTIONS = new Set(["collection", "member", "new", "conditions"]);
const ACTION_OPTIONS = new Set(["only", "except"]);

/**
 * Completion inside a `resources`/`resource` call's options: keys of the options object (those not
 * yet written), methods in collection/member/new, and actions in only/except.
 */
export function completeInDeclaration(workspace: RoutingWorkspace, uri: string, offset: number): DeclarationItem[] {
  const file = workspace.routingFile(uri);
  const declaration = file?.analysis.tree && innermostDeclaration(file.analysis.tree.body, offset);
  if (!file || !declaration || (declaration.kind !== "resources" && declaration.kind !== "resource")) return [];
  const text = file.analysis.text;
  const start = (node: ts.Node) => tokenStart(text, node.pos, node.end);
  const path = nodesAt(file.analysis, offset);
  const call = [...path].reverse().find((n): n is ts.CallExpression => ts.isCallExpression(n) && start(n) === declaration.source!.call.start);
  if (!call) return [];
  const inside = path.slice(path.indexOf(call) + 1);
  const options = inside[0];
  if (!options || !ts.isObjectLiteralExpression(options) || !call.arguments.includes(options)) return [];

  const string = inside.at(-1);
  if (string && ts.isStringLiteral(string)) {
    const keys = inside.filter(ts.isPropertyAssignment).map((p) => propertyName(p.name));
    const replace = { start: start(string) + 1, end: string.end - 1 };
    if (keys.length === 1 && ACTION_OPTIONS.has(keys[0] ?? "")) return actionItems(declaration, replace);
    // In C, member, collection and new are blocks, not options of methods.
    if (keys.length === 2 && file.behaviour !== "C" && METHOD_OPTIONS.has(keys[0] ?? "") && (keys[0] !== "conditions" || keys[1] === "method"))
      return methodItems(replace);
    return [];
  }
  // A key of the options object itself: the cursor is not inside any property's value.
  const property = inside[1];
  const inValue = property && ts.isPropertyAssignment(property) && offset > property.name.end;
  if (inside.length > 3 || inValue) return [];
  const word = property && (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) ? property.name : undefined;
  const replace = word ? { start: start(word), end: word.end } : { start: offset, end: offset };
  const written = new Set(Object.keys(declaration.options));
  const docs = optionDocsOf(file.behaviour);
  return (file.behaviour === "C" ? Object.keys(docs) : RESOURCE_OPTIONS)
    .filter((key) => !written.has(key) || (word && propertyName(word) === key))
    .map((key) => ({
      kind: "option" as const,
      label: key,
      documentation: docs[key],
      replace,
    }));
}

function actionItems(declaration: Declaration, replace: Span): DeclarationItem[] {
  const actions = DEFAULT_ACTIONS.filter((a) => declaration.kind === "resources" || a !== "index");
  return [...actions, "all", "none"].map((label) => ({
    kind: "action",
    label,
    documentation: label === "all" || label === "none" ? `Every or no default action (alone, not in a list)` : `The default \`${label}\` action`,
    replace,
  }));
}

function methodItems(replace: Span): DeclarationItem[] {
  return METHOD_VALUES.map((label) => ({
    kind: "method",
    label,
    documentation: label === "any" ? "Any HTTP method" : `Only ${label.toUpperCase()} requests`,
    replace,
  }));
}

function propertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}
