import ts = require("typescript");
import type { Diagnostic } from "resource-routes/internal";

/**
 * The mark `resource-routes import` writes in the first comments of a file it could import only in
 * part: the analyser reads it, so that a partial import stays visible after it is written (in the
 * editor, `routes --json`, and `check --strict`, which fails on it).
 */
export const PARTIAL_IMPORT_MARK = "resource-routes: partial import";

/** A partial-import warning where the file's first comments carry the mark; none otherwise. */
export function partialImport(file: ts.SourceFile): Diagnostic | undefined {
  for (const range of ts.getLeadingCommentRanges(file.text, 0) ?? []) {
    const text = file.text.slice(range.pos, range.end);
    if (!text.startsWith(`// ${PARTIAL_IMPORT_MARK}`)) continue;
    return {
      severity: "warning",
      code: "partial-import",
      message: `Imported in part from a routes.rb: ${text.slice(`// ${PARTIAL_IMPORT_MARK}: `.length)} Their routes are not drawn here: write them, then remove this line.`,
      span: { start: range.pos, end: range.end },
    };
  }
  return undefined;
}
