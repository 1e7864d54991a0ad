import { Declaration, Span } from "resource-routes/internal";

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

/**
 * innermostDeclaration for many offsets of one tree: each level's calls sorted once, then a binary
 * search per offset and level (a file whose budget ran out has a not-static part in each of
 * thousands of declarations; a scan each was quadratic). A level whose calls are out of order or
 * overlap, or lack a source, is left to innermostDeclaration's scan.
 */
export function innermostDeclarations(declarations: Declaration[]): (offset: number) => Declaration | undefined {
  const levels = new Map<Declaration[], Declaration[] | null>();
  const sorted = (list: Declaration[]): Declaration[] | null => {
    let known = levels.get(list);
    if (known === undefined) levels.set(list, (known = inOrder(list)));
    return known;
  };
  const find = (list: Declaration[], offset: number): Declaration | undefined => {
    const order = sorted(list);
    if (!order) return innermostDeclaration(list, offset);
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (order[middle].source!.call.start <= offset) low = middle + 1;
      else high = middle;
    }
    if (low === 0) return undefined;
    // Declarations a loop made share one call: the first of them, as a scan finds it.
    let at = low - 1;
    while (at > 0 && order[at - 1].source!.call.start === order[at].source!.call.start) at--;
    const declaration = order[at];
    if (offset > declaration.source!.call.end) return undefined;
    return (declaration.block && find(declaration.block, offset)) ?? declaration;
  };
  return (offset) => find(declarations, offset);
}

/** The list when its calls follow one another without overlapping (or repeat one call), else null. */
function inOrder(list: Declaration[]): Declaration[] | null {
  for (let i = 0; i < list.length; i++) {
    const call = list[i].source?.call;
    if (!call) return null;
    const previous = i > 0 ? list[i - 1].source!.call : undefined;
    if (previous && !(previous.end <= call.start || (previous.start === call.start && previous.end === call.end))) return null;
  }
  return list;
}

export type DeclarationHit =
  { part: "declaration"; declaration: Declaration; span: Span } | { part: "option"; declaration: Declaration; key: keyof typeof OPTION_DOCS; span: Span };

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
