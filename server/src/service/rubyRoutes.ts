import { importedFileText } from "../import/typescriptText";
import { importedOutline, statementDifference } from "../import/writtenStatements";
import { mapperMethodsOf } from "../ruby/routesRb";
import { isRubyRoutingFile } from "../ruby/rubyRoutingFile";
import type { WorkspaceChange } from "./edits";
import { RoutingWorkspace } from "./workspace";
import { isRubyRoutes } from "./workspaceDocuments";

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
  const text = importedFileText(imported, { from, behaviour, why, env: "production", nestedRoutesFirst });
  // As the CLI's import, never a text holding a statement the import did not mean.
  if (statementDifference(text, importedOutline(imported.body, mapperMethodsOf(imported)), imported.mapperFunction, imported.unset)) return undefined;
  return {
    title: `Convert to ${target.slice(target.lastIndexOf("/", target.lastIndexOf("/") - 1) + 1)}`,
    createFile: target,
    createOnly: true,
    edits: [{ uri: target, span: { start: 0, end: 0 }, newText: text }],
  };
}
