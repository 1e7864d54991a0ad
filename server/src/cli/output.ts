import { Diagnostic, printable } from "resource-routes/internal";

import { PLAIN_STYLE, TableStyle } from "../format/routesTable";
import { LineIndex } from "../text/lineIndex";

/** The --json diagnostic of docs/cli.md: 0-based range, as in LSP. */
export interface DiagnosticJSON {
  severity: Diagnostic["severity"];
  code: string;
  message: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

export function diagnosticJSON(diagnostic: Diagnostic, lines: LineIndex): DiagnosticJSON {
  const span = diagnostic.span ?? { start: 0, end: 0 };
  return {
    severity: diagnostic.severity,
    code: diagnostic.code,
    message: diagnostic.message,
    range: { start: lines.positionAt(span.start), end: lines.positionAt(span.end) },
  };
}

/** `file:line:column: severity code: message`, 1-based. */
export function diagnosticLine(file: string, diagnostic: Diagnostic, lines: LineIndex): string {
  const { line, character } = lines.positionAt(diagnostic.span?.start ?? 0);
  return printable(`${file}:${line + 1}:${character + 1}: ${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}`);
}

const VERB_COLOURS: Record<string, number> = { GET: 32, POST: 33, PUT: 34, DELETE: 31 };

const COLOURED: TableStyle = {
  name: (t) => `\x1b[36m${t}\x1b[0m`,
  verb: (t, verb) => `\x1b[${VERB_COLOURS[verb] ?? 35}m${t}\x1b[0m`,
  path: (t) => `\x1b[1m${t}\x1b[0m`,
  dim: (t) => `\x1b[2m${t}\x1b[0m`,
};

/** Colour on a terminal, plain when piped or when NO_COLOR is set. */
export function styleFor(stream: NodeJS.WriteStream): TableStyle {
  return stream.isTTY && !process.env.NO_COLOR ? COLOURED : PLAIN_STYLE;
}
