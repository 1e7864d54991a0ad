import * as lsp from "vscode-languageserver/node";

import { CompletionItem, helperDetails, MAX_HELPER_ITEMS, RoutingWorkspace } from "../service";
import { LineIndex } from "../text/lineIndex";
import { toRange } from "./convert";

const KINDS = {
  helper: lsp.CompletionItemKind.Function,
  option: lsp.CompletionItemKind.Property,
  method: lsp.CompletionItemKind.EnumMember,
  action: lsp.CompletionItemKind.EnumMember,
} as const;

/** The `data` of a helper's item: completionItem/resolve fills in its detail and documentation. */
const HELPER_DATA = "helper";

/**
 * The service's items as the protocol's list. A helper list holds up to MAX_HELPER_ITEMS items,
 * answered on each keystroke, so each item is kept small: its detail and documentation come from
 * completionItem/resolve (`resolveCompletionItem`), and where the client takes list-wide defaults
 * (LSP 3.17 `itemDefaults`), the range, format and data all items share are sent once.
 */
export function toCompletionList(items: readonly CompletionItem[], lines: LineIndex, client: lsp.ClientCapabilities): lsp.CompletionList {
  // A capped list is incomplete: the editor asks again as the word grows.
  const isIncomplete = items.filter((i) => i.kind === "helper").length >= MAX_HELPER_ITEMS;
  const takes = new Set(client.textDocument?.completion?.completionList?.itemDefaults ?? []);
  const formatOf = (item: CompletionItem) => (item.snippet ? lsp.InsertTextFormat.Snippet : lsp.InsertTextFormat.PlainText);
  const dataOf = (item: CompletionItem) => (item.kind === "helper" ? HELPER_DATA : undefined);
  const shared = <T>(of: (item: CompletionItem) => T, key: string) => {
    if (items.length === 0 || !takes.has(key)) return undefined;
    const first = of(items[0]);
    return items.every((item) => of(item) === first) ? { value: first } : undefined;
  };
  const range = shared((item) => `${item.replace.start}:${item.replace.end}`, "editRange");
  const format = shared(formatOf, "insertTextFormat");
  const data = shared(dataOf, "data");
  const itemDefaults: lsp.CompletionList["itemDefaults"] = {};
  if (range) itemDefaults.editRange = toRange(lines, items[0].replace);
  if (format) itemDefaults.insertTextFormat = format.value;
  if (data && data.value !== undefined) itemDefaults.data = data.value;
  return {
    isIncomplete,
    ...(Object.keys(itemDefaults).length > 0 ? { itemDefaults } : {}),
    items: items.map((item) => {
      const text = item.snippet ?? item.label;
      const converted: lsp.CompletionItem = { label: item.label, kind: KINDS[item.kind] };
      if (item.detail !== undefined) converted.detail = item.detail;
      if (item.documentation !== undefined) converted.documentation = { kind: lsp.MarkupKind.Markdown, value: item.documentation };
      if (item.rank !== undefined) converted.sortText = sortTextOf(item.rank);
      if (!format) converted.insertTextFormat = formatOf(item);
      if (!range) converted.textEdit = { range: toRange(lines, item.replace), newText: text };
      else if (text !== item.label) converted.textEditText = text;
      if (!data && dataOf(item) !== undefined) converted.data = dataOf(item);
      return converted;
    }),
  };
}

/**
 * A rank as sortText that sorts before any other provider's items (TypeScript's begin with "1"):
 * an editor that merges lists, as VS Code merges TypeScript's and ours, lists these first.
 */
function sortTextOf(rank: number): string {
  return `0${String(rank).padStart(5, "0")}`;
}

/** completionItem/resolve: a helper's item with its detail and documentation; any other item as it is. */
export function resolveCompletionItem(workspace: RoutingWorkspace, item: lsp.CompletionItem): lsp.CompletionItem {
  if (item.data !== HELPER_DATA) return item;
  const details = helperDetails(workspace, item.label);
  return details ? { ...item, detail: details.detail, documentation: { kind: lsp.MarkupKind.Markdown, value: details.documentation } } : item;
}
