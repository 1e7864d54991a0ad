import { type Diagnostic, printable } from "resource-routes/internal";

import { ParsedArguments } from "../args";
import { discoverRoutingFile } from "../discover";
import { CliRoutingFile } from "../load";
import { diagnosticLine } from "../output";

/* What every command answers with, and what it says of a routing file it loaded. */

/** What a command writes and its exit code; main() does the writing. */
export interface CommandResult {
  stdout: string[];
  stderr: string[];
  exitCode: number;
}

export const hasErrors = (f: CliRoutingFile) => f.diagnostics.some((d) => d.severity === "error");

/** The routing files named, or the one discovered (package.json, else the only one under the current folder). */
export function requireFiles(args: ParsedArguments): string[] {
  return args.positional.length ? args.positional : [discoverRoutingFile(process.cwd())];
}

/** The routing file's error diagnostics, a line each, for stderr. */
export function errorLines(f: CliRoutingFile): string[] {
  return f.diagnostics.filter((d) => d.severity === "error").map((d) => diagnosticLine(f.file, d, f.lines));
}

/** The not-static diagnostics of a file: parts the analyser could not read, which the running app may route otherwise. */
export function notStatic(f: CliRoutingFile): Diagnostic[] {
  return f.diagnostics.filter((d) => d.code === "not-static");
}

/** One stderr line saying that what was printed or written may differ from the running app, and where; nothing when all was read. */
export function partialSummary(f: CliRoutingFile, unread: Diagnostic[]): string | undefined {
  if (!unread.length) return undefined;
  const where = unread.map((d) => diagnosticLine(f.file, d, f.lines).split(": ")[0]);
  return printable(
    `${f.file}: ${unread.length} part${unread.length === 1 ? "" : "s"} could not be read statically (not-static): ${where.slice(0, 10).join(", ")}${where.length > 10 ? ", …" : ""}; ` +
      // A routes.rb has no compiled module to run: what Rails draws of those parts only Rails knows.
      (f.file.endsWith(".rb")
        ? "the running app may route otherwise (only Rails, running the application, draws those parts)"
        : `the running app may route otherwise (\`resource-routes check ${f.file} --runtime COMPILED_FILE\` compares them)`),
  );
}
