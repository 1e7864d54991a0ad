import { isRubyRoutingFile } from "../ruby/rubyReading";
import type { WorkspaceChange } from "./edits";
import { RoutingWorkspace } from "./workspace";
import { isRubyRoutes } from "./workspaceDocuments";

/* The import's writer and proof load with the first conversion: most sessions never ask for one. */
/* eslint-disable @typescript-eslint/no-require-imports */
const typescriptText = () => require("../import/typescriptText") as typeof import("../import/typescriptText");
const writtenStatements = () => require("../import/writtenStatements") as typeof import("../import/writtenStatements");
const routesRb = () => require("../ruby/routesRb") as typeof import("../ruby/routesRb");
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * A Rails 2 routes.rb in the service: read like any routing file (hovers, diagnostics, the routes'
 * views), written only by Ruby's own editing. The service's edits are TypeScript's, so what edits a
 * routing file (completion, signature help, rename, quick fixes) leaves it alone; what it offers
 * instead is to convert it.
 */

/** Whether the document at `uri` is a routes.rb, which the service reads but never edits. */
export function readOnlyRouting(workspace: RoutingWorkspace, uri: string): boolean {
  const document = workspace.document(uri);
  return document !== undefined && isRubyRoutes(document);
}

/** "Convert to config/routes.ts": the import's TypeScript routing file, created beside the routes.rb (never over a file). */
export function convertToTypescript(workspace: RoutingWorkspace, uri: string): (WorkspaceChange & { title: string }) | undefined {
  const file = workspace.routingFile(uri);
  // An import never writes what it could only partly read.
  if (!isRubyRoutingFile(file) || file.ruby.imported.syntaxErrors.length) return undefined;
  const target = uri.replace(/\.rb$/, ".ts");
  const { imported, behaviour, why, nestedRoutesFirst } = file.ruby;
  const from = uri.slice(uri.lastIndexOf("/") + 1);
  const text = typescriptText().importedFileText(imported, { from, behaviour, why, env: "production", nestedRoutesFirst });
  // As the CLI's import, never a text holding a statement the import did not mean.
  const { importedOutline, statementDifference } = writtenStatements();
  if (statementDifference(text, importedOutline(imported.body, routesRb().mapperMethodsOf(imported)), imported.mapperFunction, imported.unset))
    return undefined;
  return {
    title: `Convert to ${target.slice(target.lastIndexOf("/", target.lastIndexOf("/") - 1) + 1)}`,
    createFile: target,
    createOnly: true,
    edits: [{ uri: target, span: { start: 0, end: 0 }, newText: text }],
  };
}
