import { Declaration, Span } from "../routing/declarations";
import { OPTION_DOCS } from "./optionDocs";

/** The innermost declaration whose call contains `offset`. */
export function innermostDeclaration(declarations: Declaration[], offset: number): Declaration | undefined {
  for (const declaration of declarations) {
    const call = declaration.source?.call;
    if (!call || offset < call.start || offset > call.end) continue;
    return (declaration.block && innermostDeclaration(declaration.block, offset)) ?? declaration;
  }
  return undefined;
}

export type DeclarationHit =
  | { part: "declaration"; declaration: Declaration; span: Span }
  | { part: "option"; declaration: Declaration; key: keyof typeof OPTION_DOCS; span: Span };

/** What is under `offset` in the innermost declaration there: its method, one of its names, or an option key. */
export function declarationAt(declarations: Declaration[], offset: number): DeclarationHit | undefined {
  const declaration = innermostDeclaration(declarations, offset);
  const source = declaration?.source;
  if (!declaration || !source) return undefined;
  for (const span of [source.method, ...source.names]) {
    if (contains(span, offset)) return { part: "declaration", declaration, span };
  }
  for (const [path, option] of source.options) {
    if (contains(option.key, offset) && Object.hasOwn(OPTION_DOCS, path)) {
      return { part: "option", declaration, key: path as keyof typeof OPTION_DOCS, span: option.key };
    }
  }
  return undefined;
}

function contains(span: Span, offset: number): boolean {
  return offset >= span.start && offset <= span.end;
}
