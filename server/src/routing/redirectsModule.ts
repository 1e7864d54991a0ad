import ts = require("typescript");
import type { Redirect } from "./redirects";

/**
 * A redirects module read as text (`diff --redirects --out` writes one, the rename action another):
 * its `const redirects = [ … ]` list, each entry an object of literal values, never run.
 */
export interface RedirectsList {
  /** Where the list's closing bracket is. */
  end: number;
  /** Each entry that is a redirect written out (verb, from, to, controller, action, status), with its place. */
  entries: Array<{ redirect: Redirect; start: number; end: number }>;
}

export function redirectsList(text: string): RedirectsList | undefined {
  const file = ts.createSourceFile("redirects.ts", text, ts.ScriptTarget.Latest, true);
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const list = declaration.initializer;
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== "redirects" || !list || !ts.isArrayLiteralExpression(list)) continue;
      const entries = list.elements.flatMap((element) => {
        const redirect = ts.isObjectLiteralExpression(element) ? redirectOf(element) : undefined;
        return redirect ? [{ redirect, start: element.getStart(file), end: element.getEnd() }] : [];
      });
      return { end: list.getEnd() - 1, entries };
    }
  }
  return undefined;
}

function redirectOf(object: ts.ObjectLiteralExpression): Redirect | undefined {
  const fields: Record<string, string | number | null> = {};
  for (const property of object.properties) {
    if (!ts.isPropertyAssignment(property) || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) return undefined;
    const value = property.initializer;
    if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) fields[property.name.text] = value.text;
    else if (ts.isNumericLiteral(value)) fields[property.name.text] = Number(value.text);
    else if (value.kind === ts.SyntaxKind.NullKeyword) fields[property.name.text] = null;
  }
  const { verb, from, to, controller, action, name = null, status } = fields;
  if (typeof verb !== "string" || typeof from !== "string" || typeof to !== "string" || typeof controller !== "string" || typeof action !== "string")
    return undefined;
  return { verb, from, to, controller, action, name: typeof name === "string" ? name : null, status: status === 308 ? 308 : 301 };
}
